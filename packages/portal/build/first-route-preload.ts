import type { Plugin } from 'vite';

/** The screen of `/`, the page a new user meets first (its route's lazy chunk). */
export const FIRST_ROUTE_SCREEN = 'src/screens/public/LandingScreen.tsx';

/** The portal strings of the default language (kk), loaded by the first render of a visitor without a choice yet. */
export const DEFAULT_LANG_STRINGS = 'src/i18n/kk.ts';

/**
 * Vite plugin: `<link rel="modulepreload">` in index.html for the first route's screen chunk, the default language's
 * strings and the chunks they import, so the browser fetches them beside the entry instead of after it has run (no
 * request waterfall on `/`). Vite preloads only the entry's static imports; the router loads each screen lazily and
 * the portal each language's strings (a visitor who chose ru or en fetches theirs after the entry, kk's ~6 kB aside).
 */
export function firstRouteModulePreload(
  modules: readonly string[] = [FIRST_ROUTE_SCREEN, DEFAULT_LANG_STRINGS],
): Plugin {
  return {
    name: 'qoltanba:first-route-modulepreload',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const files = modules.flatMap((module) => {
          const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
          if (!root) throw new Error(`first-route-modulepreload: no chunk for ${module}`);
          return [root.fileName, ...root.imports];
        });
        return [...new Set(files)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
