import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookTarget } from './webhook-target.js';

/** The POST of one attempt to a checked target: status code, or the error that stopped it. */
export type WebhookPost = (
  target: WebhookTarget,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number }>;

/**
 * Posts to the target's checked address itself (no lookup of the name, so DNS cannot change between the check and
 * the connection), with the URL's host in the Host header and, over https, as the TLS server name the certificate
 * must match. Redirects are answers like any other (never followed); the answer's body is not read.
 */
export const postToTarget: WebhookPost = (target, init) =>
  new Promise((resolve, reject) => {
    const { url, address, name } = target;
    const secure = url.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      {
        method: 'POST',
        host: address,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { ...init.headers, host: url.host, 'content-length': String(Buffer.byteLength(init.body)) },
        signal: init.signal,
        // A fresh connection per attempt: a pooled one could belong to another check.
        agent: false,
        ...(secure && name !== null ? { servername: name } : {}),
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0 });
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
