import { mdiArrowLeft, mdiLoading, mdiPaperclip } from '@mdi/js';
import type { ErrorCode, SupportAttachment, SupportInboxConversation, SupportMessage } from '@qoltanba/core';
import { type JSX, type MouseEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import {
  badge,
  button,
  formatDateTime,
  formatFileSize,
  iconButton,
  muted,
  StateView,
  sectionHeading,
  spinner,
  useLang,
  widgetRoot,
} from '../documents-common';
import { Icon } from '../icon';
import { authorLabel, formatMessageTime, supportT, visitorTitle } from '../support-common';
import * as css from './SupportThread.css';

/** Props of {@link SupportThread}. */
export interface SupportThreadProps {
  /** The conversation; undefined while it loads for the first time. */
  conversation: SupportInboxConversation | undefined;
  /** Oldest first. */
  messages: readonly SupportMessage[];
  /** Shows "Earlier messages" above them (older messages are left to load). */
  onLoadEarlier?: () => void;
  /** The earlier messages are loading. */
  loadingEarlier?: boolean;
  loading?: boolean;
  error?: ErrorCode;
  onRetry?: () => void;
  /** The address of an attachment's bytes (each attachment is a download link). */
  attachmentHref: (attachment: SupportAttachment, message: SupportMessage) => string;
  /**
   * Downloads an attachment itself (e.g. with the bearer); called on a plain click, which then does not follow the
   * link.
   */
  onDownload?: (attachment: SupportAttachment, message: SupportMessage) => void;
  /** Shows a "back to the list" button (the phone layout, where the list and the thread are two screens). */
  onBack?: () => void;
  /** The label of the back button. */
  backLabel?: string;
  /** Actions in the header (the close button). */
  actions?: ReactNode;
  /** Below the messages (the reply form). */
  children?: ReactNode;
  className?: string;
}

function Attachment(props: {
  attachment: SupportAttachment;
  message: SupportMessage;
  href: string;
  onDownload: SupportThreadProps['onDownload'];
}): JSX.Element {
  const { attachment, message } = props;
  const lang = useLang();
  const t = supportT(lang);
  const size = formatFileSize(attachment.size, lang);
  return (
    <a
      className={css.attachment}
      href={props.href}
      download={attachment.name}
      aria-label={t('download', { name: attachment.name, size })}
      onClick={(event: MouseEvent) => {
        if (!props.onDownload || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        props.onDownload(attachment, message);
      }}
    >
      <Icon path={mdiPaperclip} />
      <span className={css.attachmentName}>{attachment.name}</span>
      <span className={muted}>{size}</span>
    </a>
  );
}

/**
 * One support conversation for operators: who the visitor is (name, kind, e-mail, language, the page they wrote
 * from), then the messages oldest first, the visitor's, the operators' and the system's told apart, attachments as
 * download links. Messages are rendered as text, never as HTML. The message list is a live region (`role="log"`),
 * so a screen reader reads new messages as they arrive; it scrolls to a new message when it was at the end.
 *
 * @example <SupportThread conversation={c} messages={messages} attachmentHref={(a) => url(c.id, a.id)}><SupportReplyForm … /></SupportThread>
 */
export function SupportThread(props: SupportThreadProps): JSX.Element {
  const { conversation, messages, loading = false } = props;
  const lang = useLang();
  const t = supportT(lang);
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const conversationId = conversation?.id;
  const shownId = useRef<number | undefined>(undefined);
  const shownFirst = useRef<{ id: number | undefined; height: number }>({ id: undefined, height: 0 });

  // Follow new messages only when the reader was at the end (or a conversation just opened); never pull them away
  // from older ones. Earlier messages added above keep the reader's place.
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = shownFirst.current;
    if (shownId.current !== conversationId) {
      shownId.current = conversationId;
      atEnd.current = true;
    } else if (element && before.id !== undefined && firstId !== undefined && firstId < before.id) {
      element.scrollTop += element.scrollHeight - before.height;
    }
    if (element && atEnd.current && lastId !== undefined) element.scrollTop = element.scrollHeight;
    shownFirst.current = { id: firstId, height: element?.scrollHeight ?? 0 };
  }, [lastId, firstId, conversationId]);

  const heading = conversation ? visitorTitle(conversation, lang) : t('threadLabel');
  let body: JSX.Element;
  if (props.error && !conversation)
    body = <StateView kind="error" error={props.error} onRetry={props.onRetry} />;
  else if (loading && !conversation) body = <StateView kind="loading" />;
  else if (messages.length === 0) body = <StateView kind="empty">{t('empty')}</StateView>;
  else {
    body = (
      <>
        {props.onLoadEarlier ? (
          <div className={css.earlier}>
            <button
              type="button"
              className={button.secondary}
              aria-busy={props.loadingEarlier || undefined}
              onClick={props.onLoadEarlier}
            >
              {props.loadingEarlier ? <Icon path={mdiLoading} className={spinner} /> : null}
              {t('earlier')}
            </button>
          </div>
        ) : null}
        <div key={conversation?.id} role="log" aria-live="polite" aria-label={t('messagesLabel')}>
          <ol className={css.messages}>
            {messages.map((message) => (
              <li key={message.id} className={css.message[message.author]}>
                <div className={css.meta}>
                  <span className={css.author}>{authorLabel(message, lang)}</span>
                  <time dateTime={message.createdAt} title={formatDateTime(message.createdAt, lang)}>
                    {formatMessageTime(message.createdAt, lang)}
                  </time>
                </div>
                {message.text ? <p className={css.text}>{message.text}</p> : null}
                {message.attachment ? (
                  <Attachment
                    attachment={message.attachment}
                    message={message}
                    href={props.attachmentHref(message.attachment, message)}
                    onDownload={props.onDownload}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      </>
    );
  }

  const visitor = conversation?.visitor;
  return (
    <section
      className={[widgetRoot, css.layout, props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <header className={css.header}>
        {props.onBack ? (
          <button
            type="button"
            className={iconButton}
            aria-label={props.backLabel ?? t('listTitle')}
            onClick={props.onBack}
          >
            <Icon path={mdiArrowLeft} />
          </button>
        ) : null}
        <div className={css.who}>
          <h2 id={`${id}-title`} className={`${sectionHeading} ${css.title}`}>
            {heading}
          </h2>
          {conversation && visitor ? (
            <div className={css.details}>
              <span className={conversation.status === 'open' ? badge.progress : badge.muted}>
                {t(`status.${conversation.status}`)}
              </span>
              <span>{t(`kind.${visitor.kind}`)}</span>
              {visitor.email && visitor.email !== heading ? (
                <span>
                  {t('email')}: {visitor.email}
                </span>
              ) : null}
              {visitor.language ? (
                <span>
                  {t('language')}: {t(`languages.${visitor.language}`)}
                </span>
              ) : null}
              {visitor.pageUrl ? (
                // The visitor's page is text: an address a visitor sent is not something to click.
                <span className={css.page}>
                  {t('page')}: {visitor.pageUrl}
                </span>
              ) : null}
              {conversation.closedAt ? (
                <span>{t('closedAt', { date: formatDateTime(conversation.closedAt, lang) })}</span>
              ) : null}
            </div>
          ) : null}
        </div>
        {props.actions ? <div className={css.actions}>{props.actions}</div> : null}
      </header>
      <div
        ref={scroller}
        className={css.scroller}
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
        }}
      >
        {body}
      </div>
      {props.children}
    </section>
  );
}
