import type { DocumentStatus, ErrorCode, Lang } from '@qoltanba/core';
import { connect, type RemoteProxy, WindowMessenger } from 'penpal';
import {
  EMBED_CHANNEL,
  EMBED_PROTOCOL_VERSION,
  type EmbedEvent,
  type EmbedFrameMethods,
  type EmbedHostMethods,
  type EmbedStatus,
  type EmbedTheme,
} from './protocol';

/** An error the embed reports through `onError`: a stable catalogue code and a message for the developer. */
export interface EmbedError {
  code: ErrorCode;
  message: string;
}

/** Options of {@link embed}. */
export interface EmbedOptions {
  /** The element the iframe goes into (appended), or a CSS selector of it. */
  container: HTMLElement | string;
  /** The embed token (`qe_...`) your backend got from `POST .../partner-api/api/v1/embed-tokens`. Single use. */
  token: string;
  /**
   * The Qoltanba server, e.g. `https://qoltanba.kz`: the origin of the token response's `url`. Defaults to the
   * origin of the `<script>` that loaded the script-tag build. Only this origin may talk to the page.
   */
  baseUrl?: string;
  /** The frame's language from the start (default: the token's). */
  lang?: Lang;
  /** The frame's theme from the start (default light). */
  theme?: EmbedTheme;
  /** The iframe's accessible name (default `Qoltanba`). */
  title?: string;
  /** How long the frame may take to load and connect, in ms (default 20 000). */
  timeout?: number;
  /** The flow is shown and interactive. */
  onReady?: () => void;
  /** The signer's signature was accepted. */
  onSigned?: (detail: { documentId: number; status: DocumentStatus }) => void;
  /** The signer rejected the document. */
  onRejected?: (detail: { documentId: number }) => void;
  /**
   * A `create` embed made its document for your company and sent it for signing: `documentId` for the partner
   * API (status, sign tokens), `number` as your users see it.
   */
  onCreated?: (detail: { documentId: number; number: number; name: string; status: DocumentStatus }) => void;
  /**
   * The embed cannot go on: `EMBED_FRAME_BLOCKED` (the frame did not load: this page's origin is not among the
   * token's, or the token is unknown), `EMBED_HANDSHAKE_FAILED`, `EMBED_PROTOCOL_MISMATCH`, or what the frame
   * reports (`EMBED_TOKEN_EXPIRED`, `EMBED_TOKEN_USED`, `EMBED_STORAGE_BLOCKED`, ...).
   */
  onError?: (error: EmbedError) => void;
}

/** What {@link embed} returns. Calls made before the frame connects wait for it; they reject if it never does. */
export interface EmbedHandle {
  /** The iframe element (already in the container). */
  readonly iframe: HTMLIFrameElement;
  setLanguage(lang: Lang): Promise<void>;
  setTheme(theme: EmbedTheme): Promise<void>;
  getStatus(): Promise<EmbedStatus>;
  /** Tells the frame to stop, disconnects and removes the iframe. Idempotent. */
  destroy(): void;
}

const DEFAULT_TIMEOUT_MS = 20_000;
// Until the frame reports its height: roughly the sign panel and the first page of a document.
const INITIAL_HEIGHT = '480px';
// Allowed frame heights; a larger report is clamped, so a broken frame cannot make the page endless.
const MAX_HEIGHT = 20_000;

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  EMBED_FRAME_BLOCKED:
    'The Qoltanba frame did not load: is this page origin among the API key origins, and is the token valid?',
  EMBED_HANDSHAKE_FAILED: 'The Qoltanba frame loaded but did not connect to this page in time.',
  EMBED_PROTOCOL_MISMATCH: 'The Qoltanba frame speaks another protocol version: update the embed script.',
};

let scriptBaseUrl: string | undefined;

/** Sets the default `baseUrl` (the script-tag build passes the origin it was loaded from). */
export function setDefaultBaseUrl(url: string | undefined): void {
  scriptBaseUrl = url;
}

function resolveContainer(container: HTMLElement | string): HTMLElement {
  const element = typeof container === 'string' ? document.querySelector(container) : container;
  if (!(element instanceof HTMLElement))
    throw new TypeError(`Qoltanba.embed: no container ${String(container)}`);
  return element;
}

/** The embed page's address: `<base>/embed/<token>`, with the starting language and theme in the fragment. */
export function embedFrameUrl(base: URL, token: string, lang?: Lang, theme?: EmbedTheme): string {
  // The fragment never reaches the server (nor its logs); the frame reads it before its first render.
  const fragment = new URLSearchParams();
  if (lang) fragment.set('lang', lang);
  if (typeof theme === 'string') fragment.set('theme', theme);
  const path = base.pathname.replace(/\/+$/, '');
  const hash = fragment.toString();
  return `${base.origin}${path}/embed/${encodeURIComponent(token)}${hash ? `#${hash}` : ''}`;
}

