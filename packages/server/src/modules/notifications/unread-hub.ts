import type { LiveChannel } from '../../db/live-channel.js';

/** Wakes this instance's unread-counter streams when a user's counter changed (here or on another instance). */
export interface UnreadHub {
  /**
   * Calls `wake` whenever `userId`'s counter may have changed, and after the listening session came back;
   * answers the unsubscribe.
   */
  subscribe(userId: string, wake: () => void): () => void;
}

/** A hub over the live channel's `unread` topic (payload: the user ids whose counters changed, comma-separated). */
export function createUnreadHub(live: LiveChannel): UnreadHub {
  const listeners = new Map<string, Set<() => void>>();

  function dispatch(payload: string | undefined): void {
    const userIds = payload === undefined ? [...listeners.keys()] : payload.split(',');
    for (const userId of new Set(userIds)) for (const wake of listeners.get(userId) ?? []) wake();
  }

  // For the app's life: the channel closes with it.
  live.subscribe('unread', dispatch);
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
  };
}
