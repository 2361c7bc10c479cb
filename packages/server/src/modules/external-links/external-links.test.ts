import {
  apiPath,
  DOCUMENT_PATHS,
  type Document,
  EXTERNAL_LINK_HEADER,
  EXTERNAL_LINK_PATHS,
  EXTERNAL_LINK_VIEW_DETAILS,
  type ExternalDocumentView,
  type ExternalLink,
  type ExternalLinkCreated,
  type HistoryEvent,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../crypto/tokens.js';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { EXTERNAL_LINK_RATE_LIMIT } from './external-links-module.js';

const { sender, signer, outsider } = COMPANIES;
const PUBLIC_URL = 'https://q.example.kz';
const pki = createSigningPki(['ecdsa']);

describe.each(testDatabases())('external document links on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki, env: { QOLTANBA_PUBLIC_URL: PUBLIC_URL } });

  const linksUrl = (bin: string, id: number) => apiPath(EXTERNAL_LINK_PATHS.links, { bin, id: String(id) });
  const linkUrl = (bin: string, id: number, linkId: number) =>
    apiPath(EXTERNAL_LINK_PATHS.link, { bin, id: String(id), linkId: String(linkId) });

  async function share(
    document: Pick<Document, 'id'>,
    as: 'sender' | 'signer' = 'sender',
    body: unknown = {},
  ) {
    const res = await suite.request(suite.tokens[as], 'POST', linksUrl(COMPANIES[as].bin, document.id), body);
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as ExternalLinkCreated;
    const token = new URL(link.url).hash.slice(1);
    return { link, token };
  }

  /** Reads the external card as an anonymous holder (optionally from another address). */
  const open = (id: number, token: string | undefined, ip = '10.9.0.1') =>
    call(suite.server, 'GET', apiPath(EXTERNAL_LINK_PATHS.document, { id: String(id) }), {
      ip,
      headers: token === undefined ? {} : { [EXTERNAL_LINK_HEADER]: token },
    });

  async function senderHistory(document: Document): Promise<HistoryEvent[]> {
    const res = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.history, { bin: sender.bin, id: String(document.id) }),
    );
    return res.json() as HistoryEvent[];
  }

  it('a participant shares a sent document: the URL carries the token in its fragment, only its hash is kept', async () => {
    const document = await suite.document();
    const { link, token } = await share(document, 'sender', { expiresInDays: 7, label: 'Для банка' });
    expect(link.url).toBe(`${PUBLIC_URL}/document/${document.id}/by-hash#${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.label).toBe('Для банка');
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(7 * 86_400_000);
    expect(link.createdBy.firstname).not.toBe('');
    const rows = await suite.server.services.database.db.selectFrom('external_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const listed = await suite.request(suite.tokens.sender, 'GET', linksUrl(sender.bin, document.id));
    expect(listed.statusCode).toBe(200);
    const links = listed.json() as ExternalLink[];
    expect(links.map((entry) => entry.id)).toEqual([link.id]);
    expect(listed.body).not.toContain(token);
    expect(links[0]).not.toHaveProperty('url');
  });

  it('a draft cannot be shared, and the link life and label are validated', async () => {
    const draft = await suite.document({}, { send: false });
    const res = await suite.request(suite.tokens.sender, 'POST', linksUrl(sender.bin, draft.id), {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DOCUMENT_NOT_SENT' });
    const sent = await suite.document();
    for (const body of [
      { expiresInDays: 0 },
      { expiresInDays: 366 },
      { expiresInDays: 1.5 },
      { label: 'a\u0007' },
    ]) {
      const refused = await suite.request(suite.tokens.sender, 'POST', linksUrl(sender.bin, sent.id), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await suite.request(suite.tokens.sender, 'POST', linksUrl(sender.bin, sent.id));
    expect(empty.statusCode).toBe(201);
    const link = empty.json() as ExternalLink;
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(30 * 86_400_000);
  });

  it('each company lists and revokes only its own links; outsiders get 404 as for a missing document', async () => {
    const document = await suite.document();
    const mine = await share(document, 'sender');
    const theirs = await share(document, 'signer');
    const senderList = (
      await suite.request(suite.tokens.sender, 'GET', linksUrl(sender.bin, document.id))
    ).json();
    expect((senderList as ExternalLink[]).map((l) => l.id)).toEqual([mine.link.id]);
    const foreignRevoke = await suite.request(
      suite.tokens.sender,
      'DELETE',
      linkUrl(sender.bin, document.id, theirs.link.id),
    );
    expect(foreignRevoke.statusCode).toBe(404);
    expect((await open(document.id, theirs.token)).statusCode).toBe(200);
    const outsiderCreate = await suite.request(
      suite.tokens.outsider,
      'POST',
      linksUrl(outsider.bin, document.id),
      {},
    );
    expect(outsiderCreate.statusCode).toBe(404);
    const crossing = await suite.request(suite.tokens.outsider, 'GET', linksUrl(sender.bin, document.id));
    expect(crossing.statusCode).toBe(403);
    const anonymous = await call(suite.server, 'GET', linksUrl(sender.bin, document.id));
    expect(anonymous.statusCode).toBe(401);
  });

  it('the holder reads the card without e-mails, IPs or user ids, with the verification result once signed', async () => {
    const document = await suite.document();
    const { token } = await share(document);
    const before = await open(document.id, token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers['referrer-policy']).toBe('no-referrer');
    const unsigned = before.json() as ExternalDocumentView;
    expect(unsigned.document).toMatchObject({ id: document.id, name: document.name, status: 'AT_SIGNING' });
    expect(unsigned.document.signers.map((s) => s.state)).toEqual(['WAITING']);
    expect(unsigned.verifications).toEqual([]);
    expect(before.body).not.toContain('@example.kz');

    const signed = await suite.sign(document, signer.bin);
    expect(signed.statusCode, signed.body).toBe(200);
    const after = (await open(document.id, token)).json() as ExternalDocumentView;
    expect(after.document.status).toBe('SIGNED');
    expect(after.verifications).toHaveLength(1);
    const [verification] = after.verifications;
    expect(verification?.fileId).toBe(document.files[0]?.id);
    expect(verification?.result.verdict).toBe('TOTAL_PASSED');
    expect(verification?.result.signatures[0]?.signer.bin).toBe(signer.bin);
    expect(after.history.map((event) => event.type)).toEqual(
      expect.arrayContaining(['CREATE', 'SEND', 'SIGN']),
    );
    expect(after.history.every((event) => event.ip === null && (event.actor?.userId ?? null) === null)).toBe(
      true,
    );
    // The stored-file verification answers the same for the same file (one function behind both).
    const file = document.files[0];
    const direct = await call(
      suite.server,
      'GET',
      `/proxy/documents-interceptor.bpmn/api/v1/verification/documents/${document.id}/files/${file?.id}?sha256=${file?.sha256}`,
    );
    expect(direct.json().verdict).toBe(verification?.result.verdict);
  });

  it('an unknown, wrong-document, revoked or expired token, or none, answers 404 alike', async () => {
    const document = await suite.document();
    const other = await suite.document();
    const { link, token } = await share(document);
    const { token: expiring } = await share(document, 'sender', { expiresInDays: 1 });
    const notFound = (await open(document.id, 'A'.repeat(43))).body;
    expect(JSON.parse(notFound)).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    for (const res of [
      await open(document.id, undefined),
      await open(document.id, 'not a token!'),
      await open(other.id, token),
      await open(2_000_000_000, token),
      await open(Number.MAX_SAFE_INTEGER, token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(notFound);
    }
    const revoked = await suite.request(
      suite.tokens.sender,
      'DELETE',
      linkUrl(sender.bin, document.id, link.id),
    );
    expect(revoked.statusCode).toBe(204);
    const again = await suite.request(
      suite.tokens.sender,
      'DELETE',
      linkUrl(sender.bin, document.id, link.id),
    );
    expect(again.statusCode).toBe(204);
    expect((await open(document.id, token)).body).toBe(notFound);
    const listed = (
      await suite.request(suite.tokens.sender, 'GET', linksUrl(sender.bin, document.id))
    ).json();
    expect((listed as ExternalLink[]).find((l) => l.id === link.id)?.revokedAt).not.toBeNull();

    expect((await open(document.id, expiring)).statusCode).toBe(200);
    suite.clock.advance(24 * 3600 + 1);
    expect((await open(document.id, expiring)).body).toBe(notFound);
  });

  it('opening records one VIEW event an hour for the company that made the link', async () => {
    const document = await suite.document();
    const { token } = await share(document);
    const linkViews = async () =>
      (await senderHistory(document)).filter(
        (event) => event.type === 'VIEW' && event.details === EXTERNAL_LINK_VIEW_DETAILS,
      );
    await open(document.id, token, '10.9.0.7');
    await open(document.id, token, '10.9.0.8');
    const first = await linkViews();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ actor: null, ip: '10.9.0.7', company: { bin: sender.bin } });
    suite.clock.advance(3601);
    // The access tokens expired meanwhile.
    suite.tokens.sender = await suite.login('sender@example.kz');
    await open(document.id, token, '10.9.0.9');
    expect(await linkViews()).toHaveLength(2);
    const chain = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.historyVerify, { bin: sender.bin, id: String(document.id) }),
    );
    expect(chain.json()).toMatchObject({ valid: true });
  });

  it('the holder downloads and previews the files with the token header, and nothing else', async () => {
    const document = await suite.document();
    const other = await suite.document();
    const { token } = await share(document);
    const file = document.files[0];
    const fileUrl = (id: number, fileId: number, suffix = '') =>
      `${apiPath(EXTERNAL_LINK_PATHS.file, { id: String(id), fileId: String(fileId) })}${suffix}`;
    const headers = { [EXTERNAL_LINK_HEADER]: token };
    const download = await call(suite.server, 'GET', fileUrl(document.id, file?.id ?? 0), { headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(await suite.fileBytes(document, file?.id ?? 0))).toBe(true);
    const preview = await call(suite.server, 'GET', fileUrl(document.id, file?.id ?? 0, '/preview'), {
      headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreignFile = await call(suite.server, 'GET', fileUrl(document.id, other.files[0]?.id ?? 0), {
      headers,
    });
    expect(foreignFile.statusCode).toBe(404);
    const noToken = await call(suite.server, 'GET', fileUrl(document.id, file?.id ?? 0));
    expect(noToken.statusCode).toBe(404);
  });

  it('the OpenAPI document names the token header of the public routes', async () => {
    const doc = (await call(suite.server, 'GET', '/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string }>; security?: unknown }>
      >;
    };
    const read = doc.paths['/proxy/documents-interceptor.bpmn/api/v1/external-documents/{id}']?.get;
    expect(read?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: EXTERNAL_LINK_HEADER })]),
    );
    expect(read?.security).toBeUndefined();
  });

  it('the public routes are rate-limited per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= EXTERNAL_LINK_RATE_LIMIT.max; i += 1) {
      codes.push((await open(1, 'A'.repeat(43), '10.9.9.9')).statusCode);
    }
    expect(codes.slice(0, EXTERNAL_LINK_RATE_LIMIT.max).every((code) => code === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await open(1, 'A'.repeat(43), '10.9.9.10')).statusCode).toBe(404);
  });
});
