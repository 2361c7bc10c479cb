import { mdiLoading } from '@mdi/js';
import type { Document, DocumentFile, ErrorCode, ExternalDocument, HistoryEvent } from '@qoltanba/core';
import { type JSX, useId } from 'react';
import {
  button,
  codeText,
  documentsT,
  formatDateTime,
  formatDaysLeft,
  panel,
  partyName,
  StateView,
  StatusBadge,
  sectionHeading,
  spinner,
  widgetRoot,
} from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import {
  actionsBar,
  column,
  columns,
  definition,
  details,
  header,
  layout,
  notice,
  paragraph,
  rejection as rejectionClass,
  section,
  term,
  title,
  titleLine,
} from './DocumentCard.css';
import { FilesList } from './FilesList';
import { HistoryTimeline } from './HistoryTimeline';
import { SignersList } from './SignersList';
import { documentCardT } from './texts';

/** What the card's actions bar can offer; `update` is "Edit", `move` is "Move to folder". */
export type DocumentCardAction =
  | 'update'
  | 'send'
  | 'sign'
  | 'reject'
  | 'revoke'
  | 'copy'
  | 'trash'
  | 'restore'
  | 'move';

const ACTION_ORDER: readonly DocumentCardAction[] = [
  'sign',
  'send',
  'update',
  'reject',
  'revoke',
  'copy',
  'move',
  'restore',
  'trash',
];

const ACTION_STYLE: Record<DocumentCardAction, keyof typeof button> = {
  sign: 'primary',
  send: 'primary',
  update: 'secondary',
  reject: 'danger',
  revoke: 'danger',
  copy: 'secondary',
  move: 'secondary',
  restore: 'primary',
  trash: 'danger',
};

/**
 * The actions a document offers: those of its `allowedActions` the card has a button for, plus "Move to
 * folder" for a document outside the trash when `canMove` is set.
 */
export function documentCardActions(document: Document, canMove: boolean): DocumentCardAction[] {
  const allowed = new Set<string>(document.allowedActions);
  if (canMove && document.status !== 'TRASH') allowed.add('move');
  return ACTION_ORDER.filter((action) => allowed.has(action));
}

/** Props of {@link DocumentCard}. */
export interface DocumentCardProps {
  /**
   * The document; absent while loading or after an error. An external link's read-only document has no creator,
   * trash or actions, and its signers no e-mail addresses.
   */
  document?: Document | ExternalDocument;
  loading?: boolean;
  /**
   * Loading the document failed: the caught error (its text then carries the values the server sent, such as
   * a 429's seconds) or a catalogue code.
   */
  error?: unknown;
  onRetry?: () => void;
  /** The history, loaded apart from the document; absent (or `historyLoading`) shows a loading state. */
  history?: readonly HistoryEvent[];
  historyLoading?: boolean;
  historyError?: ErrorCode;
  onHistoryRetry?: () => void;
  /** Called by the actions bar; only allowed actions are offered. Without it the bar is not shown. */
  onAction?: (action: DocumentCardAction) => void;
  /** Offers "Move to folder" (default true when `onAction` is given). */
  canMove?: boolean;
  /** Actions in progress (the sdk document store's `pending`): their buttons spin and the bar ignores presses. */
  pending?: readonly DocumentCardAction[];
  /** The last action failed. */
  actionError?: ErrorCode;
  onDownload?: (file: DocumentFile) => void;
  onPreview?: (file: DocumentFile) => void;
  /** The sender sends a waiting signer's personal link again (see {@link SignersListProps.onResendLink}). */
  onResendLink?: (identityNumber: string) => void;
  /** When each signer's link may be sent again (epoch ms by BIN/IIN), e.g. from a refused resend's `retryAfter`. */
  resendLinkAvailableAt?: Readonly<Record<string, number>>;
  /** The sender sends an approver a new approval link (see {@link SignersListProps.onResendApprovalLink}). */
  onResendApprovalLink?: (identityNumber: string) => void;
  /** When each signer's approval link may be sent again (epoch ms by BIN/IIN). */
  resendApprovalLinkAvailableAt?: Readonly<Record<string, number>>;
  /** The sender reminds a signer whose turn has come (see {@link SignersListProps.onRemind}). */
  onRemind?: (identityNumber: string) => void;
  /** The signers that may be reminded, by BIN/IIN (the server's reminder status). */
  remindable?: readonly string[];
  /** The sender reminds every signer that may be reminded (see {@link SignersListProps.onRemindAll}). */
  onRemindAll?: () => void;
  /** When each signer may be reminded again (epoch ms by BIN/IIN): the button counts h:m:s down. */
  remindAvailableAt?: Readonly<Record<string, number>>;
  className?: string;
}

/**
 * One document: name, number, status and sender; its files (size, format, SHA-256 with copy, download and
 * preview); signers and their state; the rejection reason; the history timeline; and an actions bar that
 * offers only what `allowedActions` allows.
 *
 * @example <DocumentCard document={doc} history={events} onAction={run} onPreview={(f) => openViewer(f)} />
 */
