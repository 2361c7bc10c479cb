import { type Kysely, sql } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import { type JobLockResult, withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';
import { drainBlobDeletions, queueBlobDeletions } from '../../files/blob-deletions.js';

type Db = Kysely<Database>;

/** Name of the support purge's advisory lock: with several instances on one database, one runs each batch. */
export const SUPPORT_PURGE_JOB = 'support-purge';

/** Conversations (and, apart, visitors) deleted per transaction; a round repeats until fewer are due. */
export const SUPPORT_PURGE_BATCH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one purge transaction deleted. */
export interface SupportPurgeCounts {
  conversations: number;
  messages: number;
  attachments: number;
  events: number;
  /** Anonymous visitor tokens that own no conversation any more. */
  visitors: number;
  blobsQueued: number;
}

/** Options of {@link purgeSupportBatch} and {@link runSupportPurge}. */
export interface SupportPurgeOptions {
  /** Days a closed conversation is kept after its last message (`QOLTANBA_SUPPORT_RETENTION_DAYS`, at least 1). */
  retentionDays: number;
  /** Runs while the lock is held (tests hold a batch here to race a second instance against it). */
  whileLocked?: () => Promise<void>;
}

const NOTHING: SupportPurgeCounts = {
  conversations: 0,
  messages: 0,
  attachments: 0,
  events: 0,
  visitors: 0,
  blobsQueued: 0,
};

/**
 * One purge transaction under the `support-purge` advisory lock (another instance holding it makes this call skip):
 * deletes up to {@link SUPPORT_PURGE_BATCH} closed conversations whose last message is older than the retention,
 * with their messages, attachments, events and read markers (columns of the conversation), and anonymous visitors
 * created before it that own no conversation. Rows are taken with `FOR UPDATE SKIP LOCKED`: a conversation a
 * request is reopening or marking read right now waits for the next round, and such a request that comes second
 * finds it gone (404). The attachments' blobs are queued in the same transaction (the documents module's
 * `blob_deletions`), so the rows and the queue entries commit together and a crash never leaves a message without
 * its file nor a file nothing remembers; {@link runSupportPurge} deletes them after the commit.
 */
export async function purgeSupportBatch(
  db: Db,
  now: Date,
  options: SupportPurgeOptions,
): Promise<JobLockResult<SupportPurgeCounts>> {
  return withJobLock(db, SUPPORT_PURGE_JOB, async (trx) => {
    await options.whileLocked?.();
    const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
    // A closed conversation gets a message only by being reopened (status and updated_at change), which the row
    // lock's re-check sees; updated_at is the last message's time, the NOT EXISTS says so exactly.
    const due = await trx
      .selectFrom('support_conversations as c')
      .select('c.id')
      .where('c.status', '=', 'closed')
      .where('c.updated_at', '<=', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('support_messages as m')
              .select('m.id')
              .whereRef('m.conversation_id', '=', 'c.id')
              .where('m.created_at', '>', cutoff),
          ),
        ),
      )
      .orderBy('c.id')
      .limit(SUPPORT_PURGE_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const counts = { ...NOTHING };
    const ids = due.map((row) => row.id);
    if (ids.length > 0) {
      // Messages first: they refer to the attachments.
      counts.messages = Number(
        (await trx.deleteFrom('support_messages').where('conversation_id', 'in', ids).executeTakeFirst())
          .numDeletedRows,
      );
      const attachments = await trx
        .deleteFrom('support_attachments')
        .where('conversation_id', 'in', ids)
        .returning('blob_key')
        .execute();
      counts.attachments = attachments.length;
      counts.events = Number(
        (await trx.deleteFrom('support_events').where('conversation_id', 'in', ids).executeTakeFirst())
          .numDeletedRows,
      );
      counts.conversations = Number(
        (await trx.deleteFrom('support_conversations').where('id', 'in', ids).executeTakeFirst())
          .numDeletedRows,
      );
      const keys = attachments.map((row) => row.blob_key);
      await queueBlobDeletions(trx, keys, now);
      counts.blobsQueued = keys.length;
    }
    // A visitor's message takes its visitor row FOR KEY SHARE (conversation-store), so a locked visitor cannot
    // gain a conversation before this transaction ends.
    const visitors = await trx
      .selectFrom('support_visitors as v')
      .select('v.id')
      .where('v.created_at', '<=', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('support_conversations as c')
              .select('c.id')
              .where('c.subject', '=', sql<string>`'visitor:' || v.id`),
          ),
        ),
      )
      .orderBy('v.id')
      .limit(SUPPORT_PURGE_BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    if (visitors.length > 0) {
      counts.visitors = Number(
        (
          await trx
            .deleteFrom('support_visitors')
            .where(
              'id',
              'in',
              visitors.map((row) => row.id),
            )
            .executeTakeFirst()
        ).numDeletedRows,
      );
    }
    return counts;
  });
}

/** Totals of a {@link runSupportPurge} round. */
export interface SupportPurgeRound extends SupportPurgeCounts {
  /** False when another instance held the lock (that instance does the work). */
  ran: boolean;
  blobsDeleted: number;
}

/**
 * A purge round: {@link purgeSupportBatch} until nothing more is due, then the queued blob deletions (the documents
 * module's queue, shared: every entry is a blob no row refers to, an earlier round's whose store failed included).
 * Nothing is deleted twice: rows go in locked batches, queue entries are claimed with SKIP LOCKED.
 */
export async function runSupportPurge(
  db: Db,
  blobs: BlobStore,
  now: Date,
  options: SupportPurgeOptions,
): Promise<SupportPurgeRound> {
  const round: SupportPurgeRound = { ran: false, ...NOTHING, blobsDeleted: 0 };
  for (;;) {
    const result = await purgeSupportBatch(db, now, options);
    if (!result.ran) break;
    round.ran = true;
    for (const key of Object.keys(NOTHING) as Array<keyof SupportPurgeCounts>)
      round[key] += result.value[key];
    if (result.value.conversations < SUPPORT_PURGE_BATCH && result.value.visitors < SUPPORT_PURGE_BATCH)
      break;
  }
  if (!round.ran) return round;
  for (;;) {
    const deleted = await drainBlobDeletions(db, blobs);
    round.blobsDeleted += deleted;
    if (deleted === 0) break;
  }
  return round;
}
