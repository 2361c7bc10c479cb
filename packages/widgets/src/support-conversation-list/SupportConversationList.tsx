import { mdiLoading } from '@mdi/js';
import {
  type ErrorCode,
  SUPPORT_CONVERSATION_STATUSES,
  type SupportConversationStatus,
  type SupportInboxConversation,
} from '@qoltanba/core';
import { type JSX, type KeyboardEvent, type MouseEvent, useId, useRef } from 'react';
import { button, StateView, sectionHeading, spinner, useLang, widgetRoot } from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { formatMessageTime, messagePreview, supportT, visitorTitle } from '../support-common';
import * as css from './SupportConversationList.css';

/** Props of {@link SupportConversationList}. */
export interface SupportConversationListProps {
  conversations: readonly SupportInboxConversation[];
  /** The tab shown: open or closed conversations. */
  status: SupportConversationStatus;
  /** Switches the tab; without it there are no tabs. */
  onStatusChange?: (status: SupportConversationStatus) => void;
  /** The conversation open beside (or instead of) the list: marked as current. */
  selectedId?: number;
  /** The address of a conversation: each row is a link to it. */
  hrefOf: (conversation: SupportInboxConversation) => string;
  /**
   * Opens a conversation in place (client-side navigation). Called on a plain click, which then does not follow
   * the link; a click with a modifier key (new tab) follows it.
   */
  onOpen?: (conversation: SupportInboxConversation) => void;
  loading?: boolean;
  error?: ErrorCode;
  onRetry?: () => void;
  /** Shows "Show more". */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  className?: string;
}

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The operators' list of support conversations: open and closed tabs, then one link per conversation with the
 * visitor's name and kind, the time and a one-line preview of the last message, and an unread badge. The current
 * conversation is marked (`aria-current`). Messages are plain text.
 *
 * @example <SupportConversationList conversations={items} status="open" hrefOf={(c) => `?conversation=${c.id}`} onOpen={open} />
 */
export function SupportConversationList(props: SupportConversationListProps): JSX.Element {
  const { conversations, status, loading = false, loadingMore = false } = props;
  const lang = useLang();
  const t = supportT(lang);
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const count = SUPPORT_CONVERSATION_STATUSES.length;
    const next = (index + step + count) % count;
    tabs.current[next]?.focus();
    const nextStatus = SUPPORT_CONVERSATION_STATUSES[next];
    if (nextStatus) props.onStatusChange?.(nextStatus);
  };

  let content: JSX.Element;
  if (props.error && conversations.length === 0) {
    content = <StateView kind="error" error={props.error} onRetry={props.onRetry} />;
  } else if (loading && conversations.length === 0) content = <StateView kind="loading" />;
  else if (conversations.length === 0) {
    content = <StateView kind="empty">{t(status === 'open' ? 'emptyOpen' : 'emptyClosed')}</StateView>;
  } else {
    content = (
      <>
        <ul className={css.list} aria-labelledby={`${id}-title`}>
          {conversations.map((conversation) => {
            const current = conversation.id === props.selectedId;
            const unread = conversation.unreadCount;
            return (
              <li key={conversation.id}>
                <a
                  className={css.row}
                  href={props.hrefOf(conversation)}
                  aria-current={current ? 'page' : undefined}
                  onClick={(event) => {
                    if (!props.onOpen || !plainClick(event)) return;
                    event.preventDefault();
                    props.onOpen(conversation);
                  }}
                >
                  <span className={css.topLine}>
                    <span className={css.name}>{visitorTitle(conversation, lang)}</span>
                    <time className={css.time} dateTime={conversation.updatedAt}>
                      {formatMessageTime(conversation.updatedAt, lang)}
                    </time>
                  </span>
                  <span className={css.kind}>{t(`kind.${conversation.visitor.kind}`)}</span>
                  <span className={css.bottomLine}>
                    <span className={unread > 0 ? `${css.preview} ${css.previewUnread}` : css.preview}>
                      {messagePreview(conversation.lastMessage, lang)}
                    </span>
                    {unread > 0 ? (
                      <span className={css.badge}>
                        <span aria-hidden="true">{unread}</span>
                        <span className={visuallyHidden}>{t('unread', { count: unread })}</span>
                      </span>
                    ) : null}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
        {props.error ? <StateView kind="error" error={props.error} onRetry={props.onLoadMore} /> : null}
        {props.hasMore && props.onLoadMore ? (
          <button
            type="button"
            className={`${button.secondary} ${css.more}`}
            aria-busy={loadingMore || undefined}
            onClick={props.onLoadMore}
          >
            {loadingMore ? <Icon path={mdiLoading} className={spinner} /> : null}
            {t('loadMore')}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section
      className={[widgetRoot, css.layout, props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={sectionHeading}>
        {t('listTitle')}
      </h2>
      {props.onStatusChange ? (
        <div role="tablist" aria-label={t('tabsLabel')} className={css.tabs}>
          {SUPPORT_CONVERSATION_STATUSES.map((value, index) => (
            <button
              key={value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${value}`}
              aria-selected={value === status}
              aria-controls={`${id}-panel`}
              tabIndex={value === status ? 0 : -1}
              className={css.tab}
              onClick={() => props.onStatusChange?.(value)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {t(`tab.${value}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id={`${id}-panel`}
        {...(props.onStatusChange ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${status}` } : {})}
        className={css.panel}
      >
        {content}
      </div>
    </section>
  );
}
