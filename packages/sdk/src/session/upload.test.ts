import { ACCESS_TOKEN_SECONDS, apiPath, DOCUMENT_PATHS, DOCUMENT_UPLOAD_PARTS } from '@qoltanba/core';
import { ALFA, testServerPerFile } from '@qoltanba/server/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { pdfFile } from '../test-support/files';
import { withTokensOn } from '../test-support/real-server';
import { $loading } from './loading';
import { fetchUploadTransport, type UploadTransport, xhrUploadTransport } from './upload';

/** A scripted XMLHttpRequest: the test drives its upload events and its answer. */
class ScriptedXhr {
  static last: ScriptedXhr | undefined;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  sent: unknown;

  constructor() {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function lastXhr(): ScriptedXhr {
  if (!ScriptedXhr.last) throw new Error('no XMLHttpRequest was made');
  return ScriptedXhr.last;
}

const test = testServerPerFile();

describe('xhrUploadTransport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    ScriptedXhr.last = undefined;
  });

  it('sends the body with the headers and reports upload progress and the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const onProgress = vi.fn();
    const body = new FormData();
    const pending = xhrUploadTransport({ method: 'POST', url: '/x', headers: { A: 'b' }, body, onProgress });
    const xhr = lastXhr();
    expect([xhr.opened, xhr.headers, xhr.sent]).toEqual([['POST', '/x'], { A: 'b' }, body]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 40 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 20, total: 0 });
    xhr.answer(413, '{"code":"FILE_TOO_LARGE"}');
    await expect(pending).resolves.toEqual({ status: 413, body: '{"code":"FILE_TOO_LARGE"}' });
    expect(onProgress.mock.calls).toEqual([[10, 40]]);
  });

  it('aborts the request when the signal aborts, and refuses an aborted signal at once', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const controller = new AbortController();
    const pending = xhrUploadTransport({
      method: 'POST',
      url: '/x',
      headers: {},
      body: new FormData(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    ScriptedXhr.last = undefined;
    await expect(
      xhrUploadTransport({
        method: 'POST',
        url: '/x',
        headers: {},
        body: new FormData(),
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(ScriptedXhr.last).toBeUndefined();
  });

  it('rejects when no answer arrives', async () => {
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const pending = xhrUploadTransport({ method: 'PUT', url: '/x', headers: {}, body: new FormData() });
    lastXhr().onerror?.();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });
});

describe('fetchUploadTransport', () => {
  it('reports the whole body once the answer arrived', async () => {
    const onProgress = vi.fn();
    const body = new FormData();
    body.append('document', '{"a":1}');
    body.append('files', new File([new Uint8Array(10)], 'a.pdf'));
    const transport = fetchUploadTransport(
      async () =>
        new Response(JSON.stringify({ ok: true }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(transport({ method: 'POST', url: '/x', headers: {}, body, onProgress })).resolves.toEqual({
      status: 201,
      body: '{"ok":true}',
    });
    expect(onProgress.mock.calls).toEqual([[17, 17]]);
  });
});

describe('client.upload', () => {
  const loggedIn = (transport: UploadTransport) =>
    withTokensOn(test.server, 'aigerim', { uploadTransport: transport });

  it('sends the bearer and language, and parses the JSON answer', async () => {
    const transport = vi.fn<UploadTransport>(async () => ({ status: 200, body: '{"id":1}' }));
    const { client, server, tokens } = await loggedIn(transport);
    await expect(client.upload({ method: 'POST', path: '/up', body: new FormData() })).resolves.toEqual({
      id: 1,
    });
    expect(transport.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      url: `${server.baseUrl}/up`,
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Accept-Language': 'kk' },
    });
  });

  it('refreshes an expired token first', async () => {
    const transport = vi.fn<UploadTransport>(async () => ({ status: 204, body: '' }));
    const { client, server, storage, tokens } = await loggedIn(transport);
    server.clock.advance(ACCESS_TOKEN_SECONDS + 60);
    await expect(
      client.upload({ method: 'PUT', path: '/up', body: new FormData() }),
    ).resolves.toBeUndefined();
    const renewed = storage.getItem('token');
    expect(renewed).not.toBe(tokens.access_token);
    expect(transport.mock.calls[0]?.[0].headers.Authorization).toBe(`Bearer ${renewed}`);
  });

  it('turns error answers into ApiError and a 401 into the end of the session', async () => {
    const { client, onLoggedOut } = await loggedIn(async () => ({
      status: 401,
      body: '{"code":"UNAUTHORIZED","message":"no"}',
    }));
    // Faked after the login: the server in this process runs on the real timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await expect(
        client.upload({ method: 'POST', path: '/up', body: new FormData() }),
      ).rejects.toMatchObject({
        status: 401,
        code: 'UNAUTHORIZED',
      });
      await vi.advanceTimersByTimeAsync(300);
      expect(onLoggedOut).toHaveBeenCalledWith('unauthorized');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failed transport as NETWORK_ERROR, keeps aborts, and counts in $loading', async () => {
    let fail: (error: unknown) => void = () => {};
    const { client } = await loggedIn(
      () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
    );
    const pending = client.upload({ method: 'POST', path: '/up', body: new FormData() });
    await vi.waitFor(() => expect($loading.get()).toBe(true));
    fail(new TypeError('offline'));
    const error = await pending.catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect($loading.get()).toBe(false);

    const aborted = client.upload({ method: 'POST', path: '/up', body: new FormData() });
    fail(new DOMException('stop', 'AbortError'));
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses the fetch transport with a given fetch', async () => {
    const { client, server } = await withTokensOn(test.server);
    const body = new FormData();
    body.append(
      DOCUMENT_UPLOAD_PARTS.document,
      JSON.stringify({ name: 'Акт приёмки', signingMethod: 'PARALLEL', signers: [] }),
    );
    body.append(DOCUMENT_UPLOAD_PARTS.files, pdfFile());
    const path = apiPath(DOCUMENT_PATHS.documents, { bin: ALFA.bin });
    await expect(client.upload({ method: 'POST', path, body })).resolves.toMatchObject({
      name: 'Акт приёмки',
      status: 'DRAFT',
    });
    expect(server.callsTo(['POST', DOCUMENT_PATHS.documents])).toHaveLength(1);
  });
});
