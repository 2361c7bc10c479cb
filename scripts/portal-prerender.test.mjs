// The build's prerender of issue 22 (packages/portal/build/prerender.mjs): the pages people open first hold their
// first screen in the HTML, as an anonymous visitor in kk sees it, painted with the page's own stylesheets before the
// JS runs; the history fallback (index.html) stays an empty shell. Reads the built portal (`npm run build`).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../packages/portal/dist', import.meta.url));
const routePagesPath = join(dist, 'route-pages.json');
const routePages = existsSync(routePagesPath) ? JSON.parse(readFileSync(routePagesPath, 'utf8')) : [];

/** The prerendered pages: the route marked on `#root`, its heading in kk, and what only the cabinet shows. */
const PRERENDERED = {
  '/': { route: 'main', heading: 'Құжаттарға ЭЦҚ немесе eGov mobile арқылы онлайн қол қойыңыз' },
  '/check': { route: 'Check', heading: 'Қолтаңбаны тексеру' },
  '/cabinet': { route: 'Cabinet', heading: 'Кабинетке кіріңіз' },
};
const CABINET_MARKUP = 'data-route="CabinetLoginGate"';
const CABINET_SOURCES = /portal\/src\/(cabinet|screens\/cabinet|screens\/onboarding)\//;
// Classes the HTML carries that no stylesheet needs to define (react-router's NavLink marks the current link).
const UNSTYLED_CLASSES = new Set(['active']);

const pageHtml = (prefix) => {
  const page = routePages.find((entry) => entry.prefix === prefix);
  return page?.prerendered ? readFileSync(join(dist, page.prerendered), 'utf8') : '';
};
const rootOf = (html) => /<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<noscript>/.exec(html);
const linked = (html, rel) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="/([^"]+)"`, 'g'))].map((m) => m[1]);
/** The entry and the modules the page's after-paint loader adds (build/prerender.mjs), without the leading `/`. */
const loadedAfterPaint = (html) => {
  const tag =
    /<script defer src="\/assets\/after-paint-[\w-]+\.js" data-entry="\/([^"]+)" data-preload="([^"]*)"><\/script>/.exec(
      html,
    );
  return tag
    ? [
        tag[1],
        ...tag[2]
          .split(' ')
          .filter(Boolean)
          .map((href) => href.slice(1)),
      ]
    : [];
};
const sourcesOf = (file) => {
  const map = join(dist, `${file}.map`);
  return existsSync(map)
    ? JSON.parse(readFileSync(map, 'utf8')).sources.map((source) => resolve(dirname(map), source))
    : [];
};

describe('the portal build prerenders the pages opened first', () => {
  it('index.html, the fallback of every other path, and every page for other visitors have an empty #root', () => {
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(index).toContain('<div id="root"></div>');
    expect(routePages.length).toBeGreaterThan(3);
    for (const page of routePages) {
      expect(readFileSync(join(dist, page.file), 'utf8'), page.file).toContain('<div id="root"></div>');
    }
  });

  it('names a prerendered copy beside the pages of /, /check and /cabinet only', () => {
    const prerendered = routePages.filter((page) => page.prerendered).map((page) => page.prefix);
    expect(prerendered.sort()).toEqual(Object.keys(PRERENDERED).sort());
  });

  for (const [prefix, { route, heading }] of Object.entries(PRERENDERED)) {
    describe(prefix, () => {
      const html = pageHtml(prefix);
      const root = rootOf(html);

      it(`holds its first screen (${route}) with its kk heading, marked for the hydration`, () => {
        expect(root, `a prerendered #root in the page of ${prefix}`).not.toBeNull();
        expect(root?.[1]).toBe(` data-prerendered="${route}"`);
        expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(root?.[2] ?? '')?.[1]).toBe(heading);
        // The header and footer of the root layout around it.
        expect(root?.[2]).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
      });

      it('carries the theme class on <body>, so the first paint is laid out as the app lays it out', () => {
        const bodyClass = /<body class="([^"]+)">/.exec(html)?.[1];
        expect(bodyClass).toBeDefined();
        const css = linked(html, 'stylesheet').map((file) => readFileSync(join(dist, file), 'utf8'));
        expect(css.some((text) => text.includes(`.${bodyClass}`))).toBe(true);
      });

      it('uses no class its own stylesheets do not define (else it paints unstyled, then shifts)', () => {
        const css = linked(html, 'stylesheet')
          .map((file) => readFileSync(join(dist, file), 'utf8'))
          .join('\n');
        const classes = new Set(
          [...(root?.[2] ?? '').matchAll(/class="([^"]*)"/g)]
            .flatMap((m) => m[1].split(/\s+/))
            .filter(Boolean),
        );
        expect(classes.size).toBeGreaterThan(20);
        const defined = (name) => new RegExp(`\\.${name.replace(/[^\w]/g, '\\$&')}(?![\\w-])`).test(css);
        expect([...classes].filter((name) => !UNSTYLED_CLASSES.has(name) && !defined(name))).toEqual([]);
      });

      if (prefix !== '/cabinet') {
        it('shows and loads nothing of the cabinet', () => {
          expect(root?.[2]).not.toContain(CABINET_MARKUP);
          const cabinetChunks = loadedAfterPaint(html).filter((file) =>
            sourcesOf(file).some((source) => CABINET_SOURCES.test(source)),
          );
          expect(cabinetChunks).toEqual([]);
        });
      } else {
        it("an anonymous visitor's cabinet is its login request", () => {
          expect(root?.[2]).toContain(CABINET_MARKUP);
        });
      }
    });
  }

  it('fetches no script before the first paint: the after-paint loader names the entry and every chunk of the page', () => {
    for (const prefix of Object.keys(PRERENDERED)) {
      const html = pageHtml(prefix);
      const page = readFileSync(join(dist, routePages.find((entry) => entry.prefix === prefix).file), 'utf8');
      expect(html, prefix).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(page)?.[1];
      const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(preloads.length, prefix).toBeGreaterThan(3);
      expect(loadedAfterPaint(html), prefix).toEqual([entry, ...preloads]);
    }
    const loader = /src="\/(assets\/after-paint-[\w-]+\.js)"/.exec(pageHtml('/'))?.[1] ?? '';
    const code = readFileSync(join(dist, loader), 'utf8');
    expect(code).toContain('requestAnimationFrame');
    expect(code).toContain("document.visibilityState === 'hidden'");
  });

  it('leaves the server bundle it rendered with out of the served folder', () => {
    expect(existsSync(join(dist, 'prerenderPage.js'))).toBe(false);
    expect(existsSync(join(dist, '..', 'dist-prerender'))).toBe(false);
  });
});
