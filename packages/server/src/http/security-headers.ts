import { NCALAYER_DEFAULT_URL } from '@qoltanba/core';
import type { FastifyReply } from 'fastify';

/** NCALayer's local websocket, which the portal connects to for signing (when no other address is configured). */
export const NCALAYER_ORIGIN = new URL(NCALAYER_DEFAULT_URL).origin;

/** Options for {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** Adds HSTS; off locally because the dev server speaks plain HTTP. */
  production: boolean;
  /** Who may frame the response; `'none'` by default (the embed page passes its token's origins). */
  frameAncestors?: readonly string[];
  /** Cross-origin resource policy; widget bundles are loaded by partner pages, so they use `cross-origin`. */
  crossOriginResourcePolicy?: 'same-origin' | 'cross-origin';
  /** Websocket origins the portal may connect to besides its own: NCALayer's ({@link NCALAYER_ORIGIN} by default). */
  connectSources?: readonly string[];
}

/** The Content-Security-Policy value: same-origin by default, plus what the portal needs. */
export function contentSecurityPolicy(
  frameAncestors: readonly string[] = ["'none'"],
  connectSources: readonly string[] = [NCALAYER_ORIGIN],
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectSources],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [...frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Headers set on every response, errors and static files included. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const frameAncestors = options.frameAncestors ?? ["'none'"];
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(frameAncestors, options.connectSources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': options.crossOriginResourcePolicy ?? 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  // Old browsers ignore frame-ancestors; X-Frame-Options only expresses "nobody" and "same origin".
  if (frameAncestors.length === 1 && frameAncestors[0] === "'none'") headers['x-frame-options'] = 'DENY';
  if (frameAncestors.length === 1 && frameAncestors[0] === "'self'")
    headers['x-frame-options'] = 'SAMEORIGIN';
  if (options.production) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** Sets the given headers on a reply. */
export function applyHeaders(reply: FastifyReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
}
