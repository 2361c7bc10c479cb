import { EMBED_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/apiError';
import { createEmbedClient, exchangeEmbedToken } from './embedClient';
import { createEmbedDocument } from './embedDocument';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  };
  return { calls, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const session = {
  session: 'es_abc',
  expiresAt: '2026-11-25T10:30:00.000Z',
  purpose: 'verify',
  documentId: null,
  signer: null,
  allowedOrigins: ['https://partner.kz'],
  lang: null,
};

describe('exchangeEmbedToken', () => {
  it('posts the token without cookies and returns the session', async () => {
    const { calls, fetch } = fakeFetch(() => json(session));
    await expect(exchangeEmbedToken('https://q.kz/', 'qe_1', { fetch, lang: 'kk' })).resolves.toEqual(
      session,
    );
    expect(calls[0]?.url).toBe(`https://q.kz${EMBED_PATHS.sessions}`);
    expect(calls[0]?.init?.credentials).toBe('omit');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: 'qe_1' });
    expect(new Headers(calls[0]?.init?.headers).get('Accept-Language')).toBe('kk');
  });

  it('rejects with the server code (a reused token)', async () => {
    const { fetch } = fakeFetch(() => json({ code: 'EMBED_TOKEN_USED', message: 'used' }, 409));
    const error = await exchangeEmbedToken('https://q.kz', 'qe_1', { fetch }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_TOKEN_USED');
  });

  it('turns a body that breaks the contract into INTERNAL_ERROR', async () => {
    const { fetch } = fakeFetch(() => json({ session: 1 }));
    const error = await exchangeEmbedToken('https://q.kz', 'qe_1', { fetch }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('INTERNAL_ERROR');
  });
});

describe('createEmbedClient', () => {
  it('sends the session bearer on every call', async () => {
    const view = {
      purpose: 'verify',
      allowedOrigins: ['https://partner.kz'],
      lang: null,
      document: null,
      company: null,
      requiredSigner: null,
    };
    const { calls, fetch } = fakeFetch(({ url }) =>
      url.endsWith('/preview') ? new Response('%PDF') : json(view),
    );
    const client = createEmbedClient({ baseUrl: 'https://q.kz', session: 'es_abc', fetch });
    await expect(client.getSession()).resolves.toEqual(view);
    await client.reject({ reason: 'Not mine' });
    const preview = await client.downloadPreview(7);
    expect(await preview.text()).toBe('%PDF');
    expect(client.previewUrl(7)).toBe(`https://q.kz${EMBED_PATHS.filePreview.replace(':fileId', '7')}`);
    for (const call of calls)
      expect(new Headers(call.init?.headers).get('Authorization')).toBe('Bearer es_abc');
    expect(calls[1]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({ reason: 'Not mine' });
  });

  it('reports an expired session with its code', async () => {
    const { fetch } = fakeFetch(() => json({ code: 'EMBED_SESSION_EXPIRED', message: 'expired' }, 401));
    const client = createEmbedClient({ baseUrl: 'https://q.kz', session: 'es_abc', fetch });
    const error = await client.downloadFile(1).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_SESSION_EXPIRED');
  });
});

describe('createEmbedDocument', () => {
  const created = { documentId: 7, number: 3, name: 'Договор', status: 'AT_SIGNING' };
  const draft = {
    name: 'Договор',
    signingMethod: 'PARALLEL' as const,
    signers: [{ identityNumber: '123456789011', email: 'a@b.kz', nameRu: 'Тестов' }],
  };

  it('posts the draft part first, then the files, with the session bearer and no cookies', async () => {
    const { calls, fetch } = fakeFetch(() => json(created, 201));
    const options = { baseUrl: 'https://q.kz', session: 'qs_1', fetch, lang: 'ru' as const };
    const shares: number[][] = [];
    const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    await expect(
      createEmbedDocument(options, draft, [file], { onProgress: (files) => shares.push(files) }),
    ).resolves.toEqual(created);
    const call = calls[0];
    expect(call?.url).toBe(`https://q.kz${EMBED_PATHS.document}`);
    const headers = new Headers(call?.init?.headers);
    expect([headers.get('Authorization'), headers.get('Accept-Language')]).toEqual(['Bearer qs_1', 'ru']);
    expect(call?.init?.credentials).toBe('omit');
    const body = call?.init?.body as FormData;
    expect([...body.keys()]).toEqual(['document', 'files']);
    expect(JSON.parse(String(body.get('document')))).toEqual(draft);
    expect((body.get('files') as File).name).toBe('a.pdf');
    // fetch reports no upload progress: the whole body at the end.
    expect(shares).toEqual([[1]]);
  });

  it("rejects with the server's code", async () => {
    const { fetch } = fakeFetch(() => json({ code: 'EMBED_DOCUMENT_CREATED', message: 'made' }, 409));
    const error = await createEmbedDocument(
      { baseUrl: 'https://q.kz', session: 'qs_1', fetch },
      draft,
      [],
    ).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_DOCUMENT_CREATED');
  });
});