export function DocumentCard(props: DocumentCardProps): JSX.Element {
  const { document, onAction } = props;
  const pending = props.pending ?? [];
  const busy = pending.length > 0;
  const lang = useLang();
  const t = documentCardT(lang);
  const common = documentsT(lang);
  const id = useId();
  const rootClass = [widgetRoot, layout, props.className].filter(Boolean).join(' ');

  if (!document) {
    return (
      <div className={rootClass}>
        {props.error ? (
          <StateView kind="error" error={props.error} onRetry={props.onRetry} />
        ) : (
          <StateView kind="loading" />
        )}
      </div>
    );
  }

  const full = 'allowedActions' in document ? document : undefined;
  const actions = onAction && full ? documentCardActions(full, props.canMove ?? true) : [];
  const rejectedBy = document.rejection
    ? document.signers.find((signer) => signer.identityNumber === document.rejection?.identityNumber)
    : undefined;

  return (
    <article className={rootClass} aria-labelledby={`${id}-title`} aria-busy={props.loading || undefined}>
      <header className={header}>
        <h2 id={`${id}-title`} className={title}>
          {document.name}
        </h2>
        <div className={titleLine}>
          <span>{t('number', { number: document.number })}</span>
          <StatusBadge status={document.status} />
        </div>
        <dl className={details}>
          <dt className={term}>{t('sender')}</dt>
          <dd className={definition}>
            {partyName(document.sender, lang)}, {common('identity')} {document.sender.bin}
          </dd>
          {full ? (
            <>
              <dt className={term}>{t('creator')}</dt>
              <dd className={definition}>{`${full.creator.firstname} ${full.creator.lastname}`.trim()}</dd>
            </>
          ) : null}
          <dt className={term}>{t('created')}</dt>
          <dd className={definition}>{formatDateTime(document.createdAt, lang)}</dd>
          <dt className={term}>{t('updated')}</dt>
          <dd className={definition}>{formatDateTime(document.updatedAt, lang)}</dd>
          <dt className={term}>{t('method')}</dt>
          <dd className={definition}>{common(`method.${document.signingMethod}`)}</dd>
        </dl>
        {full?.trash ? (
          <p className={notice}>{t('inTrash', { when: formatDaysLeft(full.trash.daysLeft, lang) })}</p>
        ) : null}
      </header>

      {actions.length > 0 ? (
        <fieldset aria-label={t('actions')} className={actionsBar}>
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={button[ACTION_STYLE[action]]}
              aria-busy={pending.includes(action) || undefined}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onAction?.(action);
              }}
            >
              {pending.includes(action) ? <Icon path={mdiLoading} className={spinner} /> : null}
              {/* On a draft the sender's signature also sends it: the button says so beside "Send for signing". */}
              {t(
                action === 'sign' && document.status === 'DRAFT' ? 'action.signAndSend' : `action.${action}`,
              )}
            </button>
          ))}
          {props.actionError ? <span role="alert">{codeText(props.actionError, lang)}</span> : null}
        </fieldset>
      ) : null}

      {document.rejection ? (
        <section className={`${section} ${rejectionClass}`} aria-labelledby={`${id}-rejection`}>
          <h3 id={`${id}-rejection`} className={sectionHeading}>
            {t('rejection')}
          </h3>
          <p className={paragraph}>{document.rejection.reason}</p>
          <p className={paragraph}>
            {t('rejectedBy', {
              name: rejectedBy ? partyName(rejectedBy, lang) : document.rejection.identityNumber,
              bin: document.rejection.identityNumber,
              date: formatDateTime(document.rejection.at, lang),
            })}
          </p>
        </section>
      ) : null}

      <div className={columns}>
        <div className={column}>
          <section className={`${section} ${panel}`} aria-labelledby={`${id}-files`}>
            <h3 id={`${id}-files`} className={sectionHeading}>
              {t('files')}
            </h3>
            <FilesList
              lang={lang}
              files={document.files}
              onDownload={props.onDownload}
              onPreview={props.onPreview}
            />
          </section>
          <section className={`${section} ${panel}`} aria-labelledby={`${id}-signers`}>
            <h3 id={`${id}-signers`} className={sectionHeading}>
              {t('signers')}
            </h3>
            <SignersList
              lang={lang}
              signers={document.signers}
              method={document.signingMethod}
              onResendLink={props.onResendLink}
              resendLinkAvailableAt={props.resendLinkAvailableAt}
              onResendApprovalLink={props.onResendApprovalLink}
              resendApprovalLinkAvailableAt={props.resendApprovalLinkAvailableAt}
              onRemind={props.onRemind}
              remindable={props.remindable}
              onRemindAll={props.onRemindAll}
              remindAvailableAt={props.remindAvailableAt}
            />
          </section>
        </div>
        <section className={`${section} ${panel}`} aria-labelledby={`${id}-history`}>
          <h3 id={`${id}-history`} className={sectionHeading}>
            {t('history')}
          </h3>
          <HistoryTimeline
            lang={lang}
            events={props.history}
            loading={props.historyLoading ?? false}
            error={props.historyError}
            onRetry={props.onHistoryRetry}
          />
        </section>
      </div>
    </article>
  );
}
