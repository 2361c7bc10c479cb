import { afterEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting, reportError } from './errorReporting';

describe('error reporting on node (no window)', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('still forwards manual reports in production', () => {
    const report = vi.fn();
    stop = initErrorReporting({ environment: 'production', report });
    reportError({ code: 'X' });
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ message: '{"code":"X"}', source: 'manual' }),
    );
  });

  it('defaults to console.error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stop = initErrorReporting({ environment: 'production' });
    reportError(new Error('x'));
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('forwards nothing before init', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('x'));
    expect(log).not.toHaveBeenCalled();
  });
});
