// `npm run bench -- lighthouse`: Lighthouse (mobile preset, simulated throttling) on the built portal served by the
// built server (as `npm start` runs it: PGlite in a fresh folder) for /, /check and /cabinet/incoming, each metric
// next to its goal from issue 22, as a ratio. Uses the system Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
// Not a test: it prints figures and asserts nothing; Lighthouse's own figures move with the machine's load.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_MAIN, waitFor } from './bench-support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// BENCH_LIGHTHOUSE_PAGES=/check,/ measures only those.
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/check', '/cabinet/incoming'];
// Chromium without lookups of Google hosts (TOOLCHAIN.md trap 8) and without a sandbox (containers, root).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
].join(' ');

/** Each goal of issue 22: the audit, its unit, and the value to meet (score: at least; the rest: at most). */
const GOALS = [
  [
    'score',
    'performance score',
    90,
    (report) => Math.round((report.categories.performance.score ?? 0) * 100),
  ],
  [
    'LCP s',
    'largest-contentful-paint',
    2.5,
    (report) => report.audits['largest-contentful-paint'].numericValue / 1000,
  ],
  ['TBT ms', 'total-blocking-time', 200, (report) => report.audits['total-blocking-time'].numericValue],
  ['CLS', 'cumulative-layout-shift', 0.1, (report) => report.audits['cumulative-layout-shift'].numericValue],
];

if (!existsSync(join(ROOT, 'packages/portal/dist/index.html'))) {
  console.error('bench: build the portal first (npm run build)');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`bench: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  process.exit(1);
}

const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-lighthouse-'));
const port = await freePort();
const server = spawn(process.execPath, [SERVER_MAIN], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    QOLTANBA_DATA_DIR: dataDir,
    QOLTANBA_DEV_SIGNER_PORT: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rows = [];
try {
  await waitFor(port, '/readyz', 120);
  for (const page of PAGES) {
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        `http://127.0.0.1:${port}${page}`,
        '--only-categories=performance',
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
    );
    if (run.status !== 0) {
      console.error(`lighthouse failed on ${page}: ${run.stderr.slice(-2000)}`);
      continue;
    }
    const report = JSON.parse(run.stdout);
    // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each page's full report (request chains, LCP element) to read.
    if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
      await mkdir(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true });
      const name = page === '/' ? 'root' : page.slice(1).replaceAll('/', '-');
      await writeFile(join(process.env.BENCH_LIGHTHOUSE_REPORTS, `${name}.json`), run.stdout);
    }
    const bytes = report.audits['total-byte-weight']?.numericValue ?? 0;
    rows.push({ page, values: GOALS.map(([, , , read]) => read(report)), kib: bytes / 1024 });
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${'12'} mobile preset, simulated throttling, ${CHROMIUM}; value (value / goal)\n`);
console.log(
  `${'page'.padEnd(20)}${GOALS.map(([label, , goal]) => `${label} (goal ${goal})`.padStart(24)).join('')}${'transfer KiB'.padStart(14)}`,
);
for (const row of rows) {
  const cells = row.values.map((value, n) => {
    const goal = GOALS[n][2];
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 1 ? 3 : 2);
    return `${shown} (${(value / goal).toFixed(2)}x)`.padStart(24);
  });
  console.log(`${row.page.padEnd(20)}${cells.join('')}${row.kib.toFixed(0).padStart(14)}`);
}
