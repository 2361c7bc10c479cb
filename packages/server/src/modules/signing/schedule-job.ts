import { withJobLock } from '../../db/job-lock.js';
import { signingPort } from '../documents/index.js';
import type { DocumentExpiredEvent, SignersRemindedEvent } from '../module-hooks.js';
import { dueSchedules, markExpired, markReminded } from './document-schedule.js';
import { remindSigners } from './reminders.js';
import type { SigningContext } from './signing-context.js';

/** The advisory lock name of the schedule job: one round at a time across instances. */
export const SCHEDULE_JOB = 'document-schedules';

/** What one round did. */
export interface ScheduleRound {
  ran: boolean;
  expired: number[];
  reminded: number[];
}

/**
 * One round of the schedule job, once across instances (advisory lock): documents past their expiry date are
 * stopped (their schedule marked, so the sender is told once: `documentExpired`), and documents due an automatic
 * reminder have their signers reminded (the manual cooldown still applies per signer: `signersReminded`). The marks
 * and the queued e-mails commit together, so a round that fails leaves nothing half done and the next one retries.
 */
export async function runScheduleRound(context: SigningContext, now: Date): Promise<ScheduleRound> {
  const expiredEvents: DocumentExpiredEvent[] = [];
  const remindedEvents: SignersRemindedEvent[] = [];
  const result = await withJobLock(context.db, SCHEDULE_JOB, async (trx) => {
    for (const due of await dueSchedules(trx, now)) {
      const { core, signers } = await signingPort.sentDocument(trx, due.documentId);
      if (due.expiring) {
        await markExpired(trx, due.documentId, now);
        // Only a document still being signed stops; one signed, rejected or revoked before has nothing to stop.
        if (core.status === 'AT_SIGNING' && due.expiresAt) {
          const event = {
            documentId: due.documentId,
            at: now,
            senderBin: core.sender.bin,
            expiresAt: due.expiresAt,
          };
          expiredEvents.push({ db: context.db, ...event });
        }
        continue;
      }
      if (core.status === 'DRAFT') continue;
      await markReminded(trx, due.documentId, now);
      if (core.status !== 'AT_SIGNING') continue;
      const parties = await remindSigners(context, trx, { core, signers }, { now, automatic: true });
      if (parties.length > 0) {
        remindedEvents.push({
          db: context.db,
          documentId: due.documentId,
          at: now,
          parties,
          automatic: true,
        });
      }
    }
  });
  if (!result.ran) return { ran: false, expired: [], reminded: [] };
  if (remindedEvents.length > 0) await context.outbox.kick();
  for (const event of expiredEvents)
    await runQuietly(context, () => context.hooks.documentExpired.run(event));
  for (const event of remindedEvents)
    await runQuietly(context, () => context.hooks.signersReminded.run(event));
  return {
    ran: true,
    expired: expiredEvents.map((e) => e.documentId),
    reminded: remindedEvents.map((e) => e.documentId),
  };
}

async function runQuietly(context: SigningContext, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    context.log.error({ err: error, job: SCHEDULE_JOB }, 'schedule hook failed');
  }
}
