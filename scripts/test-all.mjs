#!/usr/bin/env node
// `npm test`: type-check, lint, build, every package's unit and integration suites, tooling tests, size budgets, the
// Storybook build and the browser tests; ends with one line `N passed, N failed, N skipped` summed over every runner's JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  FORCE_COLOR: '0',
};
const vitestJson = ['--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json'];

/** Each step: a name, a command, and whether the steps after it still make sense when it fails. */
const steps = [
  {
    name: 'typecheck',
    cmd: ['npx', 'turbo', 'run', 'typecheck', '--concurrency=2', '--output-logs=errors-only'],
  },
  { name: 'lint', cmd: ['npm', 'run', 'lint', '--silent'] },
  {
    name: 'build',
    cmd: ['npx', 'turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only'],
    gate: true,
  },
  {
    name: 'unit',
    cmd: ['npx', 'turbo', 'run', 'test', '--concurrency=2', '--continue', '--', ...vitestJson],
  },
  { name: 'tooling', cmd: ['npx', 'vitest', 'run', '--config', 'scripts/vitest.config.mjs', ...vitestJson] },
  { name: 'size', cmd: ['npx', 'size-limit'] },
  { name: 'storybook', cmd: ['npm', 'run', 'storybook:build', '--silent'] },
  { name: 'browser', cmd: ['npx', 'playwright', 'test'], cwd: join(root, 'e2e') },
];

function reportFiles() {
  const dirs = [
    root,
    join(root, 'e2e'),
    ...readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d)),
  ];
  return dirs.map((d) => join(d, '.reports')).filter((d) => existsSync(d));
}

for (const dir of reportFiles()) rmSync(dir, { recursive: true, force: true });

const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: step.cwd ?? root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (!ok) {
    failedSteps.push(step.name);
    if (step.gate) break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of reportFiles()) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (report.stats) {
      // Playwright: expected = passed, unexpected = failed, flaky passed on retry.
      passed += report.stats.expected + report.stats.flaky;
      failed += report.stats.unexpected;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
      // A file that failed to load has no failed test but fails the run.
      if (report.success === false && report.numFailedTests === 0) failed += 1;
    }
  }
}
// A failed check (type-check, lint, build, size) is a failure even though no test runner counted it.
const RUNNERS = ['unit', 'tooling', 'browser'];
failed += failedSteps.filter((s) => !RUNNERS.includes(s)).length;
// A runner that exited non-zero without a counted failure (crash, no report) still fails the run.
if (failed === 0 && failedSteps.some((s) => RUNNERS.includes(s))) failed += 1;

if (failedSteps.length > 0) console.log(`\nfailed steps: ${failedSteps.join(', ')}`);
if (passed + failed === 0) console.log('\nno test ran: that is a failure');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0);
