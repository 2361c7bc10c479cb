import type { LiveChannel } from '../../db/live-channel.js';

/** Wakes the open event streams of this instance when events they show were committed (here or elsewhere). */
export interface SupportEventHub {
  /**
   * Calls `wake` when events of `subject`'s conversations (every event when undefined) were committed on any
   * instance, and after the listening session came back (the stream catches up from its last event).
   */
  subscribe(subject: string | undefined, wake: () => void): () => void;
}

/** A hub over the live channel's `support` topic (payload: the subject whose conversations have new events). */
export function createEventHub(live: LiveChannel): SupportEventHub {
  return {
    subscribe(subject, wake) {
      return live.subscribe('support', (payload) => {
        if (payload === undefined || subject === undefined || payload === subject) wake();
      });
    },
  };
}
