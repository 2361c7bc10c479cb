import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

type Operation = {
  operationId?: string;
  security?: unknown;
  requestBody?: {
    content: Record<string, { schema: Record<string, unknown>; encoding?: Record<string, unknown> }>;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

describe.each(testDatabases())('documents in the OpenAPI document on $name', (backend) => {
  let server: TestApp;
  let operations: Map<string, Operation & { route: string }>;
  beforeAll(async () => {
    server = await createTestApp({ backend });
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = new Map(
      Object.entries(doc.paths)
        // The document routes (folders and counterparties share the service prefix, not this path).
        .filter(([path]) => path.includes('/companies/{bin}/documents'))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, op]) => [
            op.operationId ?? '',
            { ...op, route: `${method.toUpperCase()} ${path}` },
          ]),
        ),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('names every documents operation, all behind the bearer scheme', () => {
    expect([...operations.keys()].sort()).toEqual(
      [
        'createDocument',
        'listDocuments',
        'getDocument',
        'updateDocument',
        'sendDocument',
        'copyDocument',
        'trashDocument',
        'restoreDocument',
        'addDocumentFiles',
        'deleteDocumentFile',
        'downloadDocumentFile',
        'previewDocumentFile',
        'getDocumentHistory',
        'verifyDocumentHistory',
        'moveDocumentToFolder',
        // The signing module's routes of one document.
        'signDocument',
        'rejectDocument',
        'revokeDocument',
        'startQrSigning',
        'resendSigningLink',
        'resendApprovalLink',
        'remindSigners',
        'getReminders',
        'getDocumentSchedule',
        'setDocumentSchedule',
        // The evidence module's downloads.
        'downloadSignedPackage',
        'downloadSignatureSheet',
        'downloadPrintableCopy',
        // The external links module's links of one document.
        'createExternalLink',
        'listExternalLinks',
        'revokeExternalLink',
      ].sort(),
    );
    for (const op of operations.values()) expect(op.security, op.route).toEqual([{ bearerAuth: [] }]);
  });

  it('documents the multipart parts, the draft schema and the binary answers', () => {
    const create = operations.get('createDocument')?.requestBody?.content['multipart/form-data'];
    expect(Object.keys(create?.schema.properties as object)).toEqual(['document', 'files']);
    expect(create?.schema.required).toEqual(['document', 'files']);
    expect(create?.encoding).toMatchObject({
      document: { contentType: 'application/json' },
      files: { contentType: expect.stringContaining('application/pdf') },
    });
    const parts = (create?.schema.properties ?? {}) as Record<string, { properties: object }>;
    const draft = parts.document;
    expect(Object.keys(draft?.properties ?? {})).toEqual(['name', 'signingMethod', 'signers']);
    const add = operations.get('addDocumentFiles')?.requestBody?.content['multipart/form-data'];
    expect(Object.keys(add?.schema.properties as object)).toEqual(['files']);
    expect(Object.keys(operations.get('previewDocumentFile')?.responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(operations.get('downloadDocumentFile')?.responses['200']?.content ?? {})).toContain(
      'application/msword',
    );
    expect(Object.keys(operations.get('createDocument')?.responses ?? {})).toContain('201');
    expect(Object.keys(operations.get('downloadSignedPackage')?.responses['200']?.content ?? {})).toEqual([
      'application/zip',
    ]);
  });
});
