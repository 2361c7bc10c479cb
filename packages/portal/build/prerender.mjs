#!/usr/bin/env node
// Step of the portal's build, after `vite build` and `vite build --ssr src/prerender/prerenderPage.tsx`: renders the
// first screen of each page of route-pages.json that names a `prerender` path into a copy of that page
// (`pages/<name>.prerendered.html`, its `<div id="root">` marked with the route it shows) and names the copy in
// route-pages.json. The server gives the copy to anonymous visitors in the default language (whom it was rendered
// for): the browser paints it before the JS runs and main.tsx hydrates it (issue 22's LCP). Plain node, no browser:
// `npm install && npm start` builds it on a fresh machine.
// Usage: node build/prerender.mjs [<dist> [<ssr bundle folder>]]
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
const ssrDir = resolve(process.argv[3] ?? 'dist-prerender');
// React's production server renderer: the HTML must be what the production client hydrates.
process.env.NODE_ENV = 'production';

const { prerenderPage, PRERENDERED_BODY_CLASS } = await import(
  pathToFileURL(join(ssrDir, 'prerenderPage.js')).href
);
const pages = JSON.parse(await readFile(join(dist, 'route-pages.json'), 'utf8'));
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
  const prerendered = html
    .replace(EMPTY_ROOT, () => root)
    .replace('<body>', () => body)
    // The page paints from its HTML and stylesheets; its scripts only hydrate it, so they yield the connections to
    // the stylesheets (module scripts are fetched at high priority, on HTTP/1.1 queued with them).
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
  page.prerendered = page.file.replace(/\.html$/, '.prerendered.html');
  await writeFile(join(dist, page.prerendered), await inlineStylesheets(prerendered));
  console.log(
    `prerender: ${page.prerendered} <- ${page.prerender.path} (${page.prerender.route}, ${app.length} chars)`,
  );
}
await writeFile(join(dist, 'route-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
// The server bundle is a build tool, never served.
await rm(ssrDir, { recursive: true, force: true });
