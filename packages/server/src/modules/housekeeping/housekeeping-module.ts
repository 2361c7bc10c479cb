import { startPeriodicJob } from '../../jobs/periodic-job.js';
import { purgeSettledMessages } from '../../outbox/message-queue.js';
import type { AppModule } from '../module.js';
import { runSupportPurge, SUPPORT_PURGE_JOB } from '../support/index.js';
import { HOUSEKEEPING_JOB, runHousekeeping } from './housekeeping.js';

/** The first round runs this long after start (or after one interval when that is shorter). */
export const HOUSEKEEPING_FIRST_DELAY_MS = 60_000;

/**
 * Deletes spent codes, tokens, sessions and lockouts, sent or failed messages past SETTLED_MESSAGE_RETENTION_DAYS, and
 * support conversations past
 * QOLTANBA_SUPPORT_RETENTION_DAYS, every HOUSEKEEPING_INTERVAL_MINUTES (0: never), in the background: started when
 * the app is ready, stopped (waiting for a round in progress) when it closes.
 */
export const housekeepingModule: AppModule = {
  name: 'housekeeping',
  enabled: (config) => config.housekeepingIntervalMinutes > 0,
  register({ app, config, services }) {
    const intervalMs = config.housekeepingIntervalMinutes * 60_000;
    let job: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      job = startPeriodicJob({
        name: HOUSEKEEPING_JOB,
        observe: services.observeJobRun,
        intervalMs,
        firstDelayMs: Math.min(intervalMs, HOUSEKEEPING_FIRST_DELAY_MS),
        run: async () => {
          const now = services.clock();
          const result = await runHousekeeping(services.database.db, now);
          if (result.ran) app.log.info({ job: HOUSEKEEPING_JOB, deleted: result.value }, 'housekeeping done');
          // Idempotent, so every instance may run it; a failure here leaves the rounds above done.
          const messages = await purgeSettledMessages(services.database.db, now);
          if (messages > 0) app.log.info({ job: HOUSEKEEPING_JOB, messages }, 'settled messages deleted');
          if (config.supportRetentionDays === 0) return;
          // The support module's own lock and batches: a failure here leaves the account purge done.
          const support = await runSupportPurge(services.database.db, services.blobs, now, {
            retentionDays: config.supportRetentionDays,
          });
          if (support.ran) app.log.info({ job: SUPPORT_PURGE_JOB, ...support }, 'support purge done');
        },
        onError: (error) => app.log.error({ err: error, job: HOUSEKEEPING_JOB }, 'housekeeping failed'),
      });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  },
};
