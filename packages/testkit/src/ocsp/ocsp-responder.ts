import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyAlgorithm } from '../keys/signing-key';
import type { TestPki } from '../pki/test-pki';
import type { TestSigner } from '../signer';
import { answerOcspRequest } from './answer-ocsp';

/** Options of {@link startOcspResponder}. */
export interface OcspResponderOptions {
  readonly pki: TestPki;
  /** Default 0 (any free port) on 127.0.0.1. */
  readonly port?: number;
  /** Sign with a delegated responder certificate (issued on start for every family the PKI has) instead of the CA key. */
  readonly delegated?: boolean;
  readonly now?: () => Date;
}

/** A running OCSP responder. */
export interface OcspResponder {
  /** `http://127.0.0.1:<port>/` — put it in certificates as their OCSP URL. */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_REQUEST = 64 * 1024;

async function bodyOf(request: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_REQUEST) throw new Error('request too large');
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Starts an RFC 6960 responder over HTTP (POST, and GET with the base64 request in the path) for the PKI's CAs. */
export async function startOcspResponder(options: OcspResponderOptions): Promise<OcspResponder> {
  const delegated = new Map<KeyAlgorithm, TestSigner>();
  if (options.delegated)
    for (const algorithm of options.pki.algorithms)
      delegated.set(algorithm, options.pki.issueOcspResponder(algorithm));
  const server = createServer((request, response) => {
    const answer = async (): Promise<Uint8Array> => {
      if (request.method === 'POST') return bodyOf(request);
      const path = decodeURIComponent((request.url ?? '/').replace(/^\/+/, ''));
      return new Uint8Array(Buffer.from(path, 'base64'));
    };
    if (request.method !== 'POST' && request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    answer()
      .then((requestDer) => {
        const body = answerOcspRequest(requestDer, {
          pki: options.pki,
          delegated,
          ...(options.now ? { now: options.now } : {}),
        });
        response.writeHead(200, {
          'content-type': 'application/ocsp-response',
          'content-length': body.length,
        });
        response.end(body);
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
