import { describe, expect, it } from 'vitest';
import {
  mergeOutcomes,
  playwrightOutcomes,
  RETRY_REPORT,
  summarise,
  vitestOutcomes,
} from './test-report.mjs';

const ROOT = '/repo/';

/** A Vitest JSON report with one file and the given tests (`[fullName, status, message?]`). */
function vitestReport(file, tests) {
  return {
    numPassedTests: 0,
    testResults: [
      {
        name: `${ROOT}${file}`,
        status: tests.some(([, status]) => status === 'failed') ? 'failed' : 'passed',
        assertionResults: tests.map(([fullName, status, message]) => ({
          fullName,
          status,
          failureMessages: message ? [`${message}\n    at stack line`] : [],
        })),
      },
    ],
  };
}

const playwrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 1 },
  suites: [
    {
      title: 'accounts.spec.ts',
      specs: [],
      suites: [
        {
          title: 'accounts',
          specs: [
            { title: 'registers', tests: [{ status: 'expected', projectName: 'chromium' }] },
            { title: 'logs in', tests: [{ status: 'unexpected', projectName: 'chromium' }] },
            { title: 'switches', tests: [{ status: 'flaky', projectName: 'chromium' }] },
            { title: 'later', tests: [{ status: 'skipped', projectName: 'chromium' }] },
          ],
        },
      ],
    },
  ],
};

describe('vitestOutcomes', () => {
  it('names failed tests with their file and the first line of the message', () => {
    const report = vitestReport('packages/server/src/a.test.ts', [
      ['login works', 'passed'],
      ['lockout', 'failed', 'expected 423 to be 401'],
      ['later', 'pending'],
    ]);
    expect(vitestOutcomes(report, ROOT).map((o) => [o.name, o.status])).toEqual([
      ['packages/server/src/a.test.ts › login works', 'passed'],
      ['packages/server/src/a.test.ts › lockout: expected 423 to be 401', 'failed'],
      ['packages/server/src/a.test.ts › later', 'skipped'],
    ]);
  });

  it('counts a file that failed to load as one failure', () => {
    const report = {
      testResults: [
        {
          name: `${ROOT}x.test.ts`,
          status: 'failed',
          message: 'Cannot find module\nmore',
          assertionResults: [],
        },
      ],
    };
    expect(vitestOutcomes(report, ROOT)).toEqual([
      {
        file: `${ROOT}x.test.ts`,
        key: `${ROOT}x.test.ts`,
        name: 'x.test.ts: Cannot find module',
        status: 'failed',
      },
    ]);
  });

  it('counts a file whose suite hook threw (its tests skipped) as one failure', () => {
    const report = {
      testResults: [
        {
          name: `${ROOT}db.test.ts`,
          status: 'failed',
          message: 'Error: connect ECONNREFUSED 127.0.0.1:5432',
          assertionResults: [{ fullName: 'reads rows', status: 'skipped', failureMessages: [] }],
        },
      ],
    };
    const outcomes = vitestOutcomes(report, ROOT);
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ['db.test.ts: Error: connect ECONNREFUSED 127.0.0.1:5432', 'failed'],
      ['db.test.ts › reads rows', 'skipped'],
    ]);
    expect(summarise(mergeOutcomes([{ dir: '/d', file: 'vitest.json', report }], ROOT), []).exitCode).toBe(1);
  });

  it('counts a failing afterAll in a file whose tests passed', () => {
    const report = {
      testResults: [
        {
          name: `${ROOT}a.test.ts`,
          status: 'failed',
          message: '',
          assertionResults: [{ fullName: 'works', status: 'passed', failureMessages: [] }],
        },
      ],
    };
    expect(
      vitestOutcomes(report, ROOT)
        .filter((o) => o.status === 'failed')
        .map((o) => o.name),
    ).toEqual(['a.test.ts: failed outside its tests']);
  });
});

