import {
  apiPath,
  NOTIFICATION_PATHS,
  type NotificationPage,
  type NotificationSettings,
  type NotificationUnread,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationUnreadSchema,
  readEventStream,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { activeClient } from '../session/activeClient';
import type { QoltanbaClient } from '../session/client';

// The signed-in user's notifications (`NOTIFICATION_PATHS` of core): the last 30 days, read/unread, e-mail settings,
// and the live unread counter. Every call is the session's: bearer, refresh, a 401 ends the session.

/**
 * A page of notifications, newest first; pass `nextCursor` as `cursor` for older ones.
 *
 * @example const { items } = await listNotifications({ limit: 20 });
 */
export function listNotifications(
  params: { limit?: number; cursor?: string } = {},
): Promise<NotificationPage> {
  const client = activeClient();
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  const query = search.toString();
  return readResponse(
    client.api
      .url(`${NOTIFICATION_PATHS.list}${query ? `?${query}` : ''}`)
      .get()
      .json<unknown>(),
    notificationPageSchema,
    client.lang,
  );
}

/** How many notifications are unread. */
export function getUnreadNotificationCount(): Promise<NotificationUnread> {
  const client = activeClient();
  return readResponse(
    client.api.url(NOTIFICATION_PATHS.unread).get().json<unknown>(),
    notificationUnreadSchema,
    client.lang,
  );
}

/** Marks one notification read; answers the unread count (ApiError ENTITY_NOT_FOUND for one not the user's). */
export function markNotificationRead(id: number): Promise<NotificationUnread> {
  const client = activeClient();
  return readResponse(
    client.api
      .url(apiPath(NOTIFICATION_PATHS.read, { id: String(id) }))
      .post()
      .json<unknown>(),
    notificationUnreadSchema,
    client.lang,
  );
}

/** Marks every notification read; answers the unread count. */
export function markAllNotificationsRead(): Promise<NotificationUnread> {
  const client = activeClient();
  return readResponse(
    client.api.url(NOTIFICATION_PATHS.readAll).post().json<unknown>(),
    notificationUnreadSchema,
    client.lang,
  );
}

/** The events the user gets no e-mail of. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  const client = activeClient();
  return readResponse(
    client.api.url(NOTIFICATION_PATHS.settings).get().json<unknown>(),
    notificationSettingsSchema,
    client.lang,
  );
}

/** Replaces the events the user gets no e-mail of (in-app notifications stay). */
export function updateNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  const client = activeClient();
  return readResponse(
    client.api.url(NOTIFICATION_PATHS.settings).put(settings).json<unknown>(),
    notificationSettingsSchema,
    client.lang,
  );
}

/** Options of {@link followUnreadNotifications}. */
export interface FollowUnreadOptions {
  /** Each count the server reports (now, then on every change). */
  onUnread(unread: number): void;
  client?: QoltanbaClient;
  /** Wait before reconnecting after a stream ended or failed; 3 s by default. */
  reconnectDelayMs?: number;
}

/** A running unread counter. */
export interface UnreadFollower {
  /** Closes the stream (a hidden tab); the counter stays as it was. */
  pause(): void;
  /** Opens a new stream, which reports the count again (the tab is visible again). */
  resume(): void;
  /** Stops for good. */
  stop(): void;
}

/**
 * Follows the unread counter over the server-sent events of `NOTIFICATION_PATHS.events` (fetch, so the bearer goes
 * along), reconnecting after a pause when a stream ends. Pause it while the tab is hidden.
 *
 * @example
 * const follower = followUnreadNotifications({ onUnread: (n) => setBadge(n) });
 * document.addEventListener('visibilitychange', () => (document.hidden ? follower.pause() : follower.resume()));
 */
export function followUnreadNotifications(options: FollowUnreadOptions): UnreadFollower {
  const client = options.client ?? activeClient();
  const delay = options.reconnectDelayMs ?? 3000;
  let controller: AbortController | undefined;
  let running = false;
  let stopped = false;

  async function loop(own: AbortController): Promise<void> {
    while (running && controller === own) {
      try {
        const response = await client.api
          .options({ signal: own.signal })
          .url(NOTIFICATION_PATHS.events)
          .headers({ Accept: 'text/event-stream' })
          .get()
          .res();
        if (response.body)
          await readEventStream(
            response.body,
            {
              onEvent: (event) => {
                const parsed = notificationUnreadSchema.safeParse(JSON.parse(event.data));
                if (parsed.success && controller === own) options.onUnread(parsed.data.unread);
              },
            },
            { signal: own.signal },
          );
      } catch {
        // A failed or aborted connection: reconnect below unless paused.
      }
      if (!running || controller !== own) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  const follower: UnreadFollower = {
    pause() {
      running = false;
      controller?.abort();
      controller = undefined;
    },
    resume() {
      if (stopped || running) return;
      running = true;
      const own = new AbortController();
      controller = own;
      void loop(own);
    },
    stop() {
      stopped = true;
      follower.pause();
    },
  };
  follower.resume();
  return follower;
}
