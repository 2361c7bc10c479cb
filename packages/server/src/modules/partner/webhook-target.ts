import { AppError, type IpAddressKind, ipAddressKind, literalHostKind } from '@qoltanba/core';
import type { WebhookTargetPolicy } from '../../config/config.js';
import type { HostResolver, ResolvedAddress } from '../../net/resolve-host.js';

/** Longest wait for DNS when a URL is registered; a name that has not answered by then is judged at delivery. */
export const REGISTRATION_LOOKUP_MS = 3000;

/** Where one delivery connects: checked against the policy just before, to be used as is (no second lookup). */
export interface WebhookTarget {
  url: URL;
  /** The IP address to connect to: the URL's own, or the checked answer of DNS. */
  address: string;
  /** The host name for the Host header, TLS SNI and the certificate check; null when the URL names an IP address. */
  name: string | null;
}

type RefusalCode = 'WEBHOOK_URL_INVALID' | 'WEBHOOK_URL_PRIVATE';

/** A webhook URL the policy refuses: its catalogue code, and why in the message (for the delivery log). */
export class WebhookTargetRefused extends Error {
  override readonly name = 'WebhookTargetRefused';
  constructor(
    readonly code: RefusalCode,
    reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

const stripBrackets = (host: string) => (host.startsWith('[') ? host.slice(1, -1) : host);

/** The URL parsed and judged by what it says itself: scheme, credentials, an IP literal or a localhost name. */
function parseTarget(value: string, policy: WebhookTargetPolicy): { url: URL; ip: string | null } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookTargetRefused('WEBHOOK_URL_INVALID', 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookTargetRefused('WEBHOOK_URL_INVALID', `${url.protocol} is not http(s)`);
  if (url.protocol === 'http:' && policy.requireHttps)
    throw new WebhookTargetRefused('WEBHOOK_URL_INVALID', 'https is required');
  if (url.username || url.password)
    throw new WebhookTargetRefused('WEBHOOK_URL_INVALID', 'credentials in the URL');
  // URL has already read decimal, octal and hex IPv4 spellings (http://2130706433/, http://0x7f.1/) as 127.0.0.1.
  const kind = literalHostKind(url.hostname);
  if (kind !== undefined && kind !== 'public' && !policy.allowPrivate)
    throw new WebhookTargetRefused('WEBHOOK_URL_PRIVATE', `${url.hostname} is a ${kind} address`);
  const bare = stripBrackets(url.hostname);
  return { url, ip: ipAddressKind(bare) === undefined ? null : bare };
}

/** Refuses when any address a name resolved to is not public (a name that answers 10.0.0.1 once may again). */
function judgeAddresses(
  hostname: string,
  addresses: readonly ResolvedAddress[],
  policy: WebhookTargetPolicy,
) {
  if (policy.allowPrivate) return;
  for (const { address } of addresses) {
    const kind: IpAddressKind = ipAddressKind(address) ?? 'reserved';
    if (kind !== 'public')
      throw new WebhookTargetRefused('WEBHOOK_URL_PRIVATE', `${hostname} resolves to a ${kind} address`);
  }
}

function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Checks a webhook URL when a key is given it (createApiKey, updateApiKey): WEBHOOK_URL_INVALID for http where https
 * is required, WEBHOOK_URL_PRIVATE for a host on a non-public address, literal or resolved (unless the policy allows
 * private ones). A name DNS cannot answer now is accepted: its DNS may come later, and every delivery checks again.
 */
export async function checkWebhookUrl(
  value: string,
  policy: WebhookTargetPolicy,
  resolve: HostResolver,
): Promise<void> {
  try {
    const { url, ip } = parseTarget(value, policy);
    if (ip !== null || policy.allowPrivate) return;
    let addresses: ResolvedAddress[];
    try {
      addresses = await withDeadline(resolve(url.hostname), AbortSignal.timeout(REGISTRATION_LOOKUP_MS));
    } catch {
      return;
    }
    judgeAddresses(url.hostname, addresses, policy);
  } catch (error) {
    if (error instanceof WebhookTargetRefused) throw new AppError(error.code, undefined, { cause: error });
    throw error;
  }
}

/**
 * Where a delivery connects now: the URL judged again against the policy, its name resolved once (within `signal`)
 * and every address checked; the answer's first IPv4 address (else its first) is the one to connect to. Throws
 * {@link WebhookTargetRefused}, or the resolver's error.
 */
export async function resolveWebhookTarget(
  value: string,
  policy: WebhookTargetPolicy,
  resolve: HostResolver,
  signal: AbortSignal,
): Promise<WebhookTarget> {
  const { url, ip } = parseTarget(value, policy);
  if (ip !== null) return { url, address: ip, name: null };
  const addresses = await withDeadline(resolve(url.hostname), signal);
  judgeAddresses(url.hostname, addresses, policy);
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  if (!chosen) throw new Error(`${url.hostname} has no address`);
  return { url, address: chosen.address, name: url.hostname };
}