describe('playwrightOutcomes', () => {
  it('walks nested suites and keeps Playwright’s own flaky verdict', () => {
    expect(playwrightOutcomes(playwrightReport).map((o) => [o.name, o.status])).toEqual([
      ['accounts.spec.ts › accounts › registers › chromium', 'passed'],
      ['accounts.spec.ts › accounts › logs in › chromium', 'failed'],
      ['accounts.spec.ts › accounts › switches › chromium', 'flaky'],
      ['accounts.spec.ts › accounts › later › chromium', 'skipped'],
    ]);
  });
});

describe('mergeOutcomes with a retry', () => {
  const dir = '/repo/packages/server/.reports';
  const first = vitestReport('packages/server/src/a.test.ts', [
    ['stable', 'passed'],
    ['flaky one', 'failed', 'timed out'],
    ['broken one', 'failed', 'expected 1 to be 2'],
  ]);
  const retry = vitestReport('packages/server/src/a.test.ts', [
    ['stable', 'passed'],
    ['flaky one', 'passed'],
    ['broken one', 'failed', 'expected 1 to be 2'],
  ]);

  it('turns a failure that passes on its retry into flaky, and keeps one that fails again', () => {
    // The retry report may come first in the folder listing; it must still win.
    const outcomes = mergeOutcomes(
      [
        { dir, file: RETRY_REPORT, report: retry },
        { dir, file: 'vitest.json', report: first },
      ],
      ROOT,
    );
    expect(outcomes.map((o) => [o.name.split(' › ')[1], o.status, o.dir])).toEqual([
      ['stable', 'passed', dir],
      ['flaky one', 'flaky', dir],
      ['broken one: expected 1 to be 2', 'failed', dir],
    ]);
  });

  it('never counts a test twice, and keeps same-named tests of other folders apart', () => {
    const other = '/repo/packages/core/.reports';
    const outcomes = mergeOutcomes(
      [
        { dir, file: 'vitest.json', report: first },
        { dir, file: RETRY_REPORT, report: retry },
        { dir: other, file: 'vitest.json', report: first },
      ],
      ROOT,
    );
    expect(outcomes).toHaveLength(6);
    expect(outcomes.filter((o) => o.status === 'failed')).toHaveLength(3);
  });
});

describe('summarise', () => {
  const outcome = (name, status) => ({ key: name, name, status, dir: '/d' });

  it('passes when every test passed and no step failed', () => {
    const summary = summarise([outcome('a', 'passed'), outcome('b', 'skipped')], []);
    expect(summary.lines.at(-1)).toBe('1 passed, 0 failed, 1 skipped');
    expect(summary.exitCode).toBe(0);
  });

  it('counts flaky tests as passed, names them, and does not fail the run', () => {
    const summary = summarise([outcome('a', 'passed'), outcome('b', 'flaky')], []);
    expect(summary.lines).toContain('  b');
    expect(summary.lines.at(-1)).toBe('2 passed, 0 failed, 0 skipped (1 flaky)');
    expect(summary.exitCode).toBe(0);
  });

  it('names failed tests before the last line and fails the run', () => {
    const summary = summarise([outcome('a', 'passed'), outcome('b: boom', 'failed')], ['unit']);
    expect(summary.lines).toEqual([
      '',
      'failed tests:',
      '  b: boom',
      '',
      'failed steps: unit',
      '1 passed, 1 failed, 0 skipped',
    ]);
    expect(summary.exitCode).toBe(1);
  });

  it('counts a failed check step as a failure even though no runner counted it', () => {
    const summary = summarise([outcome('a', 'passed')], ['lint', 'size']);
    expect(summary.failed).toBe(2);
    expect(summary.exitCode).toBe(1);
  });

  it('counts a runner that crashed without a report as one failure', () => {
    const summary = summarise([outcome('a', 'passed')], ['browser']);
    expect(summary.failed).toBe(1);
    expect(summary.exitCode).toBe(1);
  });

  it('fails when no test ran at all', () => {
    const summary = summarise([], []);
    expect(summary.lines).toContain('no test ran: that is a failure');
    expect(summary.lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(summary.exitCode).toBe(1);
  });
});
