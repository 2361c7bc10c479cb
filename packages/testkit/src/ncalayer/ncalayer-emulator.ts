import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { TestSigner } from '../signer';
import { handleNcaLayerMessage, type NcaLayerBehaviour } from './handle-message';
import { localhostCertificate } from './localhost-certificate';
import type { NcaLayerGreeting } from './protocol';

/** Options of {@link startNcaLayerEmulator}. */
export interface NcaLayerEmulatorOptions {
  /** Default 0 (any free port); the real NCALayer listens on 13579. */
  readonly port?: number;
  /** `wss://` with a fresh self-signed certificate for 127.0.0.1 (default: plain `ws://`). */
  readonly tls?: boolean;
  readonly signer?: TestSigner;
  /** The keys "in the key store"; the first that passes a request's filters signs. */
  readonly signers?: readonly TestSigner[];
  readonly behaviour?: NcaLayerBehaviour;
  /** Version in the greeting; default '1.4'. */
  readonly version?: string;
  readonly now?: () => Date;
}

/** A running NCALayer emulator. */
export interface NcaLayerEmulator {
  /** `ws://127.0.0.1:<port>` (or `wss://`). */
  readonly url: string;
  /** The self-signed certificate's PEM when `tls` is on, for clients to trust. */
  readonly certificatePem: string | undefined;
  /** Changes what the emulated user does from the next request on. */
  setBehaviour(behaviour: NcaLayerBehaviour): void;
  /** Every request text received, oldest first (for assertions). */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** Starts a websocket server on 127.0.0.1 that speaks NCALayer's `kz.gov.pki.knca.basics` protocol with testkit keys. */
export async function startNcaLayerEmulator(options: NcaLayerEmulatorOptions): Promise<NcaLayerEmulator> {
  const signers = [...(options.signer ? [options.signer] : []), ...(options.signers ?? [])];
  let behaviour: NcaLayerBehaviour = options.behaviour ?? 'sign';
  const requests: string[] = [];
  const tls = options.tls ? localhostCertificate() : undefined;
  const server = tls
    ? createHttpsServer({ cert: tls.certificatePem, key: tls.privateKeyPem })
    : createHttpServer();
  const sockets = new WebSocketServer({ server });
  const greeting: NcaLayerGreeting = { result: { version: options.version ?? '1.4' } };
  sockets.on('connection', (socket) => {
    socket.send(JSON.stringify(greeting));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      requests.push(text);
      const now = (options.now ?? (() => new Date()))();
      socket.send(handleNcaLayerMessage(text, { signers, behaviour, now }));
    });
  });
  // A busy port rejects (EADDRINUSE) instead of an unhandled 'error' event crashing the process.
  sockets.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'wss' : 'ws'}://127.0.0.1:${port}`,
    certificatePem: tls?.certificatePem,
    setBehaviour: (next) => {
      behaviour = next;
    },
    requests,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
