#!/usr/bin/env node
// Writes brotli (`.br`) and gzip (`.gz`) copies beside every text asset of a build folder, so the server sends
// compressed bytes chosen by `accept-encoding` without spending CPU per request (@fastify/static `preCompressed`).
// Usage: node scripts/precompress.mjs <folder> [<folder>...]   (run by the portal, widgets, sdk and help-widget builds)
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions of the text files a browser fetches; source maps and type declarations are not served to pages. */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.xml',
]);
/** Below this size a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 512;

/** Whether a file of a build folder gets compressed copies. */
export function isCompressible(name, size) {
  if (size < MIN_BYTES || name.endsWith('.d.ts')) return false;
  return COMPRESSIBLE.has(extname(name).toLowerCase());
}

/** Brotli (max quality: done once at build) and gzip (level 9) of some bytes. */
export async function compressBoth(bytes) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gz };
}

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file under `dir`; a copy that would not be smaller is not kept. Returns the count. */
export async function precompress(dir) {
  let count = 0;
  for await (const path of filesUnder(dir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const { size } = await stat(path);
    if (!isCompressible(path, size)) continue;
    const bytes = await readFile(path);
    const { br, gz } = await compressBoth(bytes);
    for (const [suffix, compressed] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      // A stale copy from an earlier build must not outlive its original's change.
      if (compressed.length < size) await writeFile(path + suffix, compressed);
      else await rm(path + suffix, { force: true });
    }
    count += 1;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/precompress.mjs <folder> [<folder>...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const count = await precompress(dir);
    console.log(`precompress: ${count} files in ${dir} (brotli + gzip)`);
  }
}
