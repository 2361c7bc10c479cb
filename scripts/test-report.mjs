// Reads the runners' JSON reports (Vitest, Playwright) into one list of test outcomes and sums them up for the
// summary line of `npm test`. Pure functions over parsed reports, so the counting itself is tested.

/** File name of the report a retried Vitest run writes next to the first one. */
export const RETRY_REPORT = 'vitest-retry.json';

/** Steps whose failures the runners count themselves; any other failed step counts as one failure. */
export const RUNNER_STEPS = ['unit', 'tooling', 'browser'];

/**
 * Outcomes of a Vitest JSON report: one per test, plus one per file that failed without a failed test (a load
 * error, a failing `beforeAll`/`afterAll`). `key` identifies the test across a first run and its retry.
 */
export function vitestOutcomes(report, root = '') {
  const outcomes = [];
  for (const file of report.testResults ?? []) {
    const where = root && file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const tests = file.assertionResults ?? [];
    // A file can fail with no failed test: a load error, or a suite hook that threw (its tests show as skipped).
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      const reason =
        firstLine(file.message) || (tests.length === 0 ? 'failed to load' : 'failed outside its tests');
      outcomes.push({ file: file.name, key: file.name, name: `${where}: ${reason}`, status: 'failed' });
    }
    for (const test of tests) {
      const status = test.status === 'passed' || test.status === 'failed' ? test.status : 'skipped';
      const reason = status === 'failed' ? `: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}` : '';
      outcomes.push({
        file: file.name,
        key: `${file.name}\0${test.fullName}`,
        name: `${where} › ${test.fullName}${reason}`,
        status,
      });
    }
  }
  return outcomes;
}

/** Outcomes of a Playwright JSON report; a test that passed on Playwright's own retry is `flaky`. */
export function playwrightOutcomes(report) {
  const outcomes = [];
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...here, spec.title, test.projectName].filter(Boolean).join(' › ');
        const status = { expected: 'passed', flaky: 'flaky', unexpected: 'failed' }[test.status] ?? 'skipped';
        outcomes.push({ key: name, name, status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return outcomes;
}

/**
 * Merges reports into outcomes, each tagged with its report folder. `reports` are `{dir, file, report}`; a {@link RETRY_REPORT} replaces the first
 * run's outcome of the same test in the same folder, and a failure that then passes becomes `flaky`.
 */
export function mergeOutcomes(reports, root = '') {
  const ordered = [
    ...reports.filter((r) => r.file !== RETRY_REPORT),
    ...reports.filter((r) => r.file === RETRY_REPORT),
  ];
  const outcomes = new Map();
  for (const { dir, file, report } of ordered) {
    const list = report.stats ? playwrightOutcomes(report) : vitestOutcomes(report, root);
    for (const outcome of list) {
      const key = `${dir}\0${outcome.key}`;
      const before = outcomes.get(key);
      const recovered = file === RETRY_REPORT && before?.status === 'failed' && outcome.status === 'passed';
      outcomes.set(key, { ...outcome, dir, status: recovered ? 'flaky' : outcome.status });
    }
  }
  return [...outcomes.values()];
}

/**
 * The verdict: counts, names of failed and flaky tests, and the exit code. A failed step that no runner counted
 * (type-check, lint, build, size) is one failure; a runner step that failed with nothing counted (a crash) is one.
 */
export function summarise(outcomes, failedSteps) {
  const named = (status) => outcomes.filter((o) => o.status === status).map((o) => o.name);
  const failures = named('failed');
  const flaky = named('flaky');
  const passed = named('passed').length + flaky.length;
  const skipped = named('skipped').length;
  let failed = failures.length + failedSteps.filter((s) => !RUNNER_STEPS.includes(s)).length;
  // A runner step that failed with nothing counted (a crash), or a run with no test at all, is one failure.
  if (failed === 0 && failedSteps.some((s) => RUNNER_STEPS.includes(s))) failed += 1;
  if (passed + failed === 0) failed = 1;
  const lines = [];
  if (flaky.length > 0)
    lines.push('', 'flaky tests (failed, then passed on a retry):', ...flaky.map((f) => `  ${f}`));
  if (failures.length > 0) lines.push('', 'failed tests:', ...failures.map((f) => `  ${f}`));
  if (failedSteps.length > 0) lines.push('', `failed steps: ${failedSteps.join(', ')}`);
  if (passed === 0 && failures.length === 0 && failedSteps.length === 0)
    lines.push('', 'no test ran: that is a failure');
  lines.push(
    `${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length > 0 ? ` (${flaky.length} flaky)` : ''}`,
  );
  const exitCode = failedSteps.length > 0 || failed > 0 || passed === 0 ? 1 : 0;
  return { passed, failed, skipped, flaky, failures, lines, exitCode };
}

function firstLine(text) {
  return (text ?? '').split('\n')[0];
}
