import { type ErrorCode, NOTIFICATION_PAGE, type Notification } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { $auth } from '../auth/authState';
import { createKeysetList } from '../query/keysetList';
import { reportError } from '../telemetry';
import {
  type FollowUnreadOptions,
  followUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type UnreadFollower,
} from './notificationsApi';

// The signed-in user's notifications as stores: the live unread counter of the header, and the list of the last
// 30 days (the header's dropdown and `/cabinet/notification`) with its read actions.

/** Page visibility and the stream the unread counter uses; tests give their own. */
export interface UnreadEnvironment {
  /** True while the page is hidden (a background tab): the stream is closed then. */
  hidden(): boolean;
  /** Listens to the page becoming hidden or visible; answers the unsubscribe function. */
  onVisibilityChange(listener: () => void): () => void;
  /** Opens the counter's stream; {@link followUnreadNotifications} by default. */
  follow(options: FollowUnreadOptions): UnreadFollower;
}

/** The live unread counter: `undefined` until the server first answers (or while signed out). */
export interface UnreadNotificationsStore extends ReadableAtom<number | undefined> {
  /** Takes a count a read action answered, ahead of the stream. */
  set(unread: number): void;
}

const browserEnvironment: UnreadEnvironment = {
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  follow: followUnreadNotifications,
};

/**
 * Creates an unread counter: while watched and signed in it follows the server's stream (server-sent events),
 * closed while the page is hidden and reopened (with the current count) when it shows. (Exported for tests; the app
 * uses {@link $unreadNotifications}.)
 */
export function createUnreadNotificationsStore(
  environment: Partial<UnreadEnvironment> = {},
): UnreadNotificationsStore {
  const env = { ...browserEnvironment, ...environment };
  const store = atom<number | undefined>(undefined);

  onMount(store, () => {
    let follower: UnreadFollower | undefined;
    const stop = () => {
      follower?.stop();
      follower = undefined;
    };
    const start = () => {
      if ($auth.get().status !== 'authenticated') {
        stop();
        store.set(undefined);
        return;
      }
      if (!follower) follower = env.follow({ onUnread: (unread) => store.set(unread) });
      if (env.hidden()) follower.pause();
      else follower.resume();
    };
    start();
    const stopAuth = $auth.listen(start);
    const stopVisibility = env.onVisibilityChange(start);
    return () => {
      stopAuth();
      stopVisibility();
      stop();
    };
  });

  // The atom's own `set` is the one the read actions call.
  return store;
}

/**
 * The signed-in user's unread notifications, live (issue 21): watch it for the header's counter.
 *
 * @example $unreadNotifications.subscribe((unread) => setBadge(unread ?? 0));
 */
export const $unreadNotifications: UnreadNotificationsStore = createUnreadNotificationsStore();

/** Where the notification list stands. */
export interface NotificationListState {
  /** Newest first: the first page and the older pages `loadMore` added. */
  items: Notification[];
  /** `idle` until watched by a signed-in user, then the first page's state. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** True while the next page loads. */
  loadingMore: boolean;
  /** Code of the last failure (a page, or a read action). */
  error: ErrorCode | undefined;
  /** True when older notifications are left for `loadMore`. */
  hasMore: boolean;
}

/** The notification list: a store of {@link NotificationListState} with its actions. */
export interface NotificationListStore extends ReadableAtom<NotificationListState> {
  /** Loads from the newest again. Never rejects. */
  reload(): Promise<void>;
  /** Loads the next (older) page; concurrent calls share one request. Never rejects. */
  loadMore(): Promise<void>;
  /** Marks one read (the list and the counter follow). Never rejects: a failure is the state's `error`. */
  markRead(id: number): Promise<void>;
  /** Marks every notification read. Never rejects: a failure is the state's `error`. */
  markAllRead(): Promise<void>;
}

const EMPTY: NotificationListState = {
  items: [],
  status: 'idle',
  loadingMore: false,
  error: undefined,
  hasMore: false,
};

/**
 * Creates a notification list (the last 30 days, keyset pages of `pageSize`): it loads when first watched, reloads
 * when the unread counter rises while watched (a new notification), and its read actions update the counter.
 * (Exported for tests; the app uses {@link $notifications}.)
 */
export function createNotificationListStore(
  unread: UnreadNotificationsStore = $unreadNotifications,
  pageSize: number = NOTIFICATION_PAGE.default,
): NotificationListStore {
  const state = atom<NotificationListState>(EMPTY);
  const patch = (changes: Partial<NotificationListState>) => state.set({ ...state.get(), ...changes });
  const known = (shown: Notification[], page: Notification[]) => {
    const ids = new Set(shown.map((n) => n.id));
    return [...shown, ...page.filter((n) => !ids.has(n.id))];
  };
  const paging = createKeysetList<Notification>({
    fetchPage: (cursor) => listNotifications({ limit: pageSize, ...(cursor ? { cursor } : {}) }),
    onChange: patch,
    items: () => state.get().items,
    action: 'notification-list',
    ready: () => $auth.get().status === 'authenticated',
    merge: known,
  });

  async function act(run: () => Promise<{ unread: number }>, read: (n: Notification) => boolean) {
    try {
      const answer = await run();
      const at = new Date().toISOString();
      patch({
        error: undefined,
        items: state.get().items.map((n) => (n.readAt === null && read(n) ? { ...n, readAt: at } : n)),
      });
      unread.set(answer.unread);
    } catch (error) {
      if (!isApiError(error)) reportError(error, { action: 'notification-read' });
      patch({ error: errorCodeOf(error) });
    }
  }

  onMount(state, () => {
    void paging.reload();
    let last = unread.get();
    const stopUnread = unread.listen((count) => {
      const rose = count !== undefined && last !== undefined && count > last;
      last = count;
      if (rose) void paging.reload();
    });
    // A new sign-in (or a sign-out) reloads; a token refresh keeps the list.
    let status = $auth.get().status;
    const stopAuth = $auth.listen((auth) => {
      if (auth.status === status) return;
      status = auth.status;
      void paging.reload();
    });
    return () => {
      stopUnread();
      stopAuth();
      paging.cancel();
    };
  });

  return Object.assign(state, {
    reload: () => paging.reload(),
    loadMore: () => paging.loadMore(),
    markRead: (id: number) =>
      act(
        () => markNotificationRead(id),
        (n) => n.id === id,
      ),
    markAllRead: () =>
      act(
        () => markAllNotificationsRead(),
        () => true,
      ),
  });
}

/**
 * The signed-in user's notifications of the last 30 days, newest first (SPEC 9).
 *
 * @example
 * $notifications.subscribe(({ items, hasMore }) => render(items, hasMore));
 * await $notifications.markRead(items[0].id);
 */
export const $notifications: NotificationListStore = createNotificationListStore();
