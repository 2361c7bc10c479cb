/** The build-time settings the portal reads (a subset of `import.meta.env`). */
export interface PortalEnvSource {
  MODE: string;
  VITE_QOLTANBA_ENV?: string;
  VITE_QOLTANBA_COOKIE_DOMAIN?: string;
}

/** Settings resolved from the build environment. */
export interface PortalEnv {
  /** Environment name handed to error reporting; only `production` enables it. */
  environment: string;
  /** Cookie domain, or undefined for the current host. */
  cookieDomain: string | undefined;
}

/**
 * Resolves the portal settings. The environment is `production` only when the bundle is a production
 * build AND it is deployed as the main production environment, so staging builds never report errors.
 */
export function resolvePortalEnv(source: PortalEnvSource): PortalEnv {
  const declared = source.VITE_QOLTANBA_ENV?.trim() || 'development';
  const environment = declared === 'production' && source.MODE !== 'production' ? 'development' : declared;
  const cookieDomain = source.VITE_QOLTANBA_COOKIE_DOMAIN?.trim() || undefined;
  return { environment, cookieDomain };
}

/**
 * Whether the identity checks accept the NCA test IINs/BINs (attach by IIN, signers, counterparties): everywhere
 * but the production deployment, like the server's QOLTANBA_IDENTITY_TEST_MODE.
 */
export const IDENTITY_TEST_MODE = resolvePortalEnv(import.meta.env).environment !== 'production';
