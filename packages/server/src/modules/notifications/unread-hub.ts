import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Wakes this instance's unread-counter streams when a user's counter changed (here or on another instance). */
export interface UnreadHub {
  /** Calls `wake` whenever `userId`'s counter may have changed; answers the unsubscribe. */
  subscribe(userId: string, wake: () => void): () => void;
  /** Counters this instance changed (after the commit): their streams wake at once. */
  announce(userIds: readonly string[]): void;
  /**
   * One look at the signals table for changes other instances made on the same PostgreSQL (a cheap read of the
   * newest signal while streams are open, the new rows only when it moved). The module runs it every poll interval.
   */
  poll(): Promise<void>;
  /** Deletes signals older than `before` (every stream has read them long ago). */
  prune(before: Date): Promise<void>;
}

const POLL_BATCH = 1000;

/** A hub over the `notification_signals` table of `db` (the support chat's mechanism, keyed by user). */
export function createUnreadHub(db: Kysely<Database>): UnreadHub {
  const listeners = new Map<string, Set<() => void>>();
  let known: number | undefined;
  let polling: Promise<void> | undefined;

  function dispatch(userIds: Iterable<string>): void {
    for (const userId of new Set(userIds)) for (const wake of listeners.get(userId) ?? []) wake();
  }

  async function head(): Promise<number> {
    const row = await db
      .selectFrom('notification_signals')
      .select(sql<number | null>`max(seq)`.as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  async function pollOnce(): Promise<void> {
    if (listeners.size === 0) {
      known = undefined;
      return;
    }
    const newest = await head();
    if (known === undefined || newest < known) {
      known = newest;
      dispatch(listeners.keys());
      return;
    }
    while (known < newest) {
      const rows = await db
        .selectFrom('notification_signals')
        .select(['seq', 'user_id'])
        .where('seq', '>', known)
        .orderBy('seq')
        .limit(POLL_BATCH)
        .execute();
      const last = rows.at(-1);
      if (!last) {
        known = newest;
        break;
      }
      dispatch(rows.map((row) => row.user_id));
      known = last.seq;
    }
  }

  return {
    subscribe(userId, wake) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    announce: dispatch,
    poll() {
      polling ??= pollOnce().finally(() => {
        polling = undefined;
      });
      return polling;
    },
    async prune(before) {
      await db.deleteFrom('notification_signals').where('at', '<', before).execute();
    },
  };
}
