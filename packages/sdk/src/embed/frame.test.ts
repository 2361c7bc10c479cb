// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../api';
import { EMBED_PROTOCOL_VERSION, type EmbedFrameMethods } from './protocol';

// penpal's handshake needs two real windows (the e2e test has them); a stand-in plays the host here.
const penpal = vi.hoisted(() => ({
  allowedOrigins: [] as unknown[],
  outcome: { resolve: (_proxy: unknown) => {}, reject: (_error: unknown) => {} },
}));
vi.mock('penpal', () => ({
  WindowMessenger: class {
    constructor(options: { allowedOrigins: unknown }) {
      penpal.allowedOrigins.push(options.allowedOrigins);
    }
  },
  connect: () => ({
    promise: new Promise((resolve, reject) => {
      penpal.outcome = { resolve, reject };
    }),
    destroy: () => undefined,
  }),
}));

const { connectToEmbedHost, embedParentOrigin, storageAvailable } = await import('./frame');

const methods: EmbedFrameMethods = {
  setLanguage: () => undefined,
  setTheme: () => undefined,
  getStatus: () => ({
    state: 'ready',
    purpose: 'sign',
    documentId: 1,
    documentStatus: null,
    errorCode: null,
  }),
  close: () => undefined,
};

function fakeHost(version = EMBED_PROTOCOL_VERSION) {
  return {
    hello: vi.fn(async () => ({ version })),
    event: vi.fn(async () => undefined),
    resize: vi.fn(async () => undefined),
  };
}

beforeEach(() => {
  penpal.allowedOrigins.length = 0;
});

describe('connectToEmbedHost', () => {
  it("never listens to '*': an allow-list without a real origin is refused", () => {
    expect(() => connectToEmbedHost({ allowedOrigins: ['*'], methods })).toThrow(TypeError);
    expect(() => connectToEmbedHost({ allowedOrigins: [], methods })).toThrow(TypeError);
    connectToEmbedHost({ allowedOrigins: ['https://partner.example', '*'], methods });
    expect(penpal.allowedOrigins[0]).toEqual(['https://partner.example']);
  });

  it('says hello with the protocol version, then sends events and changed heights', async () => {
    const connection = connectToEmbedHost({ allowedOrigins: ['https://partner.example'], methods });
    const host = fakeHost();
    connection.report({ type: 'ready' });
    connection.resize(300.4);
    connection.resize(300.9);
    connection.resize(420);
    penpal.outcome.resolve(host);
    await connection.host;
    await vi.waitFor(() => expect(host.resize).toHaveBeenCalledTimes(2));
    expect(host.hello).toHaveBeenCalledWith({ version: EMBED_PROTOCOL_VERSION });
    expect(host.event).toHaveBeenCalledWith({ type: 'ready' });
    expect(host.resize.mock.calls).toEqual([[301], [420]]);
  });

  it('fails with EMBED_PROTOCOL_MISMATCH when the host speaks another version', async () => {
    const connection = connectToEmbedHost({ allowedOrigins: ['https://partner.example'], methods });
    const host = fakeHost(EMBED_PROTOCOL_VERSION + 1);
    connection.report({ type: 'ready' });
    penpal.outcome.resolve(host);
    const error = await connection.host.catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_PROTOCOL_MISMATCH');
    expect(host.event).not.toHaveBeenCalled();
  });

  it('fails with EMBED_HANDSHAKE_FAILED when no host connects', async () => {
    const connection = connectToEmbedHost({ allowedOrigins: ['https://partner.example'], methods });
    penpal.outcome.reject(new Error('CONNECTION_TIMEOUT'));
    const error = await connection.host.catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('EMBED_HANDSHAKE_FAILED');
  });
});

describe('embedParentOrigin', () => {
  it("takes the parent's origin from ancestorOrigins, else from the referrer", () => {
    const withAncestors = {
      location: { ancestorOrigins: ['https://a.example'] },
      document: { referrer: '' },
    };
    expect(embedParentOrigin(withAncestors as unknown as Window)).toBe('https://a.example');
    const withReferrer = { location: {}, document: { referrer: 'https://b.example/' } };
    expect(embedParentOrigin(withReferrer as unknown as Window)).toBe('https://b.example');
    expect(embedParentOrigin({ location: {}, document: { referrer: '' } } as unknown as Window)).toBeNull();
  });
});

describe('storageAvailable', () => {
  it('is false where storage access throws (third-party storage blocked)', () => {
    expect(storageAvailable(window)).toBe(true);
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(storageAvailable(blocked as unknown as Window)).toBe(false);
  });
});
