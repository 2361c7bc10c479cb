import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type EventNotice, eventNoticesAfter, headSeq } from './event-store.js';

/** Wakes the open event streams of this instance when events they show were written. */
export interface SupportEventHub {
  /** Calls `wake` for each batch of new events of `subject`'s conversations (every event when undefined). */
  subscribe(subject: string | undefined, wake: () => void): () => void;
  /** Events this instance committed: their streams wake at once. */
  announce(notices: readonly EventNotice[]): void;
  /**
   * One look at the events table for events other instances wrote (on the same PostgreSQL): a cheap read of the
   * event counter while streams are open, the new rows only when it moved. The module runs it every poll interval.
   */
  poll(): Promise<void>;
}

const POLL_BATCH = 1000;

/** A hub over the events table of `db`. */
export function createEventHub(db: Kysely<Database>): SupportEventHub {
  const listeners = new Set<{ subject: string | undefined; wake: () => void }>();
  // The newest event this hub has dispatched; unknown while nobody listens (streams read the table themselves).
  let known: number | undefined;
  let polling: Promise<void> | undefined;

  function dispatch(notices: readonly EventNotice[]): void {
    if (notices.length === 0) return;
    const subjects = new Set(notices.map((notice) => notice.subject));
    for (const listener of listeners) {
      if (listener.subject === undefined || subjects.has(listener.subject)) listener.wake();
    }
  }

  async function pollOnce(): Promise<void> {
    if (listeners.size === 0) {
      known = undefined;
      return;
    }
    const head = await headSeq(db);
    // A new baseline (the first listener, or a head below what we saw: the table was emptied in tests): what came
    // before it is unknown here, so every stream looks once from its own position.
    if (known === undefined || head < known) {
      known = head;
      for (const listener of listeners) listener.wake();
      return;
    }
    while (known < head) {
      const notices = await eventNoticesAfter(db, known, POLL_BATCH);
      const last = notices.at(-1);
      // The events up to the head were purged: nothing to wake for.
      if (!last) {
        known = head;
        break;
      }
      dispatch(notices);
      known = last.seq;
    }
  }

  return {
    subscribe(subject, wake) {
      const listener = { subject, wake };
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    announce: dispatch,
    poll() {
      polling ??= pollOnce().finally(() => {
        polling = undefined;
      });
      return polling;
    },
  };
}
