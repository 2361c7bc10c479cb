import {
  type DocumentDraft,
  EVIDENCE_PATHS,
  EXTERNAL_LINK_HEADER,
  EXTERNAL_LINK_PATHS,
} from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import { createDocument, sendDocument } from '../documents/documentsApi';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import {
  downloadPrintableCopy,
  downloadSignatureSheet,
  downloadSignedPackage,
} from '../verification/verificationApi';
import {
  createExternalLink,
  downloadExternalFile,
  externalLinkToken,
  getExternalDocument,
  listExternalLinks,
  previewExternalFile,
  revokeExternalLink,
} from './externalLinksApi';
import { createExternalLinksStore } from './externalLinksStore';

const draft: DocumentDraft = {
  name: 'Договор поставки',
  signingMethod: 'PARALLEL',
  signers: [{ identityNumber: BETA.bin, email: 'beta@example.kz', nameRu: 'АО Бета' }],
};

const test = testServerPerFile();

async function sent() {
  const created = await createDocument(draft, [pdfFile('a.pdf')], { bin: ALFA.bin });
  return sendDocument(created.id, { bin: ALFA.bin });
}

async function codeOf(pending: Promise<unknown>): Promise<string> {
  const error = await pending.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
}

describe('external document links', () => {
  it('creates a link whose token is only in the fragment, and reads the card with the token in a header', async () => {
    const { server } = await loggedInOn(test.server);
    const document = await sent();
    const link = await createExternalLink(document.id, { expiresInDays: 7, label: 'Банк' });
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/document/${document.id}/by-hash`);
    const token = externalLinkToken(url.hash);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await listExternalLinks(document.id)).map((entry) => [entry.id, entry.label])).toEqual([
      [link.id, 'Банк'],
    ]);

    const view = await getExternalDocument(document.id, token ?? '');
    expect(view.document.name).toBe('Договор поставки');
    expect(view.verifications).toEqual([]);
    const [call] = server.callsTo(['GET', EXTERNAL_LINK_PATHS.document]);
    expect(call?.headers.get(EXTERNAL_LINK_HEADER)).toBe(token);
    expect(call?.headers.get('authorization')).toBeNull();
    expect(call?.path).not.toContain(token);

    const file = document.files[0];
    const downloaded = await downloadExternalFile(document.id, token ?? '', file?.id ?? 0);
    expect(downloaded.fileName).toBe('a.pdf');
    expect(downloaded.blob.size).toBe(file?.size);
    const preview = await previewExternalFile(document.id, token ?? '', file?.id ?? 0);
    expect(new TextDecoder().decode(preview.subarray(0, 5))).toBe('%PDF-');

    await revokeExternalLink(document.id, link.id);
    expect(await codeOf(getExternalDocument(document.id, token ?? ''))).toBe('ENTITY_NOT_FOUND');
    expect((await listExternalLinks(document.id))[0]?.revokedAt).not.toBeNull();
  });

  it('reads the token of a fragment, and nothing else', () => {
    expect(externalLinkToken('#abc_DEF-123')).toBe('abc_DEF-123');
    expect(externalLinkToken('abc')).toBe('abc');
    expect(externalLinkToken('')).toBeUndefined();
    expect(externalLinkToken('#a b')).toBeUndefined();
    expect(externalLinkToken('#<script>')).toBeUndefined();
  });

  it('refuses to share a draft', async () => {
    await loggedInOn(test.server);
    const created = await createDocument(draft, [pdfFile('a.pdf')], { bin: ALFA.bin });
    expect(await codeOf(createExternalLink(created.id))).toBe('DOCUMENT_NOT_SENT');
  });

  it('the store lists, creates (keeping the URL once) and revokes', async () => {
    await loggedInOn(test.server);
    const document = await sent();
    const store = createExternalLinksStore(document.id);
    const stop = store.listen(() => undefined);
    await store.reload();
    expect(store.get()).toMatchObject({ status: 'loaded', links: [] });
    const created = await store.create({ expiresInDays: 1 });
    expect(store.get().created?.url).toBe(created.url);
    expect(store.get().links?.map((link) => link.id)).toEqual([created.id]);
    const revoking = store.revoke(created.id);
    expect(store.get().pending).toEqual([`revoke:${created.id}`]);
    await revoking;
    expect(store.get().links?.[0]?.revokedAt).not.toBeNull();
    expect(store.get().created).toBeUndefined();
    expect(store.get().pending).toEqual([]);
    stop();
  });
});

describe('evidence downloads with the bearer', () => {
  it('answer DOCUMENT_NOT_SIGNED until somebody signed, then a ZIP and PDFs', async () => {
    const { server } = await loggedInOn(test.server);
    const document = await sent();
    expect(await codeOf(downloadSignedPackage(document.id))).toBe('DOCUMENT_NOT_SIGNED');
    await server.documents.sign(document, { user: 'bolat', company: BETA });

    const zip = await downloadSignedPackage(document.id);
    const magic = new Uint8Array(await zip.blob.arrayBuffer()).subarray(0, 4);
    expect([...magic]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(zip.fileName).toBe('Договор поставки.zip');
    const sheet = await downloadSignatureSheet(document.id);
    expect(await sheet.blob.text()).toMatch(/^%PDF-/);
    const printable = await downloadPrintableCopy(document.id, document.files[0]?.id ?? 0);
    expect(printable.fileName).toBe('a.printable.pdf');
    const [call] = server.callsTo(['GET', EVIDENCE_PATHS.signedPackage]);
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await codeOf(downloadPrintableCopy(document.id, 999_999))).toBe('ENTITY_NOT_FOUND');
  });
});