/**
 * Opens Qoltanba's embed page for `token` in an iframe inside `container` and connects to it with penpal,
 * talking to the Qoltanba origin only. The iframe follows its content's height. Errors go to `onError` with a
 * catalogue code; a wrong container or base URL throws at once.
 *
 * @example
 * const handle = Qoltanba.embed({
 *   container: '#sign-here', token, baseUrl: 'https://qoltanba.kz', lang: 'ru',
 *   onSigned: ({ documentId }) => console.log('signed', documentId),
 *   onError: ({ code }) => console.warn(code),
 * });
 */
export function embed(options: EmbedOptions): EmbedHandle {
  const container = resolveContainer(options.container);
  const baseUrl = options.baseUrl ?? scriptBaseUrl;
  if (!baseUrl) throw new TypeError('Qoltanba.embed: baseUrl is required (the Qoltanba server address)');
  const base = new URL(baseUrl, document.baseURI);
  const origin = base.origin;

  const iframe = document.createElement('iframe');
  iframe.src = embedFrameUrl(base, options.token, options.lang, options.theme);
  iframe.title = options.title ?? 'Qoltanba';
  // The frame learns this page's origin (not its path) when its browser has no `ancestorOrigins`.
  iframe.referrerPolicy = 'strict-origin';
  // NCALayer listens on the user's machine: browsers that gate local-network access ask the frame's permission.
  iframe.allow = 'local-network-access; clipboard-write';
  iframe.style.cssText = `display:block;width:100%;border:0;height:${INITIAL_HEIGHT}`;
  container.append(iframe);
  const remoteWindow = iframe.contentWindow;
  if (!remoteWindow) throw new TypeError('Qoltanba.embed: the container is not in a document');

  let finished = false;
  let destroyed = false;
  let greeted = false;
  let connected: RemoteProxy<EmbedFrameMethods> | undefined;
  let heardFromFrame = false;
  const fail = (code: ErrorCode, message = MESSAGES[code] ?? code) => {
    if (finished) return;
    finished = true;
    options.onError?.({ code, message });
  };
  // Any message from the frame's window and our origin means the page loaded: a timeout is then a failed
  // handshake, not a blocked frame. penpal's own listener does the checking of what the messages say.
  const listen = (event: MessageEvent) => {
    if (event.source === remoteWindow && event.origin === origin) heardFromFrame = true;
  };
  window.addEventListener('message', listen);

  const onEvent = (event: EmbedEvent) => {
    if (!greeted) return;
    if (event.type === 'ready') options.onReady?.();
    else if (event.type === 'signed')
      options.onSigned?.({ documentId: event.documentId, status: event.status });
    else if (event.type === 'rejected') options.onRejected?.({ documentId: event.documentId });
    else if (event.type === 'created') {
      const { documentId, number, name, status } = event;
      options.onCreated?.({ documentId, number, name, status });
    } else if (event.type === 'error') fail(event.code, event.message);
  };

  const methods: EmbedHostMethods = {
    hello(frame) {
      if (frame.version !== EMBED_PROTOCOL_VERSION) fail('EMBED_PROTOCOL_MISMATCH');
      else greeted = true;
      return { version: EMBED_PROTOCOL_VERSION };
    },
    event: onEvent,
    resize(height) {
      if (!greeted || typeof height !== 'number' || !Number.isFinite(height)) return;
      iframe.style.height = `${Math.min(Math.max(Math.ceil(height), 0), MAX_HEIGHT)}px`;
    },
  };

  const messenger = new WindowMessenger({ remoteWindow, allowedOrigins: [origin] });
  const connection = connect<EmbedFrameMethods>({
    messenger,
    methods,
    channel: EMBED_CHANNEL,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
  });
  const remote: Promise<RemoteProxy<EmbedFrameMethods>> = connection.promise.then(
    (proxy) => {
      window.removeEventListener('message', listen);
      connected = proxy;
      return proxy;
    },
    (error: unknown) => {
      window.removeEventListener('message', listen);
      if (!destroyed) fail(heardFromFrame ? 'EMBED_HANDSHAKE_FAILED' : 'EMBED_FRAME_BLOCKED');
      throw error;
    },
  );
  // The callbacks above report the failure; calls through the handle reject on their own.
  remote.catch(() => undefined);

  return {
    iframe,
    setLanguage: (lang) => remote.then((proxy) => proxy.setLanguage(lang)),
    setTheme: (theme) => remote.then((proxy) => proxy.setTheme(theme)),
    getStatus: () => remote.then((proxy) => proxy.getStatus()),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      finished = true;
      window.removeEventListener('message', listen);
      // Best effort: the frame stops its work if the call reaches it before the iframe goes.
      connected?.close().catch(() => undefined);
      connection.destroy();
      iframe.remove();
    },
  };
}
