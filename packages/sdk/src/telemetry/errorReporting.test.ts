// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ErrorReport, initErrorReporting, reportError } from './errorReporting';

function dispatchError(error: unknown, message = 'boom') {
  window.dispatchEvent(new ErrorEvent('error', { error, message }));
}

function dispatchRejection(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  window.dispatchEvent(event);
}

describe('error reporting', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it.each(['development', 'staging', 'test', 'Production', ''])('is a no-op in %j', (environment) => {
    const report = vi.fn();
    const add = vi.spyOn(window, 'addEventListener');
    stop = initErrorReporting({ environment, report });
    dispatchError(new Error('x'));
    dispatchRejection(new Error('y'));
    reportError(new Error('z'));
    expect(report).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
    expect(() => stop()).not.toThrow();
  });

  it('in production reports window errors, unhandled rejections and manual reports', () => {
    const reports: ErrorReport[] = [];
    stop = initErrorReporting({ environment: 'production', report: (event) => reports.push(event) });
    const thrown = new TypeError('bad');
    dispatchError(thrown);
    dispatchRejection('rejected');
    reportError(new Error('caught'), { screen: 'check' });

    expect(
      reports.map(({ error, message, source, context, environment }) => ({
        error,
        message,
        source,
        context,
        environment,
      })),
    ).toEqual([
      {
        error: thrown,
        message: 'TypeError: bad',
        source: 'error',
        context: undefined,
        environment: 'production',
      },
      {
        error: 'rejected',
        message: 'rejected',
        source: 'unhandledrejection',
        context: undefined,
        environment: 'production',
      },
      {
        error: new Error('caught'),
        message: 'Error: caught',
        source: 'manual',
        context: { screen: 'check' },
        environment: 'production',
      },
    ]);
    expect(reports.every((r) => typeof r.timestamp === 'number')).toBe(true);
  });

  it('uses addEventListener and never assigns window.onerror', () => {
    const add = vi.spyOn(window, 'addEventListener');
    stop = initErrorReporting({ environment: 'production', report: () => {} });
    expect(add.mock.calls.map(([type]) => type)).toEqual(['error', 'unhandledrejection']);
    expect(window.onerror).toBeNull();
  });

  it('stops reporting after cleanup', () => {
    const report = vi.fn();
    initErrorReporting({ environment: 'production', report })();
    dispatchError(new Error('x'));
    reportError(new Error('y'));
    expect(report).not.toHaveBeenCalled();
  });

  it('swallows a failing reporter', () => {
    stop = initErrorReporting({
      environment: 'production',
      report: () => {
        throw new Error('reporter down');
      },
    });
    expect(() => reportError(new Error('x'))).not.toThrow();
  });

  it('uses the error message when the event has no error object', () => {
    const report = vi.fn();
    stop = initErrorReporting({ environment: 'production', report });
    dispatchError(undefined, 'Script error.');
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ error: 'Script error.', message: 'Script error.' }),
    );
  });
});
