import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCompressible, precompress } from './precompress.mjs';

describe('precompress', () => {
  it('writes brotli and gzip copies of the text assets a browser fetches, nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const x = "${'a'.repeat(2000)}";`;
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>kk</p>'.repeat(100)}`);
    writeFileSync(join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{"x":"'.concat('m'.repeat(2000), '"}'));
    writeFileSync(join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4000));
    expect(await precompress(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'index-abc.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'index-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    for (const name of ['index-abc.js.map.br', 'tiny.css.br', 'logo.png.gz']) {
      expect(existsSync(join(dir, 'assets', name)), name).toBe(false);
    }
    // A second build run does not compress the copies again.
    expect(await precompress(dir)).toBe(2);
    expect(existsSync(join(dir, 'assets', 'index-abc.js.br.gz'))).toBe(false);
  });

  it('skips type declarations and small files', () => {
    expect(isCompressible('index.d.ts', 10_000)).toBe(false);
    expect(isCompressible('a.js', 100)).toBe(false);
    expect(isCompressible('a.mjs', 10_000)).toBe(true);
    expect(isCompressible('a.SVG', 10_000)).toBe(true);
  });
});
