import {
  NOTIFICATION_PATHS,
  type NotificationUnread,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationSettingsSchema,
  notificationUnreadSchema,
} from '@qoltanba/core';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import {
  emailOptOuts,
  listNotifications,
  markAllRead,
  markRead,
  setEmailOptOuts,
  unreadCount,
} from './notification-store.js';
import type { NotificationsContext } from './notifications-context.js';
import { streamUnread } from './unread-stream.js';

const TAGS = ['notifications'];
const WINDOW = 'Only the last 30 days, and only of companies the user still belongs to.';

/** Registers the notification routes of the signed-in user. */
export function registerNotificationRoutes(context: NotificationsContext): void {
  const { route, db, clock, hub } = context;
  const unread = async (userId: string): Promise<NotificationUnread> => ({
    unread: await unreadCount(db, userId, clock()),
  });

  route(
    defineRoute({
      method: 'GET',
      url: NOTIFICATION_PATHS.list,
      operationId: 'listNotifications',
      summary: "The signed-in user's notifications, newest first",
      description: `Keyset pages: pass \`nextCursor\` as \`cursor\`. ${WINDOW}`,
      tags: TAGS,
      auth: true,
      query: notificationListQuerySchema,
      response: notificationPageSchema,
      handler: async ({ request, query }) => {
        const { userId } = await requireUser(request);
        return listNotifications(db, userId, query, clock());
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: NOTIFICATION_PATHS.unread,
      operationId: 'getUnreadNotificationCount',
      summary: "How many of the signed-in user's notifications are unread",
      description: WINDOW,
      tags: TAGS,
      auth: true,
      response: notificationUnreadSchema,
      handler: async ({ request }) => unread((await requireUser(request)).userId),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: NOTIFICATION_PATHS.events,
      operationId: 'streamNotificationUnread',
      summary: 'The unread counter, live (server-sent events of NotificationUnread)',
      description:
        'text/event-stream: the count now, then each time it changes (on any server instance), with comment ' +
        'heartbeats; `Cache-Control: no-store`. A client pauses by closing the stream and resumes by opening a new one.',
      tags: TAGS,
      auth: true,
      produces: 'event-stream',
      response: notificationUnreadSchema,
      handler: async ({ request, reply }) => {
        const { userId } = await requireUser(request);
        await streamUnread(
          {
            hub,
            streams: context.streams,
            count: (id) => unreadCount(db, id, clock()),
          },
          reply,
          userId,
        );
        return undefined as unknown as NotificationUnread;
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: NOTIFICATION_PATHS.read,
      operationId: 'markNotificationRead',
      summary: 'Mark one notification read; answers the unread count',
      description: `Another user's or an unknown notification answers 404 ENTITY_NOT_FOUND. ${WINDOW}`,
      tags: TAGS,
      auth: true,
      params: notificationParamsSchema,
      allowEmptyJsonBody: true,
      response: notificationUnreadSchema,
      handler: async ({ request, params }) => {
        const { userId } = await requireUser(request);
        await markRead(db, userId, params.id, clock());
        return unread(userId);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: NOTIFICATION_PATHS.readAll,
      operationId: 'markAllNotificationsRead',
      summary: "Mark every one of the signed-in user's notifications read; answers the unread count",
      description: WINDOW,
      tags: TAGS,
      auth: true,
      allowEmptyJsonBody: true,
      response: notificationUnreadSchema,
      handler: async ({ request }) => {
        const { userId } = await requireUser(request);
        await markAllRead(db, userId, clock());
        return unread(userId);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: NOTIFICATION_PATHS.settings,
      operationId: 'getNotificationSettings',
      summary: 'The events the signed-in user gets no e-mail of',
      description: 'In-app notifications of those events stay.',
      tags: TAGS,
      auth: true,
      response: notificationSettingsSchema,
      handler: async ({ request }) => ({
        emailOff: await emailOptOuts(db, (await requireUser(request)).userId),
      }),
    }),
  );

  route(
    defineRoute({
      method: 'PUT',
      url: NOTIFICATION_PATHS.settings,
      operationId: 'updateNotificationSettings',
      summary: 'Choose the events the signed-in user gets no e-mail of',
      description: 'Replaces the list; in-app notifications of those events stay.',
      tags: TAGS,
      auth: true,
      body: notificationSettingsSchema,
      response: notificationSettingsSchema,
      handler: async ({ request, body }) => {
        const { userId } = await requireUser(request);
        await setEmailOptOuts(db, userId, body.emailOff);
        return { emailOff: await emailOptOuts(db, userId) };
      },
    }),
  );
}
