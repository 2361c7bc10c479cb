import { describe, expect, it } from 'vitest';
import { resolvePortalEnv } from './portalEnv';

describe('resolvePortalEnv', () => {
  it('defaults to development and the current host', () => {
    expect(resolvePortalEnv({ MODE: 'production' })).toEqual({
      environment: 'development',
      cookieDomain: undefined,
    });
  });

  it('is production only for a production build deployed as production', () => {
    expect(resolvePortalEnv({ MODE: 'production', VITE_QOLTANBA_ENV: 'production' }).environment).toBe(
      'production',
    );
    expect(resolvePortalEnv({ MODE: 'development', VITE_QOLTANBA_ENV: 'production' }).environment).toBe(
      'development',
    );
    expect(resolvePortalEnv({ MODE: 'production', VITE_QOLTANBA_ENV: 'staging' }).environment).toBe(
      'staging',
    );
  });

  it('reads the cookie domain, treating blank as unset', () => {
    expect(resolvePortalEnv({ MODE: 'x', VITE_QOLTANBA_COOKIE_DOMAIN: '.qoltanba.kz' }).cookieDomain).toBe(
      '.qoltanba.kz',
    );
    expect(resolvePortalEnv({ MODE: 'x', VITE_QOLTANBA_COOKIE_DOMAIN: '  ' }).cookieDomain).toBeUndefined();
  });
});
