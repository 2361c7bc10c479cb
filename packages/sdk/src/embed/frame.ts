import { connect, type RemoteProxy, WindowMessenger } from 'penpal';
import { clientApiError } from '../api';
import {
  EMBED_CHANNEL,
  EMBED_PROTOCOL_VERSION,
  type EmbedEvent,
  type EmbedFrameMethods,
  type EmbedHostMethods,
} from './protocol';

/** Options of {@link connectToEmbedHost}. */
export interface EmbedHostConnectionOptions {
  /**
   * Origins the host page may have: the embed session's `allowedOrigins`, or, when the token was refused, the one
   * parent origin the browser checked against the token's `frame-ancestors` ({@link embedParentOrigin}).
   * Never `'*'`.
   */
  allowedOrigins: readonly string[];
  /** What the frame offers the host. */
  methods: EmbedFrameMethods;
  /** How long to wait for the host, in ms (default 20 000). */
  timeout?: number;
  /** The host window (default `window.parent`). */
  parent?: Window;
}

/** The frame's side of the connection. */
export interface EmbedHostConnection {
  /** Resolves with the host once it accepted the handshake; rejects (ApiError `EMBED_PROTOCOL_MISMATCH`,
   * `EMBED_HANDSHAKE_FAILED`) otherwise. */
  readonly host: Promise<RemoteProxy<EmbedHostMethods>>;
  /** Sends an event once connected (dropped if the connection fails). */
  report(event: EmbedEvent): void;
  /** Sends the content height once connected; repeated equal heights are sent once. */
  resize(height: number): void;
  destroy(): void;
}

/** Whether this page runs inside a frame of another page. */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // Reading `top` of a cross-origin parent may throw in old browsers: then we are framed.
    return true;
  }
}

/**
 * The origin of the page that frames this one, as the browser reports it: `location.ancestorOrigins` (Chromium,
 * Safari), else the referrer's origin (the host SDK sets `referrerpolicy="strict-origin"`). `null` when unknown.
 */
export function embedParentOrigin(win: Window = window): string | null {
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Connects the embed page to its host with penpal, restricted to `allowedOrigins`, and performs the protocol
 * handshake: the frame sends {@link EMBED_PROTOCOL_VERSION} in `hello`; a host of another version fails it.
 */
export function connectToEmbedHost(options: EmbedHostConnectionOptions): EmbedHostConnection {
  const origins = options.allowedOrigins.filter((origin) => origin !== '*' && origin !== 'null');
  if (origins.length === 0) throw new TypeError('connectToEmbedHost: no allowed origin');
  const messenger = new WindowMessenger({
    remoteWindow: options.parent ?? window.parent,
    allowedOrigins: origins,
  });
  const connection = connect<EmbedHostMethods>({
    messenger,
    methods: options.methods,
    channel: EMBED_CHANNEL,
    timeout: options.timeout ?? 20_000,
  });
  const host = connection.promise.then(
    async (proxy) => {
      const answer = await proxy.hello({ version: EMBED_PROTOCOL_VERSION });
      if (answer.version !== EMBED_PROTOCOL_VERSION) throw clientApiError('EMBED_PROTOCOL_MISMATCH');
      return proxy;
    },
    () => {
      throw clientApiError('EMBED_HANDSHAKE_FAILED');
    },
  );
  // Failures surface through `host`; the fire-and-forget sends below must not raise unhandled rejections.
  host.catch(() => undefined);
  let lastHeight = -1;
  return {
    host,
    report(event) {
      host.then((proxy) => proxy.event(event)).catch(() => undefined);
    },
    resize(height) {
      const rounded = Math.ceil(height);
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      host.then((proxy) => proxy.resize(rounded)).catch(() => undefined);
    },
    destroy: () => connection.destroy(),
  };
}

/**
 * Calls `onHeight` with `element`'s height now and whenever it changes (ResizeObserver), so the host can size
 * the iframe to the content. Returns the stop function.
 */
export function watchContentHeight(element: HTMLElement, onHeight: (height: number) => void): () => void {
  const measure = () => onHeight(element.getBoundingClientRect().height);
  measure();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Whether Web Storage works in this frame. Browsers that block third-party storage throw on access; the embed
 * page needs none, so it calls this only where a feature would need storage, and reports
 * `EMBED_STORAGE_BLOCKED` then.
 */
export function storageAvailable(win: Window = window): boolean {
  try {
    const key = '__qoltanba_probe__';
    win.localStorage.setItem(key, '1');
    win.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
