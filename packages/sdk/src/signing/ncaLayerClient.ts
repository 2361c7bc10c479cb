import { DEFAULT_LANG, type ErrorCode, type Lang, NCALAYER_DEFAULT_URL } from '@qoltanba/core';
import { ApiError, parseApiError } from '../api/apiError';
import { toBase64 } from './base64';

/** The part of the WebSocket API the client uses; the browser's WebSocket and the `ws` package satisfy it. */
export interface NcaLayerSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/** A WebSocket constructor (the global one in browsers, `ws` in node tests). */
export type NcaLayerSocketConstructor = new (url: string) => NcaLayerSocket;

/** Options of {@link createNcaLayerClient}. */
export interface NcaLayerClientOptions {
  /** NCALayer's address; {@link NCALAYER_DEFAULT_URL} by default (the signing config may give another). */
  url?: string;
  /** WebSocket implementation; `globalThis.WebSocket` by default. */
  WebSocket?: NcaLayerSocketConstructor;
  /**
   * How long opening the socket and NCALayer's greeting may take; 5 s by default. Signing itself has no
   * limit: NCALayer waits for the person to choose a key and type the password.
   */
  timeoutMs?: number;
}

/** Which certificates NCALayer offers, and how it talks to the person. */
export interface NcaLayerSignOptions {
  /** Only certificates of this person (`SERIALNUMBER=IIN...`). */
  iin?: string;
  /** Only certificates of this legal entity (`OU=BIN...`). */
  bin?: string;
  /** Only certificates with all these extended key usages (e.g. `1.3.6.1.5.5.7.3.4`, signing). */
  extKeyUsageOids?: readonly string[];
  /**
   * Base64 CA certificates NCALayer checks the chain against; omitted means NCALayer's own (production NCA RK).
   * Pass `[]` for the NCA TEST certificates of the development signer.
   */
  chain?: readonly string[];
  /** Language of NCALayer's dialogs and of our error messages. */
  locale?: Lang;
  /** Stops waiting and closes the socket; the call then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** A client of NCALayer's `kz.gov.pki.knca.basics` module. */
export interface NcaLayerClient {
  /**
   * Signs each item (base64 text or bytes) with one key the person picks once: detached CMS (`decode: true,
   * encapsulate: false`), one base64 CMS per item in order, or `'cancelled'` when the person closed the dialog.
   * Rejects with ApiError SIGNER_APP_NOT_RUNNING when NCALayer cannot be reached (or goes away), and
   * SIGNER_APP_FAILED when it answers with an error or something we cannot read.
   *
   * @example const [cms] = await client.signCms([bytes], { bin: '990340005977', locale: 'ru' });
   */
  signCms(
    data: readonly (string | Uint8Array)[],
    options?: NcaLayerSignOptions,
  ): Promise<string[] | 'cancelled'>;
}

/** Extended key usage of a signing certificate (as opposed to an authentication one). */
export const SIGNING_KEY_USAGE_OID = '1.3.6.1.5.5.7.3.4';
/** Extended key usage of a legal entity's employee; the server checks the exact role (first head or signatory). */
export const LEGAL_ENTITY_KEY_USAGE_OID = '1.2.398.3.3.4.1.2';

const DEFAULT_TIMEOUT_MS = 5_000;
const OPEN = 1;
const BASICS_MODULE = 'kz.gov.pki.knca.basics';

function signerError(code: ErrorCode, lang: Lang, details?: unknown): ApiError {
  // Status 0: no answer from our server is involved; the catalogue text is the message.
  return new ApiError(0, code, parseApiError({ code }, 0, lang).message, { body: details });
}

function parseMessage(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** NCALayer greets every new connection with `{ result: { version } }` before it reads requests. */
function isGreeting(message: unknown): boolean {
  return isRecord(message) && isRecord(message.result) && typeof message.result.version === 'string';
}

type SignAnswer = { kind: 'signed'; result: string[] } | { kind: 'cancelled' } | { kind: 'failed' };

/** Reads a basics answer: `{status: true, body: {result}}`, cancel `{status: true, body: {}}`, error `{status: false}`. */
function readAnswer(message: unknown, expected: number): SignAnswer {
  if (!isRecord(message) || message.status !== true) return { kind: 'failed' };
  const body = isRecord(message.body) ? message.body : {};
  if (!('result' in body)) return { kind: 'cancelled' };
  const result = typeof body.result === 'string' ? [body.result] : body.result;
  if (!Array.isArray(result) || result.length !== expected) return { kind: 'failed' };
  if (!result.every((item): item is string => typeof item === 'string' && item.length > 0)) {
    return { kind: 'failed' };
  }
  return { kind: 'signed', result: result.map((item) => item.replace(/\s+/g, '')) };
}

function signRequest(data: string[], options: NcaLayerSignOptions, locale: Lang): string {
  const signerParams: Record<string, unknown> = { extKeyUsageOids: [...(options.extKeyUsageOids ?? [])] };
  if (options.iin) signerParams.iin = options.iin;
  if (options.bin) signerParams.bin = options.bin;
  if (options.chain) signerParams.chain = [...options.chain];
  return JSON.stringify({
    module: BASICS_MODULE,
    method: 'sign',
    args: {
      // null: every storage NCALayer knows (PKCS#12 files, ID cards, tokens).
      allowedStorages: null,
      format: 'cms',
      data,
      signingParams: { decode: true, encapsulate: false, digested: false, tsaProfile: {} },
      signerParams,
      locale,
    },
  });
}

/**
 * Creates a client of NCALayer on the user's machine. Every call opens its own connection, waits for the
 * greeting, sends one request and closes the socket whatever happens: no connection outlives a call.
 *
 * @example
 * const ncaLayer = createNcaLayerClient({ url: config.ncaLayerUrl });
 * const signatures = await ncaLayer.signCms(files, { bin, extKeyUsageOids: [SIGNING_KEY_USAGE_OID], locale });
 */
export function createNcaLayerClient(options: NcaLayerClientOptions = {}): NcaLayerClient {
  const url = options.url ?? NCALAYER_DEFAULT_URL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function signCms(
    items: readonly (string | Uint8Array)[],
    signOptions: NcaLayerSignOptions = {},
  ): Promise<string[] | 'cancelled'> {
    const lang = signOptions.locale ?? DEFAULT_LANG;
    const data = items.map((item) => (typeof item === 'string' ? item : toBase64(item)));
    const { signal } = signOptions;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (data.length === 0) return Promise.resolve([]);
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: NcaLayerSocketConstructor }).WebSocket;
    if (!Socket) return Promise.reject(signerError('SIGNER_APP_NOT_RUNNING', lang));

    return new Promise((resolve, reject) => {
      let greeted = false;
      let settled = false;
      let socket: NcaLayerSocket | undefined;
      const timer = setTimeout(() => fail(signerError('SIGNER_APP_NOT_RUNNING', lang, 'timeout')), timeoutMs);

      function finish(): void {
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (socket) {
          socket.onopen = null;
          socket.onmessage = null;
          socket.onerror = null;
          socket.onclose = null;
          try {
            socket.close();
          } catch {
            // Closing a socket that never opened may throw in some implementations; it is gone either way.
          }
        }
      }
      function fail(error: unknown): void {
        if (settled) return;
        finish();
        reject(error);
      }
      function succeed(value: string[] | 'cancelled'): void {
        if (settled) return;
        finish();
        resolve(value);
      }
      function onAbort(): void {
        fail(signal?.reason);
      }
      signal?.addEventListener('abort', onAbort, { once: true });

      try {
        socket = new Socket(url);
      } catch (error) {
        fail(signerError('SIGNER_APP_NOT_RUNNING', lang, error));
        return;
      }
      const gone = () =>
        fail(signerError('SIGNER_APP_NOT_RUNNING', lang, greeted ? 'closed' : 'unreachable'));
      socket.onerror = gone;
      socket.onclose = gone;
      socket.onmessage = (event) => {
        const message = parseMessage(event.data);
        if (!greeted) {
          if (!isGreeting(message)) {
            fail(signerError('SIGNER_APP_FAILED', lang, message));
            return;
          }
          greeted = true;
          clearTimeout(timer);
          if (socket?.readyState === OPEN) socket.send(signRequest(data, signOptions, lang));
          return;
        }
        const answer = readAnswer(message, data.length);
        if (answer.kind === 'signed') succeed(answer.result);
        else if (answer.kind === 'cancelled') succeed('cancelled');
        else fail(signerError('SIGNER_APP_FAILED', lang, message));
      };
    });
  }

  return { signCms };
}
