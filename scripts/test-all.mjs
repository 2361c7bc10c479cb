#!/usr/bin/env node
// `npm test`: type-check, lint, build, packed-package checks (publint, attw), every package's unit and integration suites (a failed file gets one retry, its passes reported as flaky), tooling tests, size budgets, the
// Storybook build and the browser tests; ends with one line `N passed, N failed, N skipped` summed over every runner's JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeOutcomes, RETRY_REPORT, summarise, vitestOutcomes } from './test-report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  FORCE_COLOR: '0',
};
/** Vitest reporter flags: the usual console output plus a JSON report the summary below reads. */
const vitestJson = (name = 'vitest.json') => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=.reports/${name}`,
];

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
  { name: 'packages', cmd: ['node', 'scripts/check-packages.mjs'] },
  {
    name: 'unit',
    cmd: ['npx', 'turbo', 'run', 'test', '--concurrency=2', '--continue', '--', ...vitestJson()],
  },
  {
    name: 'tooling',
    cmd: ['npx', 'vitest', 'run', '--config', 'scripts/vitest.config.mjs', ...vitestJson()],
  },
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
// `npm test -- --only=unit,browser` runs a subset of steps (for local work; CI runs them all).
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknown = only?.filter((name) => !steps.some((s) => s.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps are ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
for (const step of steps.filter((s) => !only || only.includes(s.name))) {
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

function readReports(dirs) {
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ dir, file, report: JSON.parse(readFileSync(join(dir, file), 'utf8')) })),
  );
}

/** Packages with a `test` script: each must write a Vitest report. */
const testedPackageDirs = readdirSync(join(root, 'packages'))
  .map((d) => join(root, 'packages', d))
  .filter((d) => existsSync(join(d, 'package.json')))
  .filter((d) => JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).scripts?.test);

/**
 * Gives each unit test file with a failure one more run, alone. A test that then passes is reported as flaky by
 * name (so it gets fixed) and does not fail the run; one that fails again does. Returns true only when every
 * package wrote its report, some file was retried and every retry run exited 0: the only case a retry can clear.
 */
function retryFailedUnitFiles() {
  let retried = 0;
  let retriesPassed = true;
  let everyReportWritten = true;
  for (const dir of testedPackageDirs) {
    const path = join(dir, '.reports', 'vitest.json');
    if (!existsSync(path)) {
      everyReportWritten = false;
      continue;
    }
    const report = JSON.parse(readFileSync(path, 'utf8'));
    const failed = vitestOutcomes(report).filter((o) => o.status === 'failed');
    const files = [...new Set(failed.map((o) => o.file))];
    if (files.length === 0) continue;
    console.log(`\n=== unit retry in ${dir.slice(root.length)}: ${files.join(', ')}`);
    const result = spawnSync('npx', ['vitest', 'run', ...files, ...vitestJson(RETRY_REPORT)], {
      cwd: dir,
      env,
      stdio: 'inherit',
    });
    retried += files.length;
    retriesPassed &&= result.status === 0;
  }
  // A failure no file accounts for (an unhandled error, a crash) cannot be retried away.
  return everyReportWritten && retried > 0 && retriesPassed;
}

const retryCleared = failedSteps.includes('unit') && retryFailedUnitFiles();
const outcomes = mergeOutcomes(readReports(reportFiles()), root);
if (retryCleared) {
  const unitDirs = testedPackageDirs.map((d) => join(d, '.reports'));
  const stillFailing = outcomes.some((o) => o.status === 'failed' && unitDirs.some((d) => o.dir === d));
  if (!stillFailing) failedSteps.splice(failedSteps.indexOf('unit'), 1);
}
const summary = summarise(outcomes, failedSteps);
for (const line of summary.lines) console.log(line);
process.exit(summary.exitCode);
