import { signCms, signDigestCms } from '../cms/sign-cms';
import type { TestSigner } from '../signer';
import { BASICS_MODULE, type BasicsResponse, type BasicsSignRequest, HEARTBEAT } from './protocol';
import { matchingSigners } from './select-signer';

/** What the emulated user does when a page asks to sign. */
export type NcaLayerBehaviour = 'sign' | 'cancel' | 'error';

/** The emulator's state a message is answered from. */
export interface NcaLayerContext {
  readonly signers: readonly TestSigner[];
  readonly behaviour: NcaLayerBehaviour;
  readonly now: Date;
}

const CANCELLED: BasicsResponse = { status: true, body: {} };

function failure(
  code: 'INVALID_SIGNING_PARAMS' | 'SIGNING_FAILURE' | 'INVOCATION_ERROR',
  message: string,
  details: string,
) {
  return { status: false, code, message, details } as const satisfies BasicsResponse;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeItem(item: string, decode: boolean): Uint8Array | undefined {
  if (!decode) return new TextEncoder().encode(item);
  const compact = item.replace(/\s+/g, '');
  return BASE64.test(compact) ? new Uint8Array(Buffer.from(compact, 'base64')) : undefined;
}

function sign(request: BasicsSignRequest['args'], context: NcaLayerContext): BasicsResponse {
  const signingParams = request.signingParams;
  const items = typeof request.data === 'string' ? [request.data] : [...request.data];
  if (request.format !== 'cms')
    return failure(
      'INVALID_SIGNING_PARAMS',
      'Invalid signing parameters.',
      `format ${request.format} is not emulated`,
    );
  const [signer] = matchingSigners(
    context.signers,
    {
      allowedStorages: request.allowedStorages,
      signerParams: request.signerParams,
      allowExpired: signingParams.allowExpired === true,
    },
    context.now,
  );
  if (context.behaviour === 'cancel') return CANCELLED;
  if (context.behaviour === 'error')
    return failure('SIGNING_FAILURE', 'Signing failure.', 'emulated failure (behaviour: error)');
  // No key passes the filters: the user can only close NCALayer's key dialog, which answers as a cancel.
  if (!signer) return CANCELLED;
  const result: string[] = [];
  for (const item of items) {
    const bytes = decodeItem(item, signingParams.decode === true || signingParams.digested === true);
    if (!bytes) return failure('INVALID_SIGNING_PARAMS', 'Invalid signing parameters.', 'data is not base64');
    const cms = signingParams.digested
      ? signDigestCms({ signer, digest: bytes, signingTime: context.now })
      : signCms({
          signer,
          content: bytes,
          detached: signingParams.encapsulate !== true,
          signingTime: context.now,
        });
    result.push(Buffer.from(cms).toString('base64'));
  }
  return { status: true, body: { result } };
}

type ParsedArgs =
  | { readonly ok: true; readonly args: BasicsSignRequest['args'] }
  | { readonly ok: false; readonly response: BasicsResponse };

function parseSignArgs(args: unknown): ParsedArgs {
  if (!isRecord(args))
    return {
      ok: false,
      response: failure(
        'INVOCATION_ERROR',
        'An invoked method threw an exception.',
        'args is not a JSONObject.',
      ),
    };
  for (const key of ['signingParams', 'signerParams'] as const)
    if (!isRecord(args[key]))
      return {
        ok: false,
        response: failure(
          'INVOCATION_ERROR',
          'An invoked method threw an exception.',
          `org.json.JSONException: JSONObject["${key}"] is not a JSONObject.`,
        ),
      };
  const data = args.data;
  const dataOk =
    typeof data === 'string' ||
    (Array.isArray(data) && data.length > 0 && data.every((d) => typeof d === 'string'));
  if (!dataOk)
    return {
      ok: false,
      response: failure(
        'INVALID_SIGNING_PARAMS',
        'Invalid signing parameters.',
        'data must be a string or an array of strings',
      ),
    };
  return { ok: true, args: args as unknown as BasicsSignRequest['args'] };
}

/** Answers one websocket text frame as NCALayer would; the reply is the JSON text to send back. */
export function handleNcaLayerMessage(text: string, context: NcaLayerContext): string {
  if (text === HEARTBEAT) return HEARTBEAT;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return JSON.stringify(
      failure('INVOCATION_ERROR', 'An invoked method threw an exception.', 'malformed JSON'),
    );
  }
  if (!isRecord(message) || message.module !== BASICS_MODULE)
    return JSON.stringify({ success: false, errorCode: 'MODULE_NOT_FOUND' });
  if (message.method !== 'sign')
    return JSON.stringify(
      failure(
        'INVOCATION_ERROR',
        'An invoked method threw an exception.',
        `no method ${String(message.method)}`,
      ),
    );
  const parsed = parseSignArgs(message.args);
  return JSON.stringify(parsed.ok ? sign(parsed.args, context) : parsed.response);
}
