// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_PROTOCOL_VERSION, type EmbedEvent, type EmbedHostMethods } from './protocol';

// penpal's handshake needs two real windows (the e2e test has them); here a stand-in captures what the host
// offers the frame and lets each test decide how the connection ends.
const penpal = vi.hoisted(() => ({
  connectOptions: [] as { methods: unknown; channel?: string; timeout?: number }[],
  messengerOptions: [] as { allowedOrigins: unknown }[],
  outcome: { resolve: (_proxy: unknown) => {}, reject: (_error: unknown) => {} },
  destroyed: 0,
}));

vi.mock('penpal', () => ({
  WindowMessenger: class {
    constructor(options: { allowedOrigins: unknown }) {
      penpal.messengerOptions.push(options);
    }
  },
  connect(options: { methods: unknown; channel?: string; timeout?: number }) {
    penpal.connectOptions.push(options);
    return {
      promise: new Promise((resolve, reject) => {
        penpal.outcome = { resolve, reject };
      }),
      destroy: () => {
        penpal.destroyed += 1;
      },
    };
  },
}));

const { embed, embedFrameUrl, setDefaultBaseUrl } = await import('./host');

function hostMethods(): EmbedHostMethods {
  const last = penpal.connectOptions.at(-1);
  if (!last) throw new Error('connect was not called');
  return last.methods as EmbedHostMethods;
}

// happy-dom loads no iframe pages (so has no `contentWindow`); each iframe gets a stand-in window of its own.
const frameWindows = new WeakMap<HTMLIFrameElement, Window>();
let container: HTMLElement;
beforeEach(() => {
  // happy-dom says so on the console for each iframe ("Iframe page loading is disabled").
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    if (!this.isConnected) return null;
    const existing = frameWindows.get(this);
    if (existing) return existing;
    const stand = { postMessage: () => undefined } as unknown as Window;
    frameWindows.set(this, stand);
    return stand;
  });
  penpal.connectOptions.length = 0;
  penpal.messengerOptions.length = 0;
  penpal.destroyed = 0;
  container = document.createElement('div');
  container.id = 'here';
  document.body.append(container);
});
afterEach(() => {
  container.remove();
  setDefaultBaseUrl(undefined);
});

describe('@qoltanba/sdk/embed', () => {
  it('exports exactly the embed function and the protocol version (types aside), on both builds', async () => {
    expect(Object.keys(await import('./entry')).sort()).toEqual(['EMBED_PROTOCOL_VERSION', 'embed']);
    expect(Object.keys(await import('./script')).sort()).toEqual(['EMBED_PROTOCOL_VERSION', 'embed']);
  });
});

describe('embedFrameUrl', () => {
  it('puts the token in the path and the starting language and theme in the fragment', () => {
    const base = new URL('https://qoltanba.example.kz/');
    expect(embedFrameUrl(base, 'qe_abc', 'ru', 'dark')).toBe(
      'https://qoltanba.example.kz/embed/qe_abc#lang=ru&theme=dark',
    );
    expect(embedFrameUrl(base, 'qe_abc')).toBe('https://qoltanba.example.kz/embed/qe_abc');
    // A custom theme goes through setTheme after the handshake, not the address.
    expect(embedFrameUrl(new URL('https://q.example/app/'), 'a/b', undefined, { '--x': '1' })).toBe(
      'https://q.example/app/embed/a%2Fb',
    );
  });
});

