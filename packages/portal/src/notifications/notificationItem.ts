import { type Lang, type Notification, type NotificationEvent, notificationText } from '@qoltanba/core';
import { $notifications } from '@qoltanba/sdk';
import type { PortalKey } from '../i18n/portalStrings';

/** The portal key of an event's name (i18next reads dots as nesting, so the keys use `_`). */
export function eventLabelKey(event: NotificationEvent): PortalKey {
  return `notifications.events.${event.replace('.', '_')}` as PortalKey;
}

/** What a notification says in `lang`: core's text of its event, filled with its document, party and reason. */
export function notificationSentence(notification: Notification, lang: Lang): string {
  return notificationText(notification.event, lang, {
    document: notification.documentName,
    party: notification.party,
    reason: notification.reason,
  });
}

/**
 * Following a notification: it is marked read. The caller navigates to `notification.link`, whose `?company=` makes
 * the notified company act (the cabinet applies it), so the document opens as the company it was sent to.
 */
export function followNotification(notification: Notification): void {
  if (notification.readAt === null) void $notifications.markRead(notification.id);
}
