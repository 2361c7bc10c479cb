import { z } from 'zod';
import type { Config } from '../config/config.js';
import { type EnvValues, envInteger, envNumber, envText } from '../config/env-fields.js';
import { parseTrustProxy } from '../config/trust-proxy.js';

/** Log levels accepted by LOG_LEVEL (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The HTTP server's variables: where it listens, what it logs, how much and how long it takes from clients. */
export const httpEnv = {
  PORT: envInteger({ min: 0, max: 65535 }, 8080),
  HOST: envText('localhost'),
  RATE_LIMIT_MAX: envInteger({ positive: true }, 600),
  QOLTANBA_TRUST_PROXY: envText(),
  // Fractions of a second are for tests; a real server keeps whole seconds.
  QOLTANBA_HEADERS_TIMEOUT_SECONDS: envNumber({ min: 0.1, max: 300 }, 20),
  QOLTANBA_REQUEST_TIMEOUT_SECONDS: envNumber({ min: 0.1, max: 3600 }, 300),
  QOLTANBA_IDLE_TIMEOUT_SECONDS: envNumber({ min: 0.1, max: 3600 }, 30),
  QOLTANBA_SHUTDOWN_SECONDS: envNumber({ min: 0.1, max: 3600 }, 25),
  QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS: envInteger({ min: 0, max: 1_000_000 }),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(LOG_LEVELS).default('info'),
  ),
  QOLTANBA_BODY_LIMIT: envInteger({ positive: true }, 1024 * 1024),
};

type HttpSettings = Pick<
  Config,
  | 'port'
  | 'host'
  | 'rateLimitMax'
  | 'trustProxy'
  | 'httpTimeouts'
  | 'maxConnectionsPerAddress'
  | 'logLevel'
  | 'bodyLimit'
  | 'shutdownMs'
>;

/** The HTTP settings of {@link httpEnv}'s values; throws an Error naming the variable when they disagree. */
export function httpSettings(e: EnvValues<typeof httpEnv>): HttpSettings {
  const trustProxy = parseTrustProxy(e.QOLTANBA_TRUST_PROXY);
  if (e.QOLTANBA_HEADERS_TIMEOUT_SECONDS > e.QOLTANBA_REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      'QOLTANBA_HEADERS_TIMEOUT_SECONDS must not exceed QOLTANBA_REQUEST_TIMEOUT_SECONDS (the headers are part of ' +
        'the request).',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy,
    httpTimeouts: {
      headersMs: Math.round(e.QOLTANBA_HEADERS_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(e.QOLTANBA_REQUEST_TIMEOUT_SECONDS * 1000),
      idleMs: Math.round(e.QOLTANBA_IDLE_TIMEOUT_SECONDS * 1000),
    },
    // Behind proxies counted by hops every connection may be a proxy's: no bound unless one is asked for.
    maxConnectionsPerAddress:
      e.QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS ?? (typeof trustProxy === 'number' ? 0 : 128),
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.QOLTANBA_BODY_LIMIT,
    shutdownMs: Math.round(e.QOLTANBA_SHUTDOWN_SECONDS * 1000),
  };
}