describe('embed', () => {
  it('refuses a missing container or server address at once', () => {
    expect(() => embed({ container: '#nowhere', token: 't', baseUrl: 'https://q.example' })).toThrow(
      TypeError,
    );
    expect(() => embed({ container, token: 't' })).toThrow(/baseUrl/);
  });

  it("opens the embed page in an iframe and talks to the server's origin only", () => {
    const handle = embed({ container: '#here', token: 'qe_1', baseUrl: 'https://q.example/', lang: 'kk' });
    expect(container.querySelector('iframe')).toBe(handle.iframe);
    expect(handle.iframe.src).toBe('https://q.example/embed/qe_1#lang=kk');
    expect(handle.iframe.title).toBe('Qoltanba');
    expect(penpal.messengerOptions[0]?.allowedOrigins).toEqual(['https://q.example']);
    expect(penpal.connectOptions[0]?.channel).toBe('qoltanba-embed');
  });

  it('uses the default base address of the script-tag build', () => {
    setDefaultBaseUrl('https://cdn-host.example');
    const handle = embed({ container, token: 'qe_2' });
    expect(handle.iframe.src).toBe('https://cdn-host.example/embed/qe_2');
  });

  it('accepts the frame of the same protocol version and then its events and heights', () => {
    const onReady = vi.fn();
    const onSigned = vi.fn();
    const onRejected = vi.fn();
    const handle = embed({
      container,
      token: 't',
      baseUrl: 'https://q.example',
      onReady,
      onSigned,
      onRejected,
    });
    const methods = hostMethods();

    // Before the handshake nothing from the frame counts.
    methods.event({ type: 'ready' });
    methods.resize(900);
    expect(onReady).not.toHaveBeenCalled();
    expect(handle.iframe.style.height).toBe('480px');

    expect(methods.hello({ version: EMBED_PROTOCOL_VERSION })).toEqual({ version: EMBED_PROTOCOL_VERSION });
    methods.event({ type: 'ready' });
    methods.event({ type: 'signed', documentId: 7, status: 'SIGNED' });
    methods.event({ type: 'rejected', documentId: 8 });
    methods.resize(612.2);
    expect(onReady).toHaveBeenCalledOnce();
    expect(onSigned).toHaveBeenCalledWith({ documentId: 7, status: 'SIGNED' });
    expect(onRejected).toHaveBeenCalledWith({ documentId: 8 });
    expect(handle.iframe.style.height).toBe('613px');

    methods.resize(1e9);
    expect(handle.iframe.style.height).toBe('20000px');
    methods.resize(Number.NaN);
    expect(handle.iframe.style.height).toBe('20000px');
  });

  it("passes a 'create' embed's document to onCreated, and ignores an event type it does not know", () => {
    const onCreated = vi.fn();
    const onError = vi.fn();
    embed({ container, token: 't', baseUrl: 'https://q.example', onCreated, onError });
    const methods = hostMethods();
    methods.hello({ version: EMBED_PROTOCOL_VERSION });
    methods.event({ type: 'created', documentId: 9, number: 4, name: 'Договор', status: 'AT_SIGNING' });
    expect(onCreated).toHaveBeenCalledWith({
      documentId: 9,
      number: 4,
      name: 'Договор',
      status: 'AT_SIGNING',
    });
    // A newer frame's addition reaches an older host as an unknown type: nothing happens, nothing fails.
    methods.event({ type: 'a-later-addition' } as unknown as EmbedEvent);
    expect(onCreated).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it('refuses a frame of another protocol version with EMBED_PROTOCOL_MISMATCH', () => {
    const onError = vi.fn();
    const onReady = vi.fn();
    embed({ container, token: 't', baseUrl: 'https://q.example', onError, onReady });
    const methods = hostMethods();
    methods.hello({ version: EMBED_PROTOCOL_VERSION + 1 });
    methods.event({ type: 'ready' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'EMBED_PROTOCOL_MISMATCH' }));
    expect(onReady).not.toHaveBeenCalled();
  });

  it("passes the frame's error (the server's code) to onError once", () => {
    const onError = vi.fn();
    embed({ container, token: 't', baseUrl: 'https://q.example', onError });
    const methods = hostMethods();
    methods.hello({ version: EMBED_PROTOCOL_VERSION });
    methods.event({ type: 'error', code: 'EMBED_TOKEN_USED', message: 'used' });
    methods.event({ type: 'error', code: 'EMBED_TOKEN_EXPIRED', message: 'expired' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith({ code: 'EMBED_TOKEN_USED', message: 'used' });
  });

  it('reports a frame that never spoke as blocked, and one that spoke but did not connect as a failed handshake', async () => {
    const blocked = vi.fn();
    embed({ container, token: 't', baseUrl: 'https://q.example', onError: blocked });
    penpal.outcome.reject(new Error('CONNECTION_TIMEOUT'));
    await vi.waitFor(() => expect(blocked).toHaveBeenCalled());
    expect(blocked.mock.calls[0]?.[0].code).toBe('EMBED_FRAME_BLOCKED');

    const failed = vi.fn();
    const handle = embed({ container, token: 't', baseUrl: 'https://q.example', onError: failed });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: {},
        origin: 'https://q.example',
        source: handle.iframe.contentWindow,
      }),
    );
    penpal.outcome.reject(new Error('CONNECTION_TIMEOUT'));
    await vi.waitFor(() => expect(failed).toHaveBeenCalled());
    expect(failed.mock.calls[0]?.[0].code).toBe('EMBED_HANDSHAKE_FAILED');
  });

  it('a message from another origin does not count as the frame speaking', async () => {
    const onError = vi.fn();
    const handle = embed({ container, token: 't', baseUrl: 'https://q.example', onError });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: {},
        origin: 'https://evil.example',
        source: handle.iframe.contentWindow,
      }),
    );
    penpal.outcome.reject(new Error('CONNECTION_TIMEOUT'));
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0]?.[0].code).toBe('EMBED_FRAME_BLOCKED');
  });

  it('calls the frame through the handle once connected, and destroy tells it, disconnects and removes the iframe', async () => {
    const onError = vi.fn();
    const handle = embed({ container, token: 't', baseUrl: 'https://q.example', onError });
    const frame = {
      setLanguage: vi.fn(async () => undefined),
      setTheme: vi.fn(async () => undefined),
      getStatus: vi.fn(async () => ({ state: 'ready' })),
      close: vi.fn(async () => undefined),
    };
    const language = handle.setLanguage('en');
    penpal.outcome.resolve(frame);
    await language;
    expect(frame.setLanguage).toHaveBeenCalledWith('en');
    await handle.setTheme('dark');
    expect(frame.setTheme).toHaveBeenCalledWith('dark');
    await expect(handle.getStatus()).resolves.toEqual({ state: 'ready' });

    handle.destroy();
    handle.destroy();
    expect(frame.close).toHaveBeenCalledOnce();
    expect(penpal.destroyed).toBe(1);
    expect(container.querySelector('iframe')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('a destroyed embed reports nothing when its connection then fails', async () => {
    const onError = vi.fn();
    const handle = embed({ container, token: 't', baseUrl: 'https://q.example', onError });
    handle.destroy();
    penpal.outcome.reject(new Error('CONNECTION_DESTROYED'));
    await expect(handle.getStatus()).rejects.toThrow();
    expect(onError).not.toHaveBeenCalled();
  });
});
