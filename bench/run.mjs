// `npm run bench`: builds what the server needs when it is not built yet, then runs the benchmarks.
// `npm run bench -- gost`: builds @qoltanba/gost when needed and runs its benchmark only.
// `npm run bench -- embed-sizes`: our embedding elements' sizes next to peers' published embed packages.
// `npm run bench -- memory`: idle memory of the server on PGlite (as npm start) and on PostgreSQL.
// `npm run bench -- search-scale`: the searches against the first page at 10k, 100k and 1M documents (BENCH_SCALES).
// `npm run bench -- instances`: the document reads through two server processes on one PostgreSQL against one.
// `npm run bench -- instructions`: the documents benchmark with both servers under callgrind (instructions per request).
// Not a test: it prints figures and asserts nothing (see bench/documents.bench.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('gost')) {
  if (!existsSync(join(root, 'packages/gost/dist/index.js')) || process.argv.includes('--build')) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@qoltanba/gost'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  await import('./gost.bench.mjs');
  process.exit(0);
}
if (process.argv.includes('embed-sizes')) {
  await import('./embed-sizes.mjs');
  process.exit(0);
}
const check = process.argv.includes('check');
const needed = [
  'packages/server/dist/main.js',
  // The check benchmark signs with the testkit's PKI.
  ...(check ? ['packages/testkit/dist/index.js'] : []),
];
if (needed.some((file) => !existsSync(join(root, file))) || process.argv.includes('--build')) {
  const workspaces = [
    '@qoltanba/core',
    '@qoltanba/gost',
    ...(check ? ['@qoltanba/testkit'] : []),
    '@qoltanba/server',
  ];
  for (const workspace of workspaces) {
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
// `npm run bench -- pki`: the signature verification engine only (no database needed).
// `npm run bench -- memory`: idle resident memory, npm start's PGlite and production's PostgreSQL (issue 22).
if (process.argv.includes('memory')) await import('./memory.bench.mjs');
// `npm run bench -- lighthouse`: Lighthouse on /, /check and /cabinet/incoming (needs the built portal: npm run build).
else if (process.argv.includes('lighthouse')) await import('./lighthouse.bench.mjs');
else if (process.argv.includes('pki')) await import('./pki.bench.mjs');
// `npm run bench -- package`: the signed package's time to first byte (PostgreSQL needed).
else if (process.argv.includes('package')) await import('./package.bench.mjs');
// `npm run bench -- uploads`: 5 MB uploads at concurrency 4, S3 (s3rver) against local disk (PostgreSQL needed).
else if (process.argv.includes('uploads')) await import('./uploads.bench.mjs');
// `npm run bench -- check`: a full /check of 10 files, 30 MB, against the bare engine; memory (PostgreSQL needed).
else if (check) await import('./check.bench.mjs');
else await import('./documents.bench.mjs');
