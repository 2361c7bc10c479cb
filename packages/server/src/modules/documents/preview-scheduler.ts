import { AppError } from '@qoltanba/core';

/** Runs preview conversions fairly between companies. */
export interface PreviewScheduler {
  /**
   * Runs `job` when a worker is free and it is `company`'s turn; PREVIEW_BUSY (503, Retry-After) at once when
   * the company already has its full share waiting.
   */
  run<T>(company: string, job: () => Promise<T>): Promise<T>;
}

/** Options of {@link createPreviewScheduler}. */
export interface PreviewSchedulerOptions {
  /** Conversions running at once (the converter's workers). */
  workers: number;
  /** Conversions of one company that may wait; beyond, PREVIEW_BUSY. */
  queuePerCompany: number;
  /** Seconds a refused caller is told to wait. */
  retryAfterSeconds: number;
}

interface Waiting {
  job: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface CompanyQueue {
  waiting: Waiting[];
  active: boolean;
}

/**
 * Round robin between companies with at most one conversion in flight per company: one company's slow or
 * hostile files occupy at most one worker and wait behind everyone else's turn, so another company's small
 * preview starts as soon as any worker is free. Each company's queue is bounded.
 */
export function createPreviewScheduler(options: PreviewSchedulerOptions): PreviewScheduler {
  const workers = Math.max(1, options.workers);
  const companies = new Map<string, CompanyQueue>();
  // Companies with a job waiting and none running, in the order their turn comes.
  const turns: string[] = [];
  let running = 0;

  const pump = () => {
    while (running < workers && turns.length > 0) {
      const company = turns.shift() as string;
      const queue = companies.get(company);
      const next = queue?.waiting.shift();
      if (!queue || !next) continue;
      queue.active = true;
      running += 1;
      void (async () => {
        try {
          next.resolve(await next.job());
        } catch (error) {
          next.reject(error);
        } finally {
          running -= 1;
          queue.active = false;
          if (queue.waiting.length > 0) turns.push(company);
          else companies.delete(company);
          pump();
        }
      })();
    }
  };

  return {
    run<T>(company: string, job: () => Promise<T>): Promise<T> {
      let queue = companies.get(company);
      if (!queue) {
        queue = { waiting: [], active: false };
        companies.set(company, queue);
      }
      if (queue.waiting.length >= options.queuePerCompany) {
        return Promise.reject(new AppError('PREVIEW_BUSY', { retryAfter: options.retryAfterSeconds }));
      }
      const own = queue;
      const result = new Promise<T>((resolve, reject) => {
        own.waiting.push({ job, resolve: resolve as (value: unknown) => void, reject });
      });
      if (!own.active && own.waiting.length === 1) turns.push(company);
      pump();
      return result;
    },
  };
}
