/** Options of {@link startPeriodicJob}. */
export interface PeriodicJobOptions {
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
  intervalMs,
  firstDelayMs,
  run,
  onError,
}: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      running = run()
        .then(
          () => undefined,
          (error: unknown) => onError(error),
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
