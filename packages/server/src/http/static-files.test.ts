import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELP_WIDGET_SCRIPT } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import {
  IMMUTABLE_CACHE,
  isCapabilityPage,
  isStaticFilePath,
  NO_CACHE,
  portalPageFor,
  readRoutePages,
  wantsPortalPage,
} from './static-files.js';

const INDEX =
  '<!doctype html><html><head><title>Qoltanba portal</title></head><body><div id="root"></div></body></html>';
// The portal build's pages with their own preloads (route-pages.json beside index.html).
const CHECK_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/CheckScreen-1.js"></head>',
);
// The landing's own page: `/` exactly, never the fallback of other paths; with its first screen prerendered for an
// anonymous visitor in kk.
const MAIN_PAGE = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/Landing-1.js"></head>');
const MAIN_PRERENDERED = MAIN_PAGE.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="main"><h1>Q</h1></div>',
);
const CABINET_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/Cabinet-1.js"></head>',
);

describe('portalPageFor', () => {
  const pages = [
    { prefix: '/check', file: 'pages/check.html' },
    { prefix: '/cabinet', file: 'pages/cabinet.html' },
  ];
  it('answers the page of the prefix the path is or lies under, index.html otherwise', () => {
    expect(portalPageFor(pages, '/check')).toBe('pages/check.html');
    expect(portalPageFor(pages, '/check/12/3?lang=ru')).toBe('pages/check.html');
    expect(portalPageFor(pages, '/cabinet/incoming')).toBe('pages/cabinet.html');
    expect(portalPageFor(pages, '/checkout')).toBe('index.html');
    expect(portalPageFor(pages, '/')).toBe('index.html');
    expect(portalPageFor([], '/check')).toBe('index.html');
  });

  it('gives a page for `/` only `/` itself, not the paths below it', () => {
    const withMain = [{ prefix: '/', file: 'pages/main.html' }, ...pages];
    expect(portalPageFor(withMain, '/')).toBe('pages/main.html');
    expect(portalPageFor(withMain, '/?lang=ru')).toBe('pages/main.html');
    expect(portalPageFor(withMain, '/help/kk')).toBe('index.html');
    expect(portalPageFor(withMain, '/check')).toBe('pages/check.html');
  });

  it('gives the prerendered copy to an anonymous visitor in the default language only', () => {
    const check = [
      { prefix: '/check', file: 'pages/check.html', prerendered: 'pages/check.prerendered.html' },
    ];
    const prerendered = 'pages/check.prerendered.html';
    expect(portalPageFor(check, '/check')).toBe(prerendered);
    expect(portalPageFor(check, '/check', 'lang=kk; other=1')).toBe(prerendered);
    expect(portalPageFor(check, '/check?lang=kz', 'lang=ru')).toBe(prerendered);
    // Another language chosen, or a session: the empty page (the app's first render shows theirs).
    expect(portalPageFor(check, '/check', 'lang=ru')).toBe('pages/check.html');
    expect(portalPageFor(check, '/check?lang=en')).toBe('pages/check.html');
    expect(portalPageFor(check, '/check', 'GATEWAY=tok.en.x')).toBe('pages/check.html');
  });

  it('reads only a well-formed list naming page files that exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qoltanba-route-pages-'));
    try {
      expect(await readRoutePages(dir)).toEqual([]);
      await mkdir(join(dir, 'pages'));
      await writeFile(join(dir, 'pages', 'check.html'), CHECK_PAGE);
      const write = (value: unknown) => writeFile(join(dir, 'route-pages.json'), JSON.stringify(value));
      await write([...pages, { prefix: '/x', file: '../secret.html' }]);
      expect(await readRoutePages(dir)).toEqual([]);
      await write(pages);
      // The cabinet's page was not built: only the check page serves.
      expect(await readRoutePages(dir)).toEqual([pages[0]]);
      await writeFile(join(dir, 'route-pages.json'), '{not json');
      expect(await readRoutePages(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('isCapabilityPage', () => {
  it('is the external document page, with or without a query, and nothing else', () => {
    expect(isCapabilityPage('/document/15/by-hash')).toBe(true);
    expect(isCapabilityPage('/document/15/by-hash?lang=en')).toBe(true);
    expect(isCapabilityPage('/document/15/by-hash/')).toBe(true);
    expect(isCapabilityPage('/document/15')).toBe(false);
    expect(isCapabilityPage('/document/15/by-hash/x')).toBe(false);
    expect(isCapabilityPage('/check/1/2')).toBe(false);
  });
});

describe('wantsPortalPage', () => {
  it('falls back only for HTML GETs of non-API, extension-less paths', () => {
    expect(wantsPortalPage('GET', '/cabinet/incoming?x=1', 'text/html,application/xhtml+xml')).toBe(true);
    expect(wantsPortalPage('HEAD', '/tariffs', 'text/html')).toBe(true);
    expect(wantsPortalPage('GET', '/check/1/2', '*/*')).toBe(false);
    expect(wantsPortalPage('GET', '/?lang=ru', '*/*')).toBe(true);
    expect(wantsPortalPage('POST', '/cabinet', 'text/html')).toBe(false);
    expect(wantsPortalPage('GET', '/api/anything', 'text/html')).toBe(false);
    expect(wantsPortalPage('GET', '/proxy/x', 'text/html')).toBe(false);
    expect(wantsPortalPage('GET', '/favicon.ico', 'text/html')).toBe(false);
    expect(wantsPortalPage('GET', '/assets/missing', 'text/html')).toBe(false);
  });
});

describe('isStaticFilePath', () => {
  it('recognises assets, widget bundles and root files, not pages or the API', () => {
    expect(isStaticFilePath('/assets/index-Cx1a2b3c.js?v=1')).toBe(true);
    expect(isStaticFilePath('/widgets/elements.js')).toBe(true);
    expect(isStaticFilePath('/favicon.svg')).toBe(true);
    expect(isStaticFilePath('/cabinet/incoming')).toBe(false);
    expect(isStaticFilePath('/')).toBe(false);
    expect(isStaticFilePath('/api/openapi.json')).toBe(false);
    expect(isStaticFilePath('/proxy/profile-api.bpmn/api/v1/profile/avatar')).toBe(false);
  });
});

describe.each(testDatabases())('static serving with a built portal on $name', (backend) => {
  let server: TestApp;
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'qoltanba-static-'));
    const portal = join(base, 'portal');
    const widgets = join(base, 'widgets');
    await mkdir(join(portal, 'assets'), { recursive: true });
    await mkdir(widgets, { recursive: true });
    await writeFile(join(portal, 'index.html'), INDEX);
    await mkdir(join(portal, 'pages'));
    await writeFile(join(portal, 'pages', 'check.html'), CHECK_PAGE);
    await writeFile(join(portal, 'pages', 'cabinet.html'), CABINET_PAGE);
    await writeFile(join(portal, 'pages', 'main.html'), MAIN_PAGE);
    await writeFile(join(portal, 'pages', 'main.prerendered.html'), MAIN_PRERENDERED);
    await writeFile(
      join(portal, 'route-pages.json'),
      JSON.stringify([
        { prefix: '/', file: 'pages/main.html', prerendered: 'pages/main.prerendered.html' },
        { prefix: '/check', file: 'pages/check.html' },
        { prefix: '/cabinet', file: 'pages/cabinet.html' },
      ]),
    );
    await writeFile(join(portal, 'assets', 'index-Cx1a2b3c.js'), 'export const app = 1;');
    await writeFile(join(portal, 'robots.txt'), 'User-agent: *');
    await writeFile(join(portal, '.env'), 'SECRET=1');
    await writeFile(
      join(widgets, 'elements.js'),
      'customElements.define("x-y", class extends HTMLElement {});',
    );
    // The element bundles: one entry per element, shared chunks and pdf.js's worker in widgets/elements/.
    await mkdir(join(widgets, 'elements'), { recursive: true });
    await writeFile(join(widgets, 'elements', 'runtime-Ab12Cd34.js'), 'export const runtime = 1;');
    await writeFile(join(widgets, 'elements', 'pdf.worker.min-Ef56Gh78.mjs'), 'self.onmessage = () => {};');
    // The sdk's build: the iframe embed scripts are served from it, nothing else.
    const sdk = join(base, 'sdk');
    await mkdir(sdk, { recursive: true });
    await writeFile(join(sdk, 'embed.global.js'), 'var Qoltanba=(()=>({embed(){}}))();');
    await writeFile(join(sdk, 'embed.global.js.map'), '{"version":3}');
    await writeFile(join(sdk, 'embed.js'), 'export function embed(){}');
    await writeFile(join(sdk, 'index.js'), 'export const sdk = 1;');
    // The help widget's build: the loader and its map, the panel in help/, and the ESM entry (not served).
    const helpWidget = join(base, 'help-widget');
    await mkdir(join(helpWidget, 'help'), { recursive: true });
    await writeFile(join(helpWidget, 'help-widget.js'), '(function(){window.QoltanbaHelp=1})();');
    await writeFile(join(helpWidget, 'help-widget.js.map'), '{"version":3}');
    await writeFile(join(helpWidget, 'help', 'panel.js'), 'export function mountPanel(){}');
    await writeFile(join(helpWidget, 'index.js'), 'export const loadHelpWidget = 1;');
    server = await createTestApp({
      backend,
      env: {
        QOLTANBA_PORTAL_DIR: portal,
        QOLTANBA_WIDGETS_DIR: widgets,
        QOLTANBA_SDK_DIR: sdk,
        QOLTANBA_HELP_WIDGET_DIR: helpWidget,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(base, { recursive: true, force: true });
  });

  it("serves the landing's page at / without caching, prerendered for an anonymous kk visitor", async () => {
    for (const [cookie, page] of [
      [undefined, MAIN_PRERENDERED],
      ['lang=ru', MAIN_PAGE],
      ['GATEWAY=tok.en.x; lang=kk', MAIN_PAGE],
    ] as const) {
      const headers = { accept: 'text/html', ...(cookie ? { cookie } : {}) };
      const res = await server.app.inject({ method: 'GET', url: '/', headers });
      expect(res.body, cookie).toBe(page);
    }
    const res = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    // A cache keyed on the address alone would give the prerendered kk copy to a signed-in or ru visitor.
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/index-Cx1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const app = 1;');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('falls back to index.html, or the page of its route, for client routes that accept HTML', async () => {
    for (const [url, page] of [
      ['/cabinet', CABINET_PAGE],
      ['/cabinet/incoming', CABINET_PAGE],
      ['/check/abc/def?lang=ru', CHECK_PAGE],
      ['/checkout', INDEX],
      ['/no/such/page', INDEX],
      ['/?lang=en', MAIN_PAGE],
      ['/?lang=kk', MAIN_PRERENDERED],
    ] as const) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe(NO_CACHE);
    }
  });

  it('answers missing files, non-HTML clients and dotfiles with a JSON 404', async () => {
    for (const [url, accept] of [
      ['/missing.js', 'text/html'],
      ['/assets/gone-123.js', '*/*'],
      ['/cabinet', 'application/json'],
      ['/.env', 'text/html'],
    ] as const) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
      expect(res.body).not.toContain('SECRET');
    }
  });

  it('keeps API 404s as ROUTE_NOT_FOUND even for HTML clients', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('serves the widget bundles at /widgets/, loadable from partner pages', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/widgets/elements.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('customElements.define');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const url of [
      '/widgets/elements/runtime-Ab12Cd34.js',
      '/widgets/elements/pdf.worker.min-Ef56Gh78.mjs',
    ]) {
      const chunk = await server.app.inject({
        method: 'GET',
        url,
        headers: { origin: 'https://partner.example' },
      });
      expect(chunk.statusCode, url).toBe(200);
      // Module scripts and workers are refused by browsers unless served as JavaScript.
      expect(chunk.headers['content-type'], url).toMatch(/^(text|application)\/javascript/);
      expect(chunk.headers['access-control-allow-origin'], url).toBe('*');
      expect(chunk.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const missing = await server.app.inject({ method: 'GET', url: '/widgets/none.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it("serves the iframe SDK's scripts from the sdk's build under /widgets/, loadable from partner pages", async () => {
    const script = await server.app.inject({
      method: 'GET',
      url: '/widgets/embed.global.js',
      headers: { origin: 'https://partner.example' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('var Qoltanba');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    // Not content-hashed: a new release must reach partner pages.
    expect(script.headers['cache-control']).toBe(NO_CACHE);
    const module = await server.app.inject({ method: 'GET', url: '/widgets/embed.js' });
    expect([module.statusCode, module.body]).toEqual([200, 'export function embed(){}']);
    expect(module.headers['content-type']).toMatch(/^text\/javascript/);
    const map = await server.app.inject({ method: 'GET', url: '/widgets/embed.global.js.map' });
    expect(map.headers['content-type']).toMatch(/^application\/json/);
    // The rest of the sdk's folder is not served, and a missing build file is a plain 404.
    for (const url of ['/widgets/index.js', '/widgets/embed.js.map']) {
      const other = await server.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(404);
      expect(other.json().code, url).toBe('NOT_FOUND');
    }
  });

  it("serves the help widget's loader at HELP_WIDGET_SCRIPT and its panel beside it, loadable from partner pages", async () => {
    const loader = await server.app.inject({
      method: 'GET',
      url: HELP_WIDGET_SCRIPT,
      headers: { origin: 'https://partner.example' },
    });
    expect(loader.statusCode).toBe(200);
    expect(loader.body).toContain('QoltanbaHelp');
    expect(loader.headers['content-type']).toMatch(/^text\/javascript/);
    // The same cross-origin headers and caching as the iframe SDK's embed.global.js.
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(loader.headers['x-content-type-options']).toBe('nosniff');
    expect(loader.headers['cache-control']).toBe(NO_CACHE);
    // The loader imports the panel as a module from another origin: JavaScript with CORS.
    const panel = await server.app.inject({
      method: 'GET',
      url: '/widgets/help/panel.js',
      headers: { origin: 'https://partner.example' },
    });
    expect([panel.statusCode, panel.body]).toEqual([200, 'export function mountPanel(){}']);
    expect(panel.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(panel.headers['access-control-allow-origin']).toBe('*');
    expect(panel.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(panel.headers['cache-control']).toBe(NO_CACHE);
    const map = await server.app.inject({ method: 'GET', url: '/widgets/help-widget.js.map' });
    expect(map.headers['content-type']).toMatch(/^application\/json/);
    // Nothing else of the package's build, and the widgets folder still answers beside it.
    for (const url of ['/widgets/index.js', '/widgets/help/missing.js', '/widgets/help/../index.js']) {
      const other = await server.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(404);
    }
    const elements = await server.app.inject({ method: 'GET', url: '/widgets/elements.js' });
    expect(elements.statusCode).toBe(200);
  });

  it('does not let paths escape the served folders', async () => {
    for (const url of [
      '/../package.json',
      '/assets/..%2f..%2fwidgets%2felements.js',
      '/widgets/..%2f..%2fportal%2findex.html',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('keeps static files out of the global rate limit, but not page loads or the API', async () => {
    const limited = await createTestApp({
      backend,
      env: {
        QOLTANBA_PORTAL_DIR: join(base, 'portal'),
        QOLTANBA_WIDGETS_DIR: join(base, 'widgets'),
        RATE_LIMIT_MAX: '5',
      },
    });
    try {
      for (let i = 0; i < 8; i += 1) {
        const asset = await limited.app.inject({ method: 'GET', url: '/assets/index-Cx1a2b3c.js' });
        expect(asset.statusCode).toBe(200);
        const bundle = await limited.app.inject({ method: 'GET', url: '/widgets/elements.js' });
        expect(bundle.statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const page = await limited.app.inject({
          method: 'GET',
          url: '/cabinet',
          headers: { accept: 'text/html' },
        });
        statuses.push(page.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe.each(testDatabases())('static serving without a built portal on $name', (backend) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ backend });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers / and client routes with a page saying the portal is not built', async () => {
    for (const url of ['/', '/cabinet/incoming']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('portal is not built');
    }
    const widgets = await server.app.inject({ method: 'GET', url: '/widgets/elements.js' });
    expect(widgets.statusCode).toBe(404);
    const helpWidget = await server.app.inject({ method: 'GET', url: HELP_WIDGET_SCRIPT });
    expect(helpWidget.statusCode).toBe(404);
  });
});
