import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EgovDocumentsToSign } from '@qoltanba/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { createTestPki } from '../pki/test-pki';
import { signWithEgovMobile } from './egov-mobile';

const pki = createTestPki({ seed: 'egov.test' });
const signer = pki.issue({
  algorithm: 'ecdsa',
  kind: 'individual',
  usage: 'sign',
  iin: '880101300123',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
});
const files = [new TextEncoder().encode('%PDF-1.7 first'), new TextEncoder().encode('%PDF-1.7 second')];
const TOKEN = 'secret-token';

/** A minimal API #1 / #2 server that checks each returned CMS like ours must (messageDigest of the stored file). */
class SigningServer {
  server: Server = createServer();
  url = '';
  signMethod: EgovDocumentsToSign['signMethod'] = 'CMS_SIGN_ONLY';
  put: EgovDocumentsToSign | undefined;
  seenAuthorization: (string | undefined)[] = [];

  async start(): Promise<void> {
    this.server.on('request', (request, response) => {
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      };
      if (request.url === '/api1' && request.method === 'GET') {
        send(200, {
          description: 'Договор № 1',
          expiry_date: new Date(Date.now() + 600_000).toISOString(),
          organisation: { nameRu: 'ТОО Тест', nameKz: 'Тест ЖШС', nameEn: 'Test LLP', bin: '120340001234' },
          document: { uri: `${this.url}/api2`, auth_type: 'Token', auth_token: TOKEN },
        });
        return;
      }
      if (request.url !== '/api2') return send(404);
      this.seenAuthorization.push(request.headers.authorization);
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(401);
      if (request.method === 'GET')
        return send(200, {
          signMethod: this.signMethod,
          version: 1,
          documentsToSign: files.map((file, index) => ({
            id: index + 1,
            nameRu: `Документ ${index + 1}`,
            nameKz: `Құжат ${index + 1}`,
            nameEn: `Document ${index + 1}`,
            meta: [{ name: 'size', value: String(file.length) }],
            document: { file: { mime: 'application/pdf', data: Buffer.from(file).toString('base64') } },
          })),
        });
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.put = JSON.parse(Buffer.concat(chunks).toString()) as EgovDocumentsToSign;
        const allMatch = this.put.documentsToSign.every((document, index) => {
          const digest = messageDigestOf(document.document.file.data);
          return (
            digest ===
            createHash('sha256')
              .update(files[index] ?? new Uint8Array())
              .digest('hex')
          );
        });
        send(allMatch ? 200 : 403);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

function signedDataOf(base64: string): pkijs.SignedData {
  return new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(Buffer.from(base64, 'base64')).content });
}

function messageDigestOf(base64: string): string {
  const attribute = signedDataOf(base64).signerInfos[0]?.signedAttrs?.attributes.find(
    (a) => a.type === OID.messageDigest,
  );
  const value = attribute?.values[0];
  return value instanceof asn1js.OctetString
    ? Buffer.from(value.valueBlock.valueHexView).toString('hex')
    : '';
}

describe('signWithEgovMobile', () => {
  const server = new SigningServer();
  beforeAll(() => server.start());
  afterAll(() => new Promise<void>((resolve) => server.server.close(() => resolve())));

  it('walks API #1 and #2 from a mobileSign: QR and PUTs detached CMS for CMS_SIGN_ONLY', async () => {
    const outcome = await signWithEgovMobile({ qr: `mobileSign:${server.url}/api1`, signer });
    expect(outcome.status).toBe(200);
    expect(outcome.description.organisation.bin).toBe('120340001234');
    expect(server.seenAuthorization).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    const put = server.put;
    expect(put?.documentsToSign.map((d) => [d.id, d.nameRu, d.meta, d.document.file.mime])).toEqual(
      outcome.received.documentsToSign.map((d) => [d.id, d.nameRu, d.meta, d.document.file.mime]),
    );
    for (const [index, document] of (put?.documentsToSign ?? []).entries()) {
      const signedData = signedDataOf(document.document.file.data);
      expect(signedData.encapContentInfo.eContent).toBeUndefined();
      const data = files[index] ?? new Uint8Array();
      expect(await signedData.verify({ signer: 0, data: data.slice().buffer })).toBe(true);
    }
  });

  it('PUTs attached CMS for CMS_WITH_DATA', async () => {
    server.signMethod = 'CMS_WITH_DATA';
    const outcome = await signWithEgovMobile({ qr: `${server.url}/api1`, signer });
    expect(outcome.status).toBe(200);
    const [first] = server.put?.documentsToSign ?? [];
    const eContent = signedDataOf(first?.document.file.data ?? '').encapContentInfo.eContent;
    expect(Buffer.from(eContent?.getValue() ?? new ArrayBuffer(0)).toString()).toBe('%PDF-1.7 first');
    server.signMethod = 'CMS_SIGN_ONLY';
  });

  it('signs another document on request, which the server refuses with 403', async () => {
    const outcome = await signWithEgovMobile({
      qr: `mobileSign:${server.url}/api1`,
      signer,
      action: 'wrong-document',
    });
    expect(outcome.status).toBe(403);
  });

  it('refuses an expired QR code', async () => {
    await expect(
      signWithEgovMobile({
        qr: `mobileSign:${server.url}/api1`,
        signer,
        now: new Date(Date.now() + 3_600_000),
      }),
    ).rejects.toThrow(/expired/);
  });
});
