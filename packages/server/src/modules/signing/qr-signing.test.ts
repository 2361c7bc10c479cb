import {
  apiPath,
  type Document,
  type EgovDocumentsToSign,
  type EgovQrDescription,
  type QrSigningEvent,
  type QrSigningSession,
  SIGNING_PATHS,
  type SignatureReport,
} from '@qoltanba/core';
import { signWithEgovMobile, type TestSigner } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from './signature-store.js';

const { sender, signer, second } = COMPANIES;
const PUBLIC_URL = 'https://qoltanba.example.kz';
const pki = createSigningPki(['gost2015']);

/** The events of a text/event-stream body: each `id:` with its parsed `data:`. */
function parseEvents(body: string): Array<{ id: number; event: QrSigningEvent }> {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { id, event: JSON.parse(data) as QrSigningEvent };
    });
}

describe.each(testDatabases())('eGov mobile QR signing on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki, env: { QOLTANBA_PUBLIC_URL: PUBLIC_URL } });
  /** The testkit's eGov mobile app scanning the QR and signing with `by` (at the suite's time). */
  const egovMobile = (session: QrSigningSession, by: TestSigner, action?: 'wrong-document') =>
    signWithEgovMobile({
      qr: session.qrPayload,
      signer: by,
      action,
      fetch: suite.egovFetch,
      now: suite.clock.now(),
    });

  async function start(document: Document, bin = signer.bin): Promise<QrSigningSession> {
    const key = bin === signer.bin ? 'signer' : 'second';
    const res = await suite.request(
      suite.tokens[key],
      'POST',
      apiPath(SIGNING_PATHS.qrSigning, { bin, id: String(document.id) }),
    );
    if (res.statusCode !== 201) throw new Error(`qr: ${res.statusCode} ${res.body}`);
    return res.json() as QrSigningSession;
  }
  const api1 = (session: QrSigningSession) =>
    call(suite.server, 'GET', `${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}?lang=en`);
  async function authToken(session: QrSigningSession): Promise<string> {
    return ((await api1(session)).json() as EgovQrDescription).document.auth_token;
  }
  const api2 = async (method: 'GET' | 'PUT', session: QrSigningSession, body?: unknown, token?: string) =>
    call(
      suite.server,
      method,
      `${apiPath(SIGNING_PATHS.egovApi2, { sessionId: session.sessionId })}?lang=en`,
      {
        body,
        headers: { authorization: `Bearer ${token ?? (await authToken(session))}` },
      },
    );
  const events = (session: QrSigningSession, lastEventId?: number) =>
    call(suite.server, 'GET', session.eventsUrl, {
      headers: lastEventId ? { 'last-event-id': String(lastEventId) } : {},
    });
  /** API #2's GET answer with each file replaced by its CMS, as eGov mobile PUTs it back. */
  async function signed(
    session: QrSigningSession,
    by: TestSigner = pki.head(signer.bin),
    method: 'CMS_SIGN_ONLY' | 'CMS_WITH_DATA' = 'CMS_SIGN_ONLY',
    tamper = false,
  ): Promise<EgovDocumentsToSign> {
    const fetched = (await api2('GET', session)).json() as EgovDocumentsToSign;
    return {
      signMethod: method,
      documentsToSign: fetched.documentsToSign.map((item) => {
        const bytes = Buffer.from(item.document.file.data, 'base64');
        const content = tamper ? Buffer.concat([bytes, Buffer.from('x')]) : bytes;
        const cms = suite.cms(content, by, method === 'CMS_WITH_DATA');
        return { ...item, document: { file: { ...item.document.file, data: cms } } };
      }),
    };
  }

  it('shows the QR payload and deep link of API #1, which names the document, sender and API #2', async () => {
    const document = await suite.document();
    const session = await start(document);
    const api1Url = `${PUBLIC_URL}${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}`;
    expect(session.qrPayload).toBe(`mobileSign:${api1Url}`);
    expect(session.deepLink).toBe(
      `https://mgovsign.page.link/?link=${encodeURIComponent(api1Url)}&isi=1476128386&ibi=kz.egov.mobile&apn=kz.mobile.mgov`,
    );
    expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await api1(session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      description: expect.stringContaining(document.name),
      expiry_date: session.expiresAt,
      organisation: { bin: sender.bin, nameRu: sender.nameRu },
      document: {
        uri: `${PUBLIC_URL}${apiPath(SIGNING_PATHS.egovApi2, { sessionId: session.sessionId })}`,
        auth_type: 'Token',
        auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    });
  });

  it('eGov mobile signs with GOST 2015 through API #1 and #2 (files only with the token): 200, the document signed', async () => {
    const document = await suite.document();
    const session = await start(document);
    const anonymous = await api2('GET', session, undefined, 'wrong-token');
    expect(anonymous.statusCode).toBe(401);
    const outcome = await egovMobile(session, pki.head(signer.bin, 'gost2015'));
    expect(outcome.status).toBe(200);
    expect(outcome.description.organisation.bin).toBe(sender.bin);
    const file = document.files[0];
    expect(
      outcome.received.documentsToSign.map((f) => [f.id, Buffer.from(f.document.file.data, 'base64')]),
    ).toEqual([[file?.id, await suite.fileBytes(document, file?.id ?? 0)]]);
    expect((await suite.view(document, sender.bin)).status).toBe('SIGNED');
    const stored = await signaturesOf(suite.server.services.database.db, document.id);
    expect(
      stored.map((s) => [s.identity_number, s.method, (s.report as SignatureReport).signatureType]),
    ).toEqual([[signer.bin, 'EGOV_QR', 'GOST2015']]);
    const stream = await events(session);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const received = parseEvents(stream.body);
    expect(received.map((e) => e.event.state)).toEqual(['SIGNED']);
    // Caught up: nothing to send, and the stream ends at once after the final state.
    expect(parseEvents((await events(session, received[0]?.id)).body)).toEqual([]);
    // A new EventSource cannot set Last-Event-ID: the sdk's follower passes it as a query parameter instead.
    const resumed = await call(suite.server, 'GET', `${session.eventsUrl}?lastEventId=${received[0]?.id}`);
    expect([resumed.statusCode, parseEvents(resumed.body)]).toEqual([200, []]);
    expect((await api1(session)).json().code).toBe('QR_SESSION_NOT_FOUND');
  });

  it('the app signing other bytes is refused with 403, and the session fails with SIGNED_FILE_MISMATCH', async () => {
    const document = await suite.document();
    const session = await start(document);
    const outcome = await egovMobile(session, pki.head(signer.bin), 'wrong-document');
    expect(outcome.status).toBe(403);
    const received = parseEvents((await events(session)).body);
    expect(received.map((e) => [e.event.state, e.event.errorCode])).toEqual([
      ['FAILED', 'SIGNED_FILE_MISMATCH'],
    ]);
    expect((await suite.view(document, sender.bin)).status).toBe('AT_SIGNING');
  });

  it('a revoked certificate on the phone is refused with CERTIFICATE_REVOKED', async () => {
    const document = await suite.document();
    const session = await start(document);
    expect((await egovMobile(session, pki.revoked)).status).toBe(403);
    const received = parseEvents((await events(session)).body);
    expect(received.map((e) => e.event.errorCode)).toEqual(['CERTIFICATE_REVOKED']);
  });

  it('takes CMS_WITH_DATA when the carried file is the stored one', async () => {
    const document = await suite.document(twoSigners());
    const tampered = await start(document);
    const bad = await api2('PUT', tampered, await signed(tampered, undefined, 'CMS_WITH_DATA', true));
    expect([bad.statusCode, bad.json().code]).toEqual([403, 'SIGNED_FILE_MISMATCH']);
    const session = await start(document);
    const good = await api2('PUT', session, await signed(session, undefined, 'CMS_WITH_DATA'));
    expect(good.statusCode).toBe(200);
  });

  it('a signature that does not match answers 403, and the session fails with its code', async () => {
    const document = await suite.document(twoSigners());
    const session = await start(document);
    const token = await authToken(session);
    const body = await signed(session, pki.head(second.bin));
    const put = await api2('PUT', session, body, token);
    expect([put.statusCode, put.json().code]).toEqual([403, 'SIGNATURE_MISMATCH']);
    const received = parseEvents((await events(session)).body);
    expect(received.map((e) => [e.event.state, e.event.errorCode])).toEqual([
      ['FAILED', 'SIGNATURE_MISMATCH'],
    ]);
    // A failed session is over: the app cannot try again on it.
    const again = await api2('PUT', session, body, token);
    expect([again.statusCode, again.json().code]).toEqual([404, 'QR_SESSION_NOT_FOUND']);
  });

  it('expires after the timeout with "The QR signing timeout was exceeded"', async () => {
    const document = await suite.document();
    const session = await start(document);
    suite.clock.advance(600);
    const res = await api1(session);
    expect([res.statusCode, res.json()]).toEqual([
      410,
      { code: 'QR_SIGNING_TIMEOUT', message: 'The QR signing timeout was exceeded' },
    ]);
    const received = parseEvents((await events(session)).body);
    expect(received.map((e) => [e.event.state, e.event.errorCode])).toEqual([
      ['EXPIRED', 'QR_SIGNING_TIMEOUT'],
    ]);
  });

  it('the events stream follows the session live until it is signed', async () => {
    const document = await suite.document();
    const session = await start(document);
    const body = await signed(session);
    const following = events(session);
    // The stream is open and has sent FETCHED; the app now puts its signatures.
    expect((await api2('PUT', session, body)).statusCode).toBe(200);
    const received = parseEvents((await following).body);
    expect(received.map((e) => e.event.state)).toEqual(['FETCHED', 'SIGNED']);
    expect(received[1]?.id).toBeGreaterThan(received[0]?.id ?? 0);
  });

  it('refuses to start when the party may not sign; unknown sessions are not found', async () => {
    const document = await suite.document();
    await suite.sign(document, signer.bin);
    const res = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.qrSigning, { bin: signer.bin, id: String(document.id) }),
    );
    expect(res.json().code).toBe('DOCUMENT_ALREADY_SIGNED');
    const unknown = await call(
      suite.server,
      'GET',
      apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'y'.repeat(43) }),
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'QR_SESSION_NOT_FOUND']);
  });

  it('a signer without an account signs by QR through the personal link', async () => {
    const document = await suite.document();
    const [mail] = await suite.mails('signer@example.kz');
    const token = mail?.body.match(/\/sign\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    const res = await call(suite.server, 'POST', apiPath(SIGNING_PATHS.signingLinkQrSigning, { token }));
    expect(res.statusCode).toBe(201);
    const session = res.json() as QrSigningSession;
    expect((await egovMobile(session, pki.head(signer.bin))).status).toBe(200);
    expect((await suite.view(document, sender.bin)).status).toBe('SIGNED');
  });

  it('describes the events route as text/event-stream and the eGov routes without a bearer scheme', async () => {
    const doc = (await call(suite.server, 'GET', '/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>
      >;
    };
    const path = (template: string) => template.replace(/:([A-Za-z]+)/g, '{$1}');
    const events = doc.paths[path(SIGNING_PATHS.qrSigningEvents)]?.get;
    expect(Object.keys(events?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    for (const method of ['get', 'put']) {
      expect(doc.paths[path(SIGNING_PATHS.egovApi2)]?.[method]?.security).toBeUndefined();
    }
  });
});
