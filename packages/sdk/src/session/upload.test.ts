import { PROFILE_PATHS } from '@qoltanba/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { json } from '../testing/fakeServer';
import { setupClient, T0 } from '../testing/setupSession';
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
    const transport = fetchUploadTransport(async () => json(201, { ok: true }));
    await expect(transport({ method: 'POST', url: '/x', headers: {}, body, onProgress })).resolves.toEqual({
      status: 201,
      body: '{"ok":true}',
    });
    expect(onProgress.mock.calls).toEqual([[17, 17]]);
  });
});

describe('client.upload', () => {
  function loggedIn(transport: UploadTransport) {
    const setup = setupClient({ uploadTransport: transport });
    setup.client.storeTokens(setup.server.issue());
    return setup;
  }

  it('sends the bearer and language, and parses the JSON answer', async () => {
    const transport = vi.fn<UploadTransport>(async () => ({ status: 200, body: '{"id":1}' }));
    const { client } = loggedIn(transport);
    await expect(client.upload({ method: 'POST', path: '/up', body: new FormData() })).resolves.toEqual({
      id: 1,
    });
    expect(transport.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      url: 'http://qoltanba.test/up',
      headers: { Authorization: 'Bearer access-1', 'Accept-Language': 'kk' },
    });
  });

  it('refreshes an expired token first', async () => {
    const transport = vi.fn<UploadTransport>(async () => ({ status: 204, body: '' }));
    const { client, clock } = loggedIn(transport);
    clock.now = T0 + 16 * 60_000;
    await expect(
      client.upload({ method: 'PUT', path: '/up', body: new FormData() }),
    ).resolves.toBeUndefined();
    expect(transport.mock.calls[0]?.[0].headers.Authorization).toBe('Bearer access-2');
  });

  it('turns error answers into ApiError and a 401 into the end of the session', async () => {
    vi.useFakeTimers();
    try {
      const { client, onLoggedOut } = loggedIn(async () => ({
        status: 401,
        body: '{"code":"UNAUTHORIZED","message":"no"}',
      }));
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
    const { client } = loggedIn(
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
    const { client, server } = setupClient();
    client.storeTokens(server.issue());
    await expect(
      client.upload({ method: 'PUT', path: PROFILE_PATHS.avatar, body: new FormData() }),
    ).resolves.toBeUndefined();
    expect(server.callsTo('PUT', PROFILE_PATHS.avatar)).toHaveLength(1);
  });
});
