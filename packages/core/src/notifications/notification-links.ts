import { TARIFFS_PAGE } from '../api/paths';
import { NOTIFICATION_EVENT_RULES, type NotificationEvent } from './events';

/** The portal's document page (ours): where a document notification leads. */
export const DOCUMENT_PAGE = '/cabinet/document/:id';
/** The portal's notifications screen (ours; the mobile screen and the "all" link of the header's dropdown). */
export const NOTIFICATIONS_PAGE = '/cabinet/notification';

/**
 * The portal path a notification leads to: its document, or the tariffs page for a tariff or payment event.
 *
 * @example notificationLink('document.signed', 12) // '/cabinet/document/12'
 */
export function notificationLink(event: NotificationEvent, documentId: number | null): string {
  if (NOTIFICATION_EVENT_RULES[event].document && documentId !== null)
    return DOCUMENT_PAGE.replace(':id', String(documentId));
  return TARIFFS_PAGE;
}
