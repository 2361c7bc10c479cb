/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Deployment environment name; error reporting runs only when it is `production` (default `development`). */
  readonly VITE_QOLTANBA_ENV?: string;
  /** Domain for the `lang` and `lastProjectHref` cookies (e.g. `.qoltanba.kz`); unset means the current host. */
  readonly VITE_QOLTANBA_COOKIE_DOMAIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
