import { TARIFFS_PAGE } from '../api/paths';
import { NOTIFICATION_EVENT_RULES, type NotificationEvent } from './events';

/** The portal's document page (ours): where a document notification leads. */
export const DOCUMENT_PAGE = '/cabinet/document/:id';
/** The portal's notifications screen (ours; the mobile screen and the "all" link of the header's dropdown). */
export const NOTIFICATIONS_PAGE = '/cabinet/notification';

/**
 * The query parameter of a cabinet address that names the company (BIN or IIN) to act as: a link followed from
 * an e-mail opens the document as the company it concerns, whichever company the browser had selected.
 */
export const COMPANY_QUERY = 'company';

/**
 * The portal path a notification leads to: its document as the notified company, or the tariffs page for a
 * tariff or payment event.
 *
 * @example notificationLink('document.signed', 12, '123456789021') // '/cabinet/document/12?company=123456789021'
 */
export function notificationLink(
  event: NotificationEvent,
  documentId: number | null,
  companyBin: string,
): string {
  if (NOTIFICATION_EVENT_RULES[event].document && documentId !== null)
    return `${DOCUMENT_PAGE.replace(':id', String(documentId))}?${COMPANY_QUERY}=${encodeURIComponent(companyBin)}`;
  return TARIFFS_PAGE;
}
