import { startPeriodicJob } from '../../jobs/periodic-job.js';
import type { AppModule } from '../module.js';
import { HOUSEKEEPING_JOB, runHousekeeping } from './housekeeping.js';

/** The first round runs this long after start (or after one interval when that is shorter). */
export const HOUSEKEEPING_FIRST_DELAY_MS = 60_000;

/**
 * Deletes spent codes, tokens, sessions and lockouts every HOUSEKEEPING_INTERVAL_MINUTES (0: never), in the
 * background: started when the app is ready, stopped (waiting for a round in progress) when it closes.
 */
export const housekeepingModule: AppModule = {
  name: 'housekeeping',
  enabled: (config) => config.housekeepingIntervalMinutes > 0,
  register({ app, config, services }) {
    const intervalMs = config.housekeepingIntervalMinutes * 60_000;
    let job: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      job = startPeriodicJob({
        intervalMs,
        firstDelayMs: Math.min(intervalMs, HOUSEKEEPING_FIRST_DELAY_MS),
        run: async () => {
          const result = await runHousekeeping(services.database.db, services.clock());
          if (result.ran) app.log.info({ job: HOUSEKEEPING_JOB, deleted: result.value }, 'housekeeping done');
        },
        onError: (error) => app.log.error({ err: error, job: HOUSEKEEPING_JOB }, 'housekeeping failed'),
      });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  },
};
