import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { HELP_WIDGET_SCRIPT } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { acceptedEncodings, IMMUTABLE_CACHE, NO_CACHE } from './static-files.js';

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard, and is empty without a header', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('BR;q=0.5')).toEqual(['br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

/** A text file of the builds with its brotli and gzip copies, as scripts/precompress.mjs writes them. */
async function writeBuilt(path: string, text: string) {
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(text));
  await writeFile(`${path}.gz`, gzipSync(text));
}

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

const page = (release: string) =>
  `<!doctype html><html><head><title>Qoltanba</title><script type="module" src="/assets/index-${release}.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const app = "${'portal '.repeat(200)}";`;

describe.each(testDatabases())('precompressed static files on $name', (backend) => {
  let server: TestApp;
  let base: string;
  let portal: string;
  /** Every text asset kind the server serves, and the text each holds. */
  const assets: Record<string, string> = {
    '/assets/index-Cx1a2b3c.js': SCRIPT,
    '/assets/index-Cx1a2b3c.css': `body{margin:0}${'.a{color:red}'.repeat(100)}`,
    '/widgets/elements/runtime-Ab12Cd34.js': `export const runtime = "${'widgets '.repeat(200)}";`,
    '/widgets/elements.js': `customElements.define("x-y", class extends HTMLElement {}); //${'x'.repeat(900)}`,
    '/widgets/embed.global.js': `var Qoltanba=(()=>({embed(){}}))(); //${'sdk '.repeat(300)}`,
    [HELP_WIDGET_SCRIPT]: `(function(){window.QoltanbaHelp=1})(); //${'help '.repeat(300)}`,
    '/widgets/help/panel.js': `export function mountPanel(){} //${'panel '.repeat(300)}`,
  };
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'qoltanba-compressed-'));
    portal = join(base, 'portal');
    const widgets = join(base, 'widgets');
    const sdk = join(base, 'sdk');
    const helpWidget = join(base, 'help-widget');
    await mkdir(join(portal, 'assets'), { recursive: true });
    await mkdir(join(widgets, 'elements'), { recursive: true });
    await mkdir(sdk, { recursive: true });
    await mkdir(join(helpWidget, 'help'), { recursive: true });
    await writeBuilt(join(portal, 'index.html'), page('Cx1a2b3c'));
    const folders: [string, string][] = [
      ['/assets/', join(portal, 'assets')],
      [`${HELP_WIDGET_SCRIPT.slice(0, HELP_WIDGET_SCRIPT.lastIndexOf('/'))}/help/`, join(helpWidget, 'help')],
      ['/widgets/embed.global.js', join(sdk, 'embed.global.js')],
      [HELP_WIDGET_SCRIPT, join(helpWidget, 'help-widget.js')],
      ['/widgets/', widgets],
    ];
    for (const [url, text] of Object.entries(assets)) {
      const [prefix, dir] = folders.find(([start]) => url.startsWith(start)) ?? ['', ''];
      await writeBuilt(prefix === url ? dir : join(dir, url.slice(prefix.length)), text);
    }
    // A small file the build left uncompressed: served as is, whatever the client accepts.
    await writeFile(join(portal, 'robots.txt'), 'User-agent: *');
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

  it('answers every text asset with its brotli copy, its gzip copy or the original, as the client accepts', async () => {
    for (const [url, text] of Object.entries({ '/': page('Cx1a2b3c'), ...assets })) {
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        [undefined, undefined],
        ['identity', undefined],
      ] as const) {
        const res = await server.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', ...(accept ? { 'accept-encoding': accept } : {}) },
        });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(decoded(res), `${url} ${accept}`).toBe(text);
        // A shared cache must keep the variants apart.
        expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
        expect(res.headers['content-type'], url).toMatch(/^(text|application)\/(javascript|css|html)/);
        if (expected) expect(res.rawPayload.length, url).toBeLessThan(Buffer.byteLength(text));
      }
    }
  });

  it('falls back to the original where the build wrote no compressed copy', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect([res.statusCode, res.headers['content-encoding'], res.body]).toEqual([
      200,
      undefined,
      'User-agent: *',
    ]);
  });

  it('caches hashed files for a year, compressed or not, and revalidates the rest', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const hashed = await server.app.inject({
        method: 'GET',
        url: '/assets/index-Cx1a2b3c.js',
        headers: { 'accept-encoding': accept },
      });
      expect(hashed.headers['cache-control'], accept).toBe(IMMUTABLE_CACHE);
      // A widget chunk is named with its content hash too; the entry a partner page names is not.
      const chunk = await server.app.inject({
        method: 'GET',
        url: '/widgets/elements/runtime-Ab12Cd34.js',
        headers: { 'accept-encoding': accept },
      });
      expect([chunk.statusCode, chunk.headers['cache-control']], accept).toEqual([200, IMMUTABLE_CACHE]);
      for (const url of [
        '/',
        '/cabinet/incoming',
        HELP_WIDGET_SCRIPT,
        '/widgets/help/panel.js',
        '/widgets/elements.js',
        '/widgets/embed.global.js',
      ]) {
        const other = await server.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'accept-encoding': accept },
        });
        expect(other.headers['cache-control'], `${url} ${accept}`).toBe(NO_CACHE);
      }
    }
  });

  it('does not serve a stale page after a deploy: the revalidated HTML names the new release', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    const before = await server.app.inject({ method: 'GET', url: '/cabinet/incoming', headers });
    expect(decoded(before)).toContain('index-Cx1a2b3c.js');
    const etag = String(before.headers.etag);
    const unchanged = await server.app.inject({
      method: 'GET',
      url: '/cabinet/incoming',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    // The deploy writes a new build, with longer names so the size changes whatever the file times.
    await writeBuilt(join(portal, 'index.html'), page('Dz9y8x7w-new'));
    for (const url of ['/', '/cabinet/incoming']) {
      const after = await server.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(after.statusCode, url).toBe(200);
      expect(decoded(after), url).toContain('index-Dz9y8x7w-new.js');
      expect(after.headers['cache-control'], url).toBe(NO_CACHE);
    }
  });
});
