import { defineConfig } from 'tsup';

// `npm run build` empties dist first: the three builds run in parallel and must not clean each other's files.
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    // tsup 8's declaration build passes `baseUrl`, which TypeScript 6 deprecates (an error unless silenced).
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    clean: false,
    sourcemap: true,
    target: 'es2022',
    platform: 'neutral',
  },
  {
    // `@qoltanba/sdk/embed`: the iframe embed for partner pages, standalone (penpal inside) so it also loads as a
    // module script straight from a CDN; minified, it is what the size budget measures.
    entry: { embed: 'src/embed/entry.ts' },
    format: ['esm'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    noExternal: ['penpal'],
    minify: true,
    clean: false,
    sourcemap: true,
    // es2022 keeps penpal's private class fields native; lowered to WeakMaps they cost ~400 B of the 5 kB budget.
    target: 'es2022',
    platform: 'browser',
  },
  {
    // The script-tag build: `<script src=".../embed.global.js">` defines the global `Qoltanba`.
    entry: { embed: 'src/embed/script.ts' },
    format: ['iife'],
    globalName: 'Qoltanba',
    noExternal: ['penpal'],
    minify: true,
    clean: false,
    sourcemap: true,
    target: 'es2022',
    platform: 'browser',
  },
]);
