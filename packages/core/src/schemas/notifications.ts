import { z } from 'zod';
import { NOTIFICATION_EVENTS } from '../notifications/events';
import { decimalInteger, pathIdSchema } from './decimal';

// In-app notifications of the signed-in user (issue 21; SPEC section 9): the last 30 days, read/unread, keyset
// pages, the unread counter as server-sent events, and which events the user wants no e-mail of.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/** Notifications per page of the list. */
export const NOTIFICATION_PAGE = { default: 20, max: 100 } as const;

/** A notification event type (see `NOTIFICATION_EVENT_RULES`). */
export const notificationEventSchema = z.enum(NOTIFICATION_EVENTS);

/** One notification: the event, the document and the party it names, when, and whether it was read. */
export const notificationSchema = z.object({
  id: z.number().int(),
  event: notificationEventSchema,
  companyBin: z
    .string()
    .meta({ description: "The user's company the notification is for (open the document as it)." }),
  documentId: z.number().int().nullable(),
  documentName: z.string().nullable(),
  party: z
    .string()
    .nullable()
    .meta({ description: 'The company or person that acted, as the document names it.' }),
  reason: z
    .string()
    .nullable()
    .meta({
      description:
        "A rejection's or decline's reason; for tariff.ending the plan's end date (dd.MM.yyyy), for " +
        'payment.registered the invoice number and the amount.',
    }),
  link: z.string().meta({ description: 'Portal path the notification leads to.' }),
  at: isoDate,
  readAt: isoDate.nullable(),
});
/** See {@link notificationSchema}. */
export type Notification = z.infer<typeof notificationSchema>;

/** Query of the list: page size and the cursor of the previous page. */
export const notificationListQuerySchema = z.object({
  limit: decimalInteger(z.number().int().min(1).max(NOTIFICATION_PAGE.max)).default(
    NOTIFICATION_PAGE.default,
  ),
  cursor: z.string().max(200).optional().meta({ description: '`nextCursor` of the previous page.' }),
});
/** See {@link notificationListQuerySchema}. */
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** A page of notifications, newest first. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Older notifications: pass as `cursor`; null at the end.' }),
});
/** See {@link notificationPageSchema}. */
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The unread counter (also the data of each event of the counter's stream). */
export const notificationUnreadSchema = z.object({ unread: z.number().int().min(0) });
/** See {@link notificationUnreadSchema}. */
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

/** Path parameters of one notification. */
export const notificationParamsSchema = z.object({ id: pathIdSchema });

/** Which events the user receives no e-mail of (in-app notifications stay). */
export const notificationSettingsSchema = z.object({
  emailOff: z.array(notificationEventSchema).max(NOTIFICATION_EVENTS.length),
});
/** See {@link notificationSettingsSchema}. */
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
