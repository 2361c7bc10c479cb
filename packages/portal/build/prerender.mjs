#!/usr/bin/env node
// Step of the portal's build, after `vite build` and `vite build --ssr src/prerender/prerenderPage.tsx`: renders the
// first screen of each page of route-pages.json that names a `prerender` path into a copy of that page
// (`pages/<name>.prerendered.html`, its `<div id="root">` marked with the route it shows) and names the copy in
// route-pages.json. The server gives the copy to anonymous visitors in the default language (whom it was rendered
// for): the browser paints it before the JS runs and main.tsx hydrates it (issue 22's LCP). Plain node, no browser:
// `npm install && npm start` builds it on a fresh machine.
// Usage: node build/prerender.mjs [<dist> [<ssr bundle folder>]]
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The attribute on `#root` naming the prerendered route (read by src/prerender/prerenderedRoute.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
const EMPTY_ROOT = '<div id="root"></div>';

const dist = resolve(process.argv[2] ?? 'dist');
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page's stylesheets inlined, so the first paint needs the HTML alone, not a round trip per sheet (a handful of
 * small files). Each link stays, `disabled` (never fetched): vite's loader finds it and does not add the sheet again
 * when the route's chunk imports it.
 */
async function inlineStylesheets(html) {
  const sheets = new Map();
  for (const [, file] of html.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(join(dist, file), 'utf8');
    if (css.includes('</')) throw new Error(`prerender: ${file} cannot be inlined (it holds "</")`);
    sheets.set(file, css.trim());
  }
  return html.replace(
    STYLESHEET_LINK,
    (_link, file) =>
      `<style>${sheets.get(file)}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`,
  );
}
/**
 * The loader of a prerendered page's scripts (a classic script: `document.currentScript` names its data). It adds the
 * modulepreloads and the entry once the first frame is painted (a timeout queued from the frame callback runs after
 * it), so the HTML paints without waiting for any script and hydration follows; a hidden tab paints no frames, so it
 * loads at once there. One file for every page, content-hashed like vite's assets.
 */
const AFTER_PAINT_LOADER = `(function () {
  var data = document.currentScript.dataset, started = false;
  function load() {
    if (started) return;
    started = true;
    data.preload.split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module'; script.crossOrigin = ''; script.src = data.entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(function () { setTimeout(load, 0); });
})();
`;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/** Writes the loader into assets/ under its content hash; answers its address. */
async function writeAfterPaintLoader() {
  const hash = createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64url').slice(0, 8);
  const file = `assets/after-paint-${hash}.js`;
  await writeFile(join(dist, file), AFTER_PAINT_LOADER);
  return `/${file}`;
}

/**
 * The page's entry script and modulepreloads handed to the after-paint loader (in the entry's place, deferred), so
 * no script is fetched before the prerendered HTML is on screen (issue 22: the first paint waited for the local
 * chunks, and Lighthouse's simulation then charged their download to LCP).
 */
function loadScriptsAfterPaint(html, loader) {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`prerender: expected one entry script, found ${entries.length}`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const tag = `<script defer src="${loader}" data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"></script>`;
  return html
    .replace(ENTRY_SCRIPT, () => tag)
    .replace(MODULE_PRELOAD, '')
    .replace(/\n\s*\n/g, '\n');
}
const ssrDir = resolve(process.argv[3] ?? 'dist-prerender');
// React's production server renderer: the HTML must be what the production client hydrates.
process.env.NODE_ENV = 'production';

const { prerenderPage, PRERENDERED_BODY_CLASS } = await import(
  pathToFileURL(join(ssrDir, 'prerenderPage.js')).href
);
const pages = JSON.parse(await readFile(join(dist, 'route-pages.json'), 'utf8'));
const loader = await writeAfterPaintLoader();
for (const page of pages) {
  if (!page.prerender) continue;
  const file = join(dist, page.file);
  const html = await readFile(file, 'utf8');
  if (html.split(EMPTY_ROOT).length !== 2)
    throw new Error(`prerender: ${page.file} has no single empty #root`);
  if (html.split('<body>').length !== 2)
    throw new Error(`prerender: ${page.file} has no single plain <body>`);
  const app = await prerenderPage(page.prerender.path);
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page.prerender.route}">${app}</div>`;
  const body = `<body class="${PRERENDERED_BODY_CLASS}">`;
  const prerendered = html.replace(EMPTY_ROOT, () => root).replace('<body>', () => body);
  page.prerendered = page.file.replace(/\.html$/, '.prerendered.html');
  await writeFile(
    join(dist, page.prerendered),
    loadScriptsAfterPaint(await inlineStylesheets(prerendered), loader),
  );
  console.log(
    `prerender: ${page.prerendered} <- ${page.prerender.path} (${page.prerender.route}, ${app.length} chars)`,
  );
}
await writeFile(join(dist, 'route-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
// The server bundle is a build tool, never served.
await rm(ssrDir, { recursive: true, force: true });
