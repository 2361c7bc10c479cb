/**
 * The host <-> frame protocol of the iframe embed, typed once and imported by both sides: the host SDK
 * (`@qoltanba/sdk/embed`, `Qoltanba.embed(...)`) and the portal's embed page (`/embed/:token`). Both connect
 * with penpal over `postMessage`, each restricted to the other's origin (never `'*'`). `README.md` beside this
 * file has the sequence.
 *
 * Types only, plus two constants: importing this module adds nothing measurable to either bundle.
 */
import type { DocumentStatus, EmbedPurpose, ErrorCode, Lang } from '@qoltanba/core';

/**
 * The protocol's version. The frame sends it in `hello` first thing after penpal connects; a host of another
 * version refuses the connection with `EMBED_PROTOCOL_MISMATCH`. Raise it on any incompatible change.
 */
export const EMBED_PROTOCOL_VERSION = 1;

/** penpal channel name, so another penpal connection between the same windows cannot cross ours. */
export const EMBED_CHANNEL = 'qoltanba-embed';

/** The frame's theme: the built-in light or dark one, or CSS custom properties (`--qoltanba-accent`: value). */
export type EmbedTheme = 'light' | 'dark' | Record<string, string>;

/** Where the embedded flow is: what `getStatus()` answers. */
export interface EmbedStatus {
  /**
   * `loading` until the token is exchanged; `ready` while the user works; `signed` / `rejected` once done, and
   * `created` once a 'create' embed sent its document.
   */
  state: 'loading' | 'ready' | 'signed' | 'rejected' | 'created' | 'error';
  /** The token's purpose, once exchanged. */
  purpose: EmbedPurpose | null;
  /** The document of a `sign` or `status` embed, or the one a `create` embed made. */
  documentId: number | null;
  /** The document's status as the frame last saw it. */
  documentStatus: DocumentStatus | null;
  /** The error code in state `error`. */
  errorCode: ErrorCode | null;
}

/** Events the frame reports to the host; one `event(e)` call each. */
export type EmbedEvent =
  /** The flow is shown and interactive (the token was exchanged). */
  | { type: 'ready' }
  /** The signer's signature was accepted; `status` is the document's status after it. */
  | { type: 'signed'; documentId: number; status: DocumentStatus }
  /** The signer rejected the document. */
  | { type: 'rejected'; documentId: number }
  /**
   * A `create` embed made its document for the token's company and sent it for signing (`status` AT_SIGNING).
   * Added in version 1 (an addition: hosts that do not know it ignore it).
   */
  | { type: 'created'; documentId: number; number: number; name: string; status: DocumentStatus }
  /**
   * The flow cannot go on: the server's code (`EMBED_TOKEN_EXPIRED`, `EMBED_TOKEN_USED`, ...) or a client-side
   * one (`EMBED_STORAGE_BLOCKED`, `EMBED_PROTOCOL_MISMATCH`); `message` is in the frame's language.
   */
  | { type: 'error'; code: ErrorCode; message: string };

// Type aliases, not interfaces: penpal's `Methods` constraint needs the implicit index signature of a type literal.
/** What the frame exposes to the host. */
export type EmbedFrameMethods = {
  /** Switches the frame's language (kk, ru, en). */
  setLanguage(lang: Lang): void;
  /** Switches the frame's theme. */
  setTheme(theme: EmbedTheme): void;
  /** Where the flow is now. */
  getStatus(): EmbedStatus;
  /** The host is about to remove the frame: the frame stops its work (QR polling, NCALayer). */
  close(): void;
};

/** What the host exposes to the frame. */
export type EmbedHostMethods = {
  /** The handshake: the frame's protocol version in, the host's out. Called once, before anything else. */
  hello(frame: { version: number }): { version: number };
  /** An event of the flow (see {@link EmbedEvent}). */
  event(event: EmbedEvent): void;
  /** The frame's content height in CSS pixels; the host sizes the iframe to it. */
  resize(height: number): void;
};
