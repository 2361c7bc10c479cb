import type { ErrorCode, HistoryEvent, Lang } from '@qoltanba/core';
import type { JSX } from 'react';
import { documentsT, formatDateTime, partyName, StateView } from '../documents-common';
import { event as eventClass, facts, itemName, timeline } from './DocumentCard.css';
import { documentCardT } from './texts';

/** Props of {@link HistoryTimeline}. */
export interface HistoryTimelineProps {
  lang: Lang;
  events: readonly HistoryEvent[] | undefined;
  loading: boolean;
  error: ErrorCode | undefined;
  onRetry?: () => void;
}

/** A document's history, oldest first: event type, actor, company, time and IP of each event. */
export function HistoryTimeline({
  lang,
  events,
  loading,
  error,
  onRetry,
}: HistoryTimelineProps): JSX.Element {
  const t = documentCardT(lang);
  const common = documentsT(lang);
  if (error) return <StateView kind="error" error={error} onRetry={onRetry} />;
  if (loading || !events) return <StateView kind="loading" />;
  if (events.length === 0) return <StateView kind="empty">{t('noHistory')}</StateView>;
  const sorted = [...events].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  return (
    <ol className={timeline}>
      {sorted.map((item) => (
        <li key={item.id} className={eventClass}>
          <div className={itemName}>{common(`event.${item.type}`)}</div>
          <div className={facts}>
            <time dateTime={item.at}>{formatDateTime(item.at, lang)}</time>
            <span>{item.actor ? `${item.actor.firstname} ${item.actor.lastname}`.trim() : t('system')}</span>
            {item.company ? (
              <span>
                {partyName(item.company, lang)}, {common('identity')} {item.company.bin}
              </span>
            ) : null}
            {item.ip ? <span>{t('ip', { ip: item.ip })}</span> : null}
          </div>
          {item.details ? <div>{item.details}</div> : null}
        </li>
      ))}
    </ol>
  );
}
