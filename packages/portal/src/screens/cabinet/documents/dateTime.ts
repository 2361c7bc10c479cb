import type { HistoryEvent, Lang } from '@qoltanba/core';
import { EXTERNAL_LINK_VIEW_DETAILS, formatDate, formatDateTime } from '@qoltanba/core';
import type { PortalT } from '../../../i18n/usePortalT';

/** A date and time as the interface shows it, in Kazakhstan's time with its zone (core's one formatter). */
export function dateTime(iso: string, lang: Lang): string {
  return formatDateTime(iso, lang);
}

/** A date as the interface shows it, the day as it is in Kazakhstan. */
export function dateOnly(iso: string, lang: Lang): string {
  return formatDate(iso, lang);
}

/** The history with the external links' VIEW events told in words (the server marks them with a code). */
export function historyInWords(
  events: readonly HistoryEvent[] | undefined,
  t: PortalT,
): HistoryEvent[] | undefined {
  return events?.map((event) =>
    event.type === 'VIEW' && event.details === EXTERNAL_LINK_VIEW_DETAILS
      ? { ...event, details: t('docs.viewedByLink') }
      : event,
  );
}
