import { isAppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { createPreviewScheduler } from './preview-scheduler.js';

/** A job that runs until the test releases it, recording when it started. */
function gatedJob(name: string, started: string[]) {
  let release: (value: string) => void = () => undefined;
  const gate = new Promise<string>((resolve) => {
    release = resolve;
  });
  return {
    job: () => {
      started.push(name);
      return gate;
    },
    release: () => release(name),
  };
}

const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  // Lets every pending continuation run.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return done;
};

describe('preview scheduler', () => {
  it("runs another company's small conversion while one company's slow ones hold their single turn", async () => {
    const scheduler = createPreviewScheduler({ workers: 2, queuePerCompany: 5, retryAfterSeconds: 60 });
    const started: string[] = [];
    const slow = [gatedJob('a1', started), gatedJob('a2', started), gatedJob('a3', started)];
    const slowRuns = slow.map((gated) => scheduler.run('A', gated.job));
    const small = scheduler.run('B', async () => {
      started.push('b1');
      return 'b1';
    });
    // A holds one worker; B's conversion takes the other at once, without waiting for A's.
    expect(await small).toBe('b1');
    expect(started).toEqual(['a1', 'b1']);
    expect(await settled(slowRuns[0] as Promise<string>)).toBe(false);

    // A's next conversion starts only when its first one is done, never two of A's at once.
    const c = gatedJob('c1', started);
    const cRun = scheduler.run('C', c.job);
    slow[0]?.release();
    expect(await slowRuns[0]).toBe('a1');
    await settled(cRun);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    c.release();
    slow[1]?.release();
    slow[2]?.release();
    expect(await Promise.all([cRun, ...slowRuns])).toEqual(['c1', 'a1', 'a2', 'a3']);
  });

  it('takes companies in turns: a company with many waiting does not pass one that asked later', async () => {
    const scheduler = createPreviewScheduler({ workers: 1, queuePerCompany: 10, retryAfterSeconds: 60 });
    const started: string[] = [];
    const first = gatedJob('a1', started);
    const runs = [scheduler.run('A', first.job)];
    const quick = (name: string) => async () => {
      started.push(name);
      return name;
    };
    for (const name of ['a2', 'a3']) runs.push(scheduler.run('A', quick(name)));
    for (const name of ['b1', 'b2']) runs.push(scheduler.run('B', quick(name)));
    runs.push(scheduler.run('C', quick('c1')));
    first.release();
    await Promise.all(runs);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it("bounds each company's queue: beyond it PREVIEW_BUSY with retryAfter, other companies unaffected", async () => {
    const scheduler = createPreviewScheduler({ workers: 1, queuePerCompany: 2, retryAfterSeconds: 45 });
    const started: string[] = [];
    const running = gatedJob('a1', started);
    const runs = [scheduler.run('A', running.job)];
    // One running (not counted) and two waiting fill A's share.
    runs.push(
      scheduler.run('A', async () => 'a2'),
      scheduler.run('A', async () => 'a3'),
    );
    const refused = await scheduler.run('A', async () => 'a4').catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('PREVIEW_BUSY');
    expect(isAppError(refused) && refused.status).toBe(503);
    expect(isAppError(refused) && refused.params).toEqual({ retryAfter: 45 });
    runs.push(scheduler.run('B', async () => 'b1'));
    running.release();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'b1']);
    // Once A's queue drained it takes work again; a failed job frees its turn too.
    await expect(scheduler.run('A', async () => Promise.reject(new Error('broken')))).rejects.toThrow(
      'broken',
    );
    expect(await scheduler.run('A', async () => 'a5')).toBe('a5');
  });
});
