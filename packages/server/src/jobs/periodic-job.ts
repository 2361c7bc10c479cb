/** How one run of a periodic job ended: it worked, another instance held the job's lock, or it threw. */
export type JobRunOutcome = 'ran' | 'skipped' | 'failed';

/** Told of each run of a named periodic job (the metrics count them). */
export type JobRunObserver = (job: string, outcome: JobRunOutcome, seconds: number) => void;

/** Options of {@link startPeriodicJob}. */
export interface PeriodicJobOptions {
  /** The job's name, for {@link observe}. */
  name?: string;
  /** Told of each run (with `name`): a run answering `{ ran: false }` (`withJobLock`) counts as skipped. */
  observe?: JobRunObserver;
  /** Time between the end of one run and the start of the next. */
  intervalMs: number;
  /** Time before the first run (defaults to the interval). */
  firstDelayMs?: number;
  /** The work of one round; a rejection goes to `onError` and the schedule goes on. */
  run(): Promise<unknown>;
  onError(error: unknown): void;
}

/** A started {@link startPeriodicJob}. */
export interface PeriodicJob {
  /** Cancels the next run and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` in the background. Runs never overlap (the next one is scheduled when the
 * last one ends) and the timers are unref'd, so a pending run never keeps the process alive.
 */
export function startPeriodicJob({
  name,
  observe,
  intervalMs,
  firstDelayMs,
  run,
  onError,
}: PeriodicJobOptions): PeriodicJob {
  const report = (outcome: JobRunOutcome, started: number) => {
    if (name !== undefined) observe?.(name, outcome, (performance.now() - started) / 1000);
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      const started = performance.now();
      running = run()
        .then(
          (result: unknown) => report(skippedRun(result) ? 'skipped' : 'ran', started),
          (error: unknown) => {
            report('failed', started);
            onError(error);
          },
        )
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(firstDelayMs ?? intervalMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

function skippedRun(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { ran?: unknown }).ran === false;
}
