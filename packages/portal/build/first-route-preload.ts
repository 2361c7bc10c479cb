import type { Plugin } from 'vite';

/** The screen of `/`, the page a new user meets first (its route's lazy chunk). */
export const FIRST_ROUTE_SCREEN = 'src/screens/public/LandingScreen.tsx';

/**
 * Vite plugin: `<link rel="modulepreload">` in index.html for the first route's screen chunk and the chunks it
 * imports, so the browser fetches them beside the entry instead of after it has run (no request waterfall on `/`).
 * Vite preloads only the entry's static imports; the router loads each screen lazily.
 */
export function firstRouteModulePreload(screen: string = FIRST_ROUTE_SCREEN): Plugin {
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
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${screen}`));
        if (!root) throw new Error(`first-route-modulepreload: no chunk for ${screen}`);
        const files = [root.fileName, ...root.imports].filter((file) => !html.includes(`/${file}"`));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
