import type { Plugin, Rollup } from 'vite';
import type { RouteName } from '../src/routes/routeNames.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The screen of `/`, the page a new user meets first (its route's lazy chunk). */
export const FIRST_ROUTE_SCREEN = 'src/screens/public/LandingScreen.tsx';

/** The portal strings of the default language (kk), loaded by the first render of a visitor without a choice yet. */
export const DEFAULT_LANG_STRINGS = 'src/i18n/kk.ts';

/** Core's error texts in the default language, a chunk the portal loads beside its strings (src/i18n/errorTexts.ts). */
export const DEFAULT_LANG_ERROR_TEXTS = '\0virtual:qoltanba-error-texts/kk';

/**
 * Pages people open directly (`/`, a shared `/check` link, a bookmark into the cabinet) and the screen modules they
 * show first: each gets a copy of index.html (`pages/<name>.html`) preloading those instead of the landing screen,
 * and `route-pages.json` tells the server which copy answers which path (`/` exactly, the others as prefixes).
 * index.html itself stays an empty shell: the history fallback of every other path. `prerender` names the path
 * whose first screen build/prerender.mjs renders into the page's HTML, and the route main.tsx then hydrates it on.
 */
export const ROUTE_PAGES: readonly RoutePage[] = [
  { name: 'main', prefix: '/', modules: [FIRST_ROUTE_SCREEN], prerender: { path: '/', route: 'main' } },
  {
    name: 'check',
    prefix: '/check',
    // The verification dropzone too, a lazy part of the widgets: the prerender paints it, so its styles must be in
    // the page and its code on the way for the hydration.
    modules: ['src/screens/public/CheckScreen.tsx', 'widgets/src/verification-report/VerifyDropzone.tsx'],
    prerender: { path: '/check', route: 'Check' },
  },
  { name: 'tariffs', prefix: '/tariffs', modules: ['src/screens/public/TariffsScreen.tsx'] },
  {
    name: 'cabinet',
    prefix: '/cabinet',
    // The cabinet's frame (with its login request) and the document lists, where `/cabinet` leads.
    modules: ['src/cabinet/CabinetLayout.tsx', 'src/screens/cabinet/DocumentListScreen.tsx'],
    // An anonymous visitor's cabinet, whatever the path below it: the login request (CabinetLayout's gate).
    prerender: { path: '/cabinet/incoming', route: 'Cabinet' },
  },
];

/** A page's prerendered first screen: the path rendered at build time and the route whose screen it shows. */
export interface PrerenderedRoute {
  path: string;
  route: RouteName;
}

/** A page with its own preloads: its file name, the path prefix it answers, the screen modules it shows first. */
export interface RoutePage {
  name: string;
  prefix: string;
  modules: readonly string[];
  /** Its first screen rendered into the HTML at build time (absent: the page's root stays empty until the JS runs). */
  prerender?: PrerenderedRoute;
}

/** What the server reads from `route-pages.json`: which page file answers a path prefix (and build/prerender.mjs what to render). */
export interface RoutePageEntry {
  prefix: string;
  file: string;
  prerender?: PrerenderedRoute;
  /** Added by build/prerender.mjs: the copy of `file` with the first screen in, for anonymous visitors in kk. */
  prerendered?: string;
}

// Marks the links of the first route's screen, so a page of its own can swap them for its screen's.
const FIRST_ROUTE_MARK = 'data-first-route';

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/** The chunk files of `modules` with their static imports, transitively. */
function closureOf(chunks: readonly OutputChunk[], modules: readonly string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const module of modules) {
    const root = chunks.find(
      (chunk) => chunk.facadeModuleId === module || chunk.facadeModuleId?.endsWith(`/${module}`),
    );
    if (!root) throw new Error(`route modulepreload: no chunk for ${module}`);
    visit(root.fileName);
  }
  return [...files];
}

const preloadLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
const styleLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;

/**
 * Vite plugin: `<link rel="modulepreload">` in index.html for the first route's screen chunk, the default language's
 * strings and error texts and the chunks they import, so the browser fetches them beside the entry instead of after it has run (no
 * request waterfall on `/`); and for each of {@link ROUTE_PAGES} a copy of index.html preloading that page's screens
 * instead of the landing screen, with `route-pages.json` naming them for the server's history fallback. Vite preloads
 * only the entry's static imports; the router loads each screen lazily and the portal each language's strings (a
 * visitor who chose ru or en fetches theirs after the entry, kk's ~6 kB aside).
 */
export function firstRouteModulePreload(pages: readonly RoutePage[] = ROUTE_PAGES): Plugin {
  return {
    name: 'qoltanba:first-route-modulepreload',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const strings = closureOf(chunks, [DEFAULT_LANG_STRINGS, DEFAULT_LANG_ERROR_TEXTS]);
        const screen = closureOf(chunks, [FIRST_ROUTE_SCREEN]).filter((file) => !strings.includes(file));
        const links = [
          ...screen.map((file) => ({ file, first: true })),
          ...strings.map((file) => ({ file, first: false })),
        ].filter(({ file }) => !html.includes(`/${file}"`));
        return links.map(({ file, first }) => ({
          tag: 'link',
          attrs: {
            rel: 'modulepreload',
            crossorigin: true,
            href: `/${file}`,
            ...(first ? { [FIRST_ROUTE_MARK]: true } : {}),
          },
          injectTo: 'head' as const,
        }));
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      // index.html without the landing screen's links: what every page shares.
      const shared = html.replace(new RegExp(`\\s*<link [^>]*${FIRST_ROUTE_MARK}[^>]*>`, 'g'), '');
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entries: RoutePageEntry[] = pages.map((page) => {
        const files = closureOf(chunks, page.modules);
        // The screens' styles too: vite's loader would fetch them only after the entry has run.
        const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        // Whatever index.html already loads (the entry's script, its preloads and styles) is left out.
        const links = [
          ...[...new Set(styles)].map((css) => ({ url: css, tag: styleLink(css) })),
          ...files.map((file) => ({ url: file, tag: preloadLink(file) })),
        ]
          .filter(({ url }) => !shared.includes(`"/${url}"`))
          .map(({ tag }) => `    ${tag}\n`)
          .join('');
        const file = `pages/${page.name}.html`;
        const source = shared.replace(/\n\s*<\/head>/, `\n${links}  </head>`);
        this.emitFile({ type: 'asset', fileName: file, source });
        return { prefix: page.prefix, file, ...(page.prerender ? { prerender: page.prerender } : {}) };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-pages.json',
        source: `${JSON.stringify(entries, null, 2)}\n`,
      });
    },
  };
}
