import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job.js';

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the first delay, then every interval, until stopped', async () => {
    const run = vi.fn(async () => undefined);
    const job = startPeriodicJob({ intervalMs: 60_000, firstDelayMs: 1_000, run, onError: () => {} });
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never overlaps runs: the next one is scheduled when the last one ends', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const job = startPeriodicJob({ intervalMs: 1_000, run, onError: () => {} });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('reports a failed run and keeps the schedule', async () => {
    const errors: unknown[] = [];
    const run = vi.fn(async () => {
      throw new Error('database gone');
    });
    const job = startPeriodicJob({ intervalMs: 1_000, run, onError: (error) => errors.push(error) });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(2);
    expect(String(errors[0])).toContain('database gone');
    await job.stop();
  });

  it('stop() waits for the run in progress', async () => {
    let finish: () => void = () => {};
    const job = startPeriodicJob({
      intervalMs: 1_000,
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('does not keep the process alive', async () => {
    // On real timers: a spy over the fake setTimeout outlived the fake clock and left the worker's next files (they
    // share modules and globals) a setTimeout that never fired.
    vi.useRealTimers();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const job = startPeriodicJob({ intervalMs: 1_000, run: async () => undefined, onError: () => {} });
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout | undefined;
    expect(timer?.hasRef()).toBe(false);
    spy.mockRestore();
    await job.stop();
  });
});
