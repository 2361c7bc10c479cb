import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANG, GATEWAY_COOKIE, LANG_COOKIE, resolveLang } from '@qoltanba/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cookieValue } from './cookie-value.js';

/** Long cache for content-hashed files; everything else revalidates. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Widget bundles are loaded by partner pages: they get cross-origin headers (see app.ts). */
export const WIDGETS_PREFIX = '/widgets/';

/** Path prefixes that never fall back to the portal page. */
const NON_PORTAL_PREFIXES = ['/api/', '/proxy/', '/dev/', '/widgets/', '/assets/'];
const NON_PORTAL_PATHS = new Set(['/api', '/proxy', '/dev', '/widgets', '/healthz', '/readyz']);

/** Path of a URL without its query. */
export function pathOf(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? url : url.slice(0, index);
}

/** API-like paths: unknown ones answer 404 ROUTE_NOT_FOUND. */
export function isApiPath(path: string): boolean {
  return ['/api', '/proxy', '/dev'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Whether a request that matched nothing should get the portal's index.html (history fallback):
 * a GET/HEAD of `/`, or of a non-API path without a file extension from a client that accepts HTML.
 */
export function wantsPortalPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = pathOf(url);
  // The root always answers with the portal, whatever the client accepts (curl, health probes, ...).
  if (path === '/') return true;
  if (NON_PORTAL_PATHS.has(path) || NON_PORTAL_PREFIXES.some((prefix) => path.startsWith(prefix)))
    return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return false;
  return (accept ?? '').toLowerCase().includes('text/html');
}

/**
 * Portal pages whose address leads to a capability (the external document link; its token is in the fragment):
 * served with `Referrer-Policy: no-referrer`, so nothing the page links to learns which document it was.
 */
export function isCapabilityPage(url: string): boolean {
  return /^\/document\/[^/]+\/by-hash\/?$/.test(pathOf(url));
}

/** The page served when the portal has not been built. */
export const PORTAL_NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Qoltanba</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#333}</style>
</head><body><h1>Qoltanba</h1>
<p>The portal is not built. Run <code>npm run build</code> (or <code>npm start</code>) at the repository root,
or point <code>QOLTANBA_PORTAL_DIR</code> at a built portal.</p>
<p>The API is up: <a href="/healthz">/healthz</a>, <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body></html>
`;

/**
 * Pages of the portal build with their own preloads (`route-pages.json`, written by the portal's build beside
 * index.html): the page file that answers a path prefix, e.g. `/check` with `pages/check.html`.
 */
export interface RoutePage {
  prefix: string;
  file: string;
  /**
   * The same page with its first screen rendered in, as an anonymous visitor in the default language sees it (the
   * portal build's prerender): served to such visitors only, so no one else sees a screen that is not theirs first.
   */
  prerendered?: string;
}

const routePagesSchema = z.array(
  z.object({
    // `/` answers only `/` itself (pages/main.html, the prerendered landing); the others their paths below too.
    prefix: z.string().regex(/^\/[\w-]*$/),
    file: z.string().regex(/^pages\/[\w-]+\.html$/),
    prerendered: z
      .string()
      .regex(/^pages\/[\w-]+\.prerendered\.html$/)
      .optional(),
  }),
);

/** The route pages of a portal build; none when the build wrote no list (or an unreadable one: index.html serves all). */
export async function readRoutePages(portalDir: string): Promise<RoutePage[]> {
  const text = await readFile(join(portalDir, 'route-pages.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  try {
    const parsed = routePagesSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data
      .filter((page) => existsSync(join(portalDir, page.file)))
      .map(({ prerendered, ...page }) =>
        prerendered && existsSync(join(portalDir, prerendered)) ? { ...page, prerendered } : page,
      );
  } catch {
    return [];
  }
}

/**
 * The portal page a history-fallback path gets: the route page whose prefix is the path or a parent of it (its
 * screens preloaded beside the entry, no request waterfall; `/` is the prefix of nothing but itself), its prerendered
 * copy for an anonymous visitor in the default language (`cookie`: the request's header), else index.html.
 */
export function portalPageFor(routePages: readonly RoutePage[], url: string, cookie?: string): string {
  const path = pathOf(url);
  const page = routePages.find(
    (entry) => path === entry.prefix || (entry.prefix !== '/' && path.startsWith(`${entry.prefix}/`)),
  );
  if (!page) return 'index.html';
  return page.prerendered && seesPrerenderedPages(url, cookie) ? page.prerendered : page.file;
}

/**
 * Whether a request comes from whom the portal's pages are prerendered for: no session cookie (the sdk writes
 * GATEWAY with the tokens) and the default language by the portal's own choice (`?lang=`, else the `lang` cookie).
 * Anyone else gets the empty page and the app's first render, not a flash of another language or of the login.
 */
export function seesPrerenderedPages(url: string, cookie: string | undefined): boolean {
  if (cookieValue(cookie, GATEWAY_COOKIE)) return false;
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('lang') : null;
  return resolveLang(query, cookieValue(cookie, LANG_COOKIE)) === DEFAULT_LANG;
}

/** Which static folders were found and are served. */
export interface StaticServing {
  portalBuilt: boolean;
  /** The portal build's pages with their own preloads (see {@link portalPageFor}). */
  routePages: RoutePage[];
  widgetsServed: boolean;
  /** The iframe SDK's scripts found in the sdk's build and served under `/widgets/`. */
  embedScripts: string[];
  /** Whether the help widget's build was found: its loader at `/widgets/help-widget.js`, its panel under `/widgets/help/`. */
  helpWidgetServed: boolean;
}

/**
 * The iframe SDK's builds (`@qoltanba/sdk/embed`), served next to the widget bundles so a partner page needs one
 * script tag from our origin: `<script src="https://qoltanba.kz/widgets/embed.global.js">` defines `Qoltanba`,
 * whose default server is then the script's origin. Only these files of the sdk's folder are served.
 */
export const EMBED_SCRIPT_FILES = [
  'embed.global.js',
  'embed.global.js.map',
  'embed.js',
  'embed.js.map',
] as const;

/**
 * The help widget's script-tag loader (`@qoltanba/help-widget`, HELP_WIDGET_SCRIPT in core) and its map, served from
 * the package's build; the panel it loads on demand is the build's `help/` folder, served at `/widgets/help/`.
 */
export const HELP_WIDGET_FILES = ['help-widget.js', 'help-widget.js.map'] as const;
/** The folder of the help widget's build with its panel module, beside the loader. */
export const HELP_PANEL_FOLDER = 'help';

/** Precompressed copies the builds write beside each text asset (`scripts/precompress.mjs`), in order of preference. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type ContentEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The encodings a client's `accept-encoding` allows, in our order of preference (brotli, then gzip); `*` counts as
 * both, `;q=0` refuses one. Empty when the client sent no header or accepts neither: then it gets the original bytes.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): ContentEncoding[] {
  if (!acceptEncoding) return [];
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(token, Number.isFinite(value) ? value : 0);
  }
  return PRECOMPRESSED.map(({ encoding }) => encoding).filter(
    (encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0,
  );
}

/** Sends one built file, its precompressed copy when the client accepts one and the build wrote it; varies on it. */
async function sendBuiltFile(reply: FastifyReply, path: string, acceptEncoding: string | undefined) {
  reply.header('vary', 'accept-encoding');
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const suffix = PRECOMPRESSED.find((entry) => entry.encoding === encoding)?.suffix ?? '';
    const compressed = await readFile(path + suffix).catch(() => undefined);
    if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  }
  return reply.send(await readFile(path));
}

function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? IMMUTABLE_CACHE : NO_CACHE;
}

/**
 * The widget builds' folders of chunks named with their content hash (`[name]-[hash]`, vite.elements.config.ts and
 * vite.react-embed.config.ts); the entries a partner page names (`/widgets/qoltanba-sign.js`) sit above them.
 */
const WIDGETS_HASHED_CHUNK_RE = /^(?:elements|react-embed)\/[^/]+-[\w-]{8}\.(?:m?js|css|wasm|woff2?)$/;

/**
 * Hashed widget chunks are immutable like the portal's assets; the entries and everything else revalidate. `path` is
 * the file sent, its precompressed copy's when one was chosen.
 */
export function widgetsCacheControlFor(widgetsDir: string, path: string): string {
  const served = relative(widgetsDir, path)
    .split(sep)
    .join('/')
    .replace(/\.(?:br|gz)$/, '');
  return WIDGETS_HASHED_CHUNK_RE.test(served) ? IMMUTABLE_CACHE : NO_CACHE;
}

// Hashed portal assets, widget bundles and the few root files (favicon, robots.txt) a page load pulls in.
const STATIC_FILE_RE = /^\/(?:(?:assets|widgets)\/.+|[\w.-]+\.(?:svg|ico|png|txt|webmanifest|js|css|map))$/;

/**
 * True for a request of a static file. The global rate limit skips these: one page load fetches a dozen of
 * them, and each costs a file read. Page loads, unknown paths and the API stay limited.
 */
export function isStaticFilePath(url: string): boolean {
  return STATIC_FILE_RE.test(pathOf(url));
}

/**
 * Serves the built portal at `/` and the widget bundles at `/widgets/` when their folders exist, each text file as
 * its precompressed copy (brotli or gzip) when the client accepts one.
 * The history fallback itself lives in the not-found handler (see app.ts), which uses `reply.sendFile`.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  dirs: { portalDir: string; widgetsDir: string; sdkDir: string; helpWidgetDir: string },
): Promise<StaticServing> {
  const portalBuilt = existsSync(join(dirs.portalDir, 'index.html'));
  const widgetsServed = existsSync(dirs.widgetsDir);
  if (portalBuilt) {
    await app.register(fastifyStatic, {
      root: dirs.portalDir,
      prefix: '/',
      index: ['index.html'],
      // `/` goes to the history fallback too: route-pages.json may name its own page (the prerendered landing).
      allowedPath: (path: string) => path !== '/',
      cacheControl: false,
      // The builds wrote `.br` / `.gz` beside each text file: chosen by accept-encoding, with `vary: accept-encoding`.
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }
  if (widgetsServed) {
    await app.register(fastifyStatic, {
      root: dirs.widgetsDir,
      prefix: '/widgets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The builds wrote `.br` / `.gz` beside each text file: chosen by accept-encoding, with `vary: accept-encoding`.
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders(reply, path) {
        reply.header('cache-control', widgetsCacheControlFor(dirs.widgetsDir, path));
      },
    });
  }
  const embedScripts = EMBED_SCRIPT_FILES.filter((name) => existsSync(join(dirs.sdkDir, name)));
  const helpWidgetServed = existsSync(join(dirs.helpWidgetDir, HELP_WIDGET_FILES[0]));
  const scripts = [
    ...embedScripts.map((name) => [name, dirs.sdkDir] as const),
    ...(helpWidgetServed
      ? HELP_WIDGET_FILES.filter((name) => existsSync(join(dirs.helpWidgetDir, name))).map(
          (name) => [name, dirs.helpWidgetDir] as const,
        )
      : []),
  ];
  for (const [name, dir] of scripts) {
    // A route of its own beats the widgets folder's wildcard; the onRequest hook gives it the widget headers.
    app.get(`${WIDGETS_PREFIX}${name}`, async (request, reply) =>
      sendBuiltFile(
        reply
          .type(name.endsWith('.map') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8')
          .header('cache-control', NO_CACHE),
        join(dir, name),
        request.headers['accept-encoding'],
      ),
    );
  }
  if (helpWidgetServed && existsSync(join(dirs.helpWidgetDir, HELP_PANEL_FOLDER))) {
    // The panel module the loader imports from beside itself; not content-hashed, so it revalidates like the loader.
    await app.register(fastifyStatic, {
      root: join(dirs.helpWidgetDir, HELP_PANEL_FOLDER),
      prefix: `${WIDGETS_PREFIX}${HELP_PANEL_FOLDER}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The builds wrote `.br` / `.gz` beside each text file: chosen by accept-encoding, with `vary: accept-encoding`.
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders(reply) {
        reply.header('cache-control', NO_CACHE);
      },
    });
  }
  const routePages = portalBuilt ? await readRoutePages(dirs.portalDir) : [];
  return { portalBuilt, routePages, widgetsServed, embedScripts, helpWidgetServed };
}
