import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** Header carrying the request id in and out. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming X-Request-Id when it is short and plain, else a new UUID. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'code',
  'refreshToken',
  'access_token',
  'refresh_token',
  'token',
];

/** Log paths that are censored: auth headers, cookies and secret fields (passwords, codes, tokens). */
export const REDACTED_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
    `req.body.${field}`,
    `body.${field}`,
  ]),
].filter((path, index, all) => all.indexOf(path) === index);

/** Fastify/pino logger options: JSON lines, level from config, secrets redacted. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
