import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { readTimestampToken } from '../cms/timestamp-token.js';
import { bytesEqual } from '../der.js';
import { OID } from '../oids.js';

/** An RFC 3161 time-stamping authority: NCA RK's TSP over HTTP in production, the testkit's in tests. */
export interface TimestampAuthority {
  /** A DER TimeStampToken whose message imprint is the SHA-256 of `data`; throws when none is obtained. */
  stamp(data: Uint8Array): Promise<Uint8Array>;
}

/** Thrown when the TSA gave no usable token after the retries. */
export class TimestampUnavailableError extends Error {
  override readonly name = 'TimestampUnavailableError';
}

/** Options of {@link httpTimestampAuthority}. */
export interface HttpTsaOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * An RFC 3161 client over HTTP (`application/timestamp-query`): SHA-256 imprint, a random nonce, certReq set (the
 * token carries the TSA certificate). Checks the answer is granted, stamps our imprint and echoes our nonce.
 */
export function httpTimestampAuthority(url: string, options: HttpTsaOptions = {}): TimestampAuthority {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async stamp(data) {
      const hash = new Uint8Array(createHash('sha256').update(data).digest());
      const nonce = new Uint8Array([1, ...randomBytes(8)]);
      const request = new pkijs.TimeStampReq({
        version: 1,
        messageImprint: new pkijs.MessageImprint({
          hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
          hashedMessage: new asn1js.OctetString({ valueHex: hash }),
        }),
        nonce: new asn1js.Integer({ valueHex: nonce }),
        certReq: true,
      });
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(request.toSchema().toBER(false)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`TSA HTTP ${response.status}`);
      const reply = pkijs.TimeStampResp.fromBER(await response.arrayBuffer());
      // PKIStatus 0 granted, 1 grantedWithMods.
      const status = reply.status.status;
      if ((status !== 0 && status !== 1) || reply.timeStampToken === undefined) {
        throw new Error(`TSA refused the request (status ${status})`);
      }
      const der = new Uint8Array(reply.timeStampToken.toSchema().toBER(false));
      const token = readTimestampToken(der);
      if (token.imprint.hashAlgorithm !== OID.sha256 || !bytesEqual(token.imprint.hash, hash)) {
        throw new Error('TSA stamped another imprint');
      }
      const info = pkijs.TSTInfo.fromBER(token.tstInfo.slice());
      const echoed = info.nonce ? new Uint8Array(info.nonce.valueBlock.valueHexView) : null;
      if (echoed === null || !bytesEqual(echoed, nonce)) throw new Error('TSA did not echo the nonce');
      return der;
    },
  };
}

/** Tries `tsa` up to `attempts` times, waiting `delayMs` between; throws {@link TimestampUnavailableError}. */
export async function stampWithRetry(
  tsa: TimestampAuthority,
  data: Uint8Array,
  attempts = 3,
  delayMs = 500,
): Promise<Uint8Array> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await tsa.stamp(data);
    } catch (error) {
      last = error;
      if (attempt < attempts) await new Promise((done) => setTimeout(done, delayMs));
    }
  }
  throw new TimestampUnavailableError('no timestamp from the TSA', { cause: last });
}
