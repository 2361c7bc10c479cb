import {
  apiPath,
  EMBED_PATHS,
  type EmbedSession,
  type EmbedSessionView,
  type EmbedTokenIssued,
  PARTNER_PATHS,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import {
  OTHER_SITE,
  PARTNER_ORIGIN,
  PARTNER_PUBLIC_URL,
  usePartnerSuite,
} from './test-support/partner-suite.js';

const { sender, signer, outsider } = COMPANIES;

// Embedding: embed tokens exchanged for sessions from allowed origins only, their purposes, CORS and framing.
describe.each(testDatabases())('partner embedding on $name', (backend) => {
  const { suite, pki, createKey, partner, embedToken, exchange, session } = usePartnerSuite(backend);

  it('an embed token is exchanged once, from its origins only, for a session that signs as its signer', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const issued = await embedToken(key.secret, {
      purpose: 'sign',
      documentId: document.id,
      signer: signer.bin,
    });
    expect(issued.statusCode).toBe(201);
    const { token, url, allowedOrigins } = issued.json() as EmbedTokenIssued;
    expect(token).toMatch(/^qe_/);
    expect(url).toBe(`${PARTNER_PUBLIC_URL}/embed/${token}`);
    expect(allowedOrigins).toEqual([PARTNER_ORIGIN]);

    // A wrong origin is refused before the token is spent; no origin at all too. The refusal (a code, nothing of the
    // grant) is readable there, so an element on that page names the cause instead of a network error.
    const wrong = await exchange(token, OTHER_SITE);
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);
    expect(wrong.headers['access-control-allow-origin']).toBe(OTHER_SITE);
    expect((await exchange(token, null)).json().code).toBe('EMBED_ORIGIN_NOT_ALLOWED');

    const first = await exchange(token);
    expect(first.statusCode).toBe(201);
    expect(first.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);
    const embed = first.json() as EmbedSession;
    expect(embed).toMatchObject({ purpose: 'sign', documentId: document.id, signer: signer.bin });
    const reused = await exchange(token);
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'EMBED_TOKEN_USED']);
    expect(reused.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);

    const view = await session(embed.session, 'GET', EMBED_PATHS.session);
    expect(view.statusCode).toBe(200);
    expect((view.json() as EmbedSessionView).document?.signer.identityNumber).toBe(signer.bin);
    const fromElsewhere = await session(embed.session, 'GET', EMBED_PATHS.session, undefined, OTHER_SITE);
    expect([fromElsewhere.statusCode, fromElsewhere.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);

    const body = await suite.signBody(document, pki.head(signer.bin));
    const signed = await session(embed.session, 'POST', EMBED_PATHS.sign, body);
    expect(signed.statusCode).toBe(200);
    expect((signed.json() as EmbedSessionView).document?.signer.state).toBe('SIGNED');
    const status = await partner(
      key.secret,
      'GET',
      apiPath(PARTNER_PATHS.document, { id: String(document.id) }),
    );
    expect(status.json()).toMatchObject({ status: 'SIGNED', signers: [{ status: 'SIGNED' }] });
    const pack = await partner(
      key.secret,
      'GET',
      apiPath(PARTNER_PATHS.signedPackage, { id: String(document.id) }),
    );
    expect([pack.statusCode, pack.headers['content-type']]).toEqual([200, 'application/zip']);
  });

  it('outside production 127.0.0.1, localhost and [::1] are one origin; a refusal names the expected origin', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, {
      allowedOrigins: ['http://localhost:5173'],
    });
    const document = await suite.document();
    const tokenFor = async () =>
      (
        (
          await embedToken(key.secret, { purpose: 'sign', documentId: document.id, signer: signer.bin })
        ).json() as EmbedTokenIssued
      ).token;
    for (const origin of ['http://127.0.0.1:5173', 'http://[::1]:5173']) {
      const exchanged = await exchange(await tokenFor(), origin);
      expect(exchanged.statusCode, exchanged.body).toBe(201);
      expect(exchanged.headers['access-control-allow-origin']).toBe(origin);
    }
    // Another port is another origin, and the refusal says which one was expected.
    const refused = await exchange(await tokenFor(), 'http://127.0.0.1:5174');
    expect(refused.json()).toMatchObject({
      code: 'EMBED_ORIGIN_NOT_ALLOWED',
      params: { origin: 'http://127.0.0.1:5174', expected: 'http://localhost:5173' },
      message:
        'This site (http://127.0.0.1:5174) is not allowed to embed Qoltanba. Expected: http://localhost:5173',
    });
    // The embed page may be framed by either spelling.
    const page = await call(suite.server, 'GET', `/embed/${await tokenFor()}`);
    expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:5173');
    expect(page.headers['content-security-policy']).toContain('http://localhost:5173');
  });

  it('refuses an expired token, an unknown one, the wrong purpose, a signer not in the document and foreign origins', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const notSigner = await embedToken(key.secret, {
      purpose: 'sign',
      documentId: document.id,
      signer: outsider.bin,
    });
    expect([notSigner.statusCode, notSigner.json().code]).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
    const foreignOrigin = await embedToken(key.secret, { purpose: 'verify', origins: [OTHER_SITE] });
    expect([foreignOrigin.statusCode, foreignOrigin.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);

    const short = (
      await embedToken(key.secret, { purpose: 'verify', ttlSeconds: 60 })
    ).json() as EmbedTokenIssued;
    suite.clock.advance(61);
    const expired = await exchange(short.token);
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'EMBED_TOKEN_EXPIRED']);
    const unknown = await exchange(`qe_${'A'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'EMBED_TOKEN_INVALID']);

    const verify = (await embedToken(key.secret, { purpose: 'verify' })).json() as EmbedTokenIssued;
    const verifySession = (await exchange(verify.token)).json() as EmbedSession;
    const body = await suite.signBody(document, pki.head(signer.bin));
    const mismatch = await session(verifySession.session, 'POST', EMBED_PATHS.sign, body);
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([403, 'EMBED_PURPOSE_MISMATCH']);
    const file = apiPath(EMBED_PATHS.file, { fileId: String(document.files[0]?.id ?? 0) });
    expect((await session(verifySession.session, 'GET', file)).json().code).toBe('EMBED_PURPOSE_MISMATCH');
    expect((await session(verifySession.session, 'GET', EMBED_PATHS.session)).json()).toMatchObject({
      purpose: 'verify',
      document: null,
    });
    suite.clock.advance(30 * 60);
    const late = await session(verifySession.session, 'GET', EMBED_PATHS.session);
    expect([late.statusCode, late.json().code]).toEqual([401, 'EMBED_SESSION_EXPIRED']);
  });

  it("a 'status' session shows the document read-only and its files, and cannot sign", async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const issued = (await embedToken(key.secret, { purpose: 'status', documentId: document.id })).json();
    const status = (await exchange((issued as EmbedTokenIssued).token)).json() as EmbedSession;
    const view = (await session(status.session, 'GET', EMBED_PATHS.session)).json() as EmbedSessionView;
    expect(view.document?.document).toMatchObject({
      id: document.id,
      status: 'AT_SIGNING',
      allowedActions: [],
    });
    expect(view.document?.signer.identityNumber).toBe(signer.bin);
    const fileId = String(document.files[0]?.id ?? 0);
    const file = await session(status.session, 'GET', apiPath(EMBED_PATHS.file, { fileId }));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(await suite.fileBytes(document, Number(fileId)));
    const body = await suite.signBody(document, pki.head(signer.bin));
    expect((await session(status.session, 'POST', EMBED_PATHS.sign, body)).json().code).toBe(
      'EMBED_PURPOSE_MISMATCH',
    );
  });

  it('answers CORS preflights of the embed API only, and echoes only allowed origins', async () => {
    const preflight = await call(suite.server, 'OPTIONS', EMBED_PATHS.sessions, {
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(OTHER_SITE);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // The QR events stream an embedded signer follows is readable from any page (its id is the capability).
    const events = await call(
      suite.server,
      'GET',
      apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'x'.repeat(43) }),
      {
        headers: { origin: OTHER_SITE },
      },
    );
    expect(events.headers['access-control-allow-origin']).toBe('*');
    const partnerPreflight = await call(suite.server, 'OPTIONS', PARTNER_PATHS.embedTokens, {
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'POST' },
    });
    expect(partnerPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  // Outside production the loopback spellings of an allowed origin are one origin (localhost, 127.0.0.1, [::1]).
  const LOOPBACK_ANCESTORS = `${PARTNER_ORIGIN} http://localhost:5173 http://127.0.0.1:5173 http://[::1]:5173`;

  it("frames /embed/:token exactly for the token's origins (also when spent) and nothing else anywhere", async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, {
      allowedOrigins: [PARTNER_ORIGIN, 'http://localhost:5173'],
    });
    const { token } = (await embedToken(key.secret, { purpose: 'verify' })).json() as EmbedTokenIssued;
    const page = async (path: string) => {
      const res = await call(suite.server, 'GET', path, { headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      return { res, frameAncestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1] };
    };
    const embed = await page(`/embed/${token}`);
    expect(embed.res.statusCode).toBe(200);
    expect(embed.frameAncestors).toBe(LOOPBACK_ANCESTORS);
    expect(embed.res.headers['x-frame-options']).toBeUndefined();
    expect(embed.res.headers['referrer-policy']).toBe('no-referrer');
    await exchange(token);
    expect((await page(`/embed/${token}`)).frameAncestors).toBe(LOOPBACK_ANCESTORS);
    const unknown = await page(`/embed/qe_${'B'.repeat(43)}`);
    expect(unknown.frameAncestors).toBe("'none'");
    for (const path of ['/', '/cabinet', EMBED_PATHS.session, '/sign/abc']) {
      const other = await page(path);
      expect([path, other.frameAncestors, other.res.headers['x-frame-options']]).toEqual([
        path,
        "'none'",
        'DENY',
      ]);
    }
  });
});
