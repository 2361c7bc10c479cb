import type { HistoryEvent, Lang } from '@qoltanba/core';
import { EXTERNAL_LINK_VIEW_DETAILS } from '@qoltanba/core';
import type { PortalT } from '../../../i18n/usePortalT';

const LOCALES: Record<Lang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-GB' };

/** A date and time as the interface shows it, in Kazakhstan's time (UTC+5). */
export function dateTime(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(LOCALES[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Almaty',
  });
}

/** A date as the interface shows it, in Kazakhstan's time (UTC+5). */
export function dateOnly(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleDateString(LOCALES[lang], { dateStyle: 'long', timeZone: 'Asia/Almaty' });
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
