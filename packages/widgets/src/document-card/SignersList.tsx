import {
  type ExternalSigner,
  formatCountdown,
  type Lang,
  type Signer,
  type SigningMethod,
} from '@qoltanba/core';
import { type JSX, useEffect, useState } from 'react';
import {
  breakAnywhere,
  button,
  documentsT,
  formatDateTime,
  partyName,
  plainList,
  SignerStateBadge,
} from '../documents-common';
import { facts, item, itemHead, itemName, order } from './DocumentCard.css';
import { documentCardT } from './texts';

/** Props of {@link SignersList}. */
export interface SignersListProps {
  lang: Lang;
  /** Signers of a document; an external link's signers come without e-mail addresses. */
  signers: readonly (Signer | ExternalSigner)[];
  method: SigningMethod;
  /**
   * Offers "Send the link again" beside each waiting signer whose link delivery the sender sees; called with the
   * signer's BIN/IIN.
   */
  onResendLink?: (identityNumber: string) => void;
  /**
   * When each signer's link may be sent again (epoch ms, by BIN/IIN), e.g. now + a refused resend's `retryAfter`:
   * until then the button is disabled and counts the time down.
   */
  resendLinkAvailableAt?: Readonly<Record<string, number>>;
  /**
   * Offers "Send the approval link again" beside each signer awaiting its approver whose turn has come (in
   * `remindable`): the approver gets a new link (an expired one too); called with the signer's BIN/IIN.
   */
  onResendApprovalLink?: (identityNumber: string) => void;
  /** When each signer's approval link may be sent again (epoch ms, by BIN/IIN): the button counts down till then. */
  resendApprovalLinkAvailableAt?: Readonly<Record<string, number>>;
  /** Offers "Remind" beside each signer in `remindable` (the sender's, whose turn has come); called with its BIN/IIN. */
  onRemind?: (identityNumber: string) => void;
  /** The signers that may be reminded (their turn has come), by BIN/IIN. */
  remindable?: readonly string[];
  /**
   * Offers "Remind all" under the list when more than one signer may be reminded (disabled while every one of them
   * waits out its countdown); the server reminds each whose waiting time is over.
   */
  onRemindAll?: () => void;
  /**
   * When each signer may be reminded again (epoch ms, by BIN/IIN), from the server's seconds left: until then the
   * button is disabled and counts hours, minutes and seconds down (SPEC section 4).
   */
  remindAvailableAt?: Readonly<Record<string, number>>;
  /** The clock of the countdown (tests); `Date.now` by default. */
  now?: () => number;
}

/** Seconds until the latest of `instants`, ticking once a second while any is ahead. */
function useSecondsLeft(availableAt: Readonly<Record<string, number>> | undefined, now: () => number) {
  const [, tick] = useState(0);
  const latest = Math.max(0, ...Object.values(availableAt ?? {}));
  useEffect(() => {
    if (latest <= now()) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [latest, now]);
  return (identityNumber: string) =>
    Math.max(0, Math.ceil(((availableAt?.[identityNumber] ?? 0) - now()) / 1000));
}

const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The signers in their order (an ordered list: the order matters for SEQUENTIAL documents), each with name,
 * BIN/IIN, e-mail, state, when they signed and their approver; the sender also sees when the document reached each
 * signer company and when it was first opened there (Law 370-II art. 7's receipt), whether each personal link went
 * out by e-mail (queued, sent at, retrying, failed) and may send it again, with the time left when it is too early.
 */
export function SignersList({
  lang,
  signers,
  method,
  onResendLink,
  resendLinkAvailableAt,
  onResendApprovalLink,
  resendApprovalLinkAvailableAt,
  onRemind,
  remindable = [],
  onRemindAll,
  remindAvailableAt,
  now = Date.now,
}: SignersListProps): JSX.Element {
  const t = documentCardT(lang);
  const common = documentsT(lang);
  const secondsLeft = useSecondsLeft(resendLinkAvailableAt, now);
  const approvalLinkLeft = useSecondsLeft(resendApprovalLinkAvailableAt, now);
  const remindLeft = useSecondsLeft(remindAvailableAt, now);
  const sorted = [...signers].sort((a, b) => a.order - b.order);
  const List = method === 'SEQUENTIAL' ? 'ol' : 'ul';
  const list = (
    <List className={plainList}>
      {sorted.map((signer) => {
        const delivery = 'linkDelivery' in signer ? signer.linkDelivery : undefined;
        const left = secondsLeft(signer.identityNumber);
        return (
          <li key={signer.identityNumber} className={item}>
            <div className={itemHead}>
              <span className={itemName}>
                {method === 'SEQUENTIAL' ? (
                  <span className={order} aria-hidden="true">
                    {signer.order}
                  </span>
                ) : null}
                {partyName(signer, lang)}
              </span>
              <SignerStateBadge state={signer.state} />
            </div>
            <div className={facts}>
              <span>
                {common('identity')} {signer.identityNumber}
              </span>
              {'email' in signer ? <span className={breakAnywhere}>{signer.email}</span> : null}
              {signer.signedAt ? (
                <span>{t('signedAt', { date: formatDateTime(signer.signedAt, lang) })}</span>
              ) : null}
              {'approverEmail' in signer && signer.approverEmail ? (
                <span className={breakAnywhere}>{t('approver', { email: signer.approverEmail })}</span>
              ) : null}
              {'approval' in signer && signer.approval === 'PENDING' && signer.state === 'WAITING' ? (
                <span data-approval="PENDING">{t('awaitingApproval')}</span>
              ) : null}
              {'deliveredAt' in signer && signer.deliveredAt ? (
                <>
                  <span data-delivered-at={signer.deliveredAt}>
                    {t('deliveredAt', { date: formatDateTime(signer.deliveredAt, lang) })}
                  </span>
                  <span data-first-opened-at={signer.firstOpenedAt ?? ''}>
                    {signer.firstOpenedAt
                      ? t('firstOpenedAt', { date: formatDateTime(signer.firstOpenedAt, lang) })
                      : t('notOpened')}
                  </span>
                </>
              ) : null}
              {delivery && signer.state === 'WAITING' ? (
                <span data-link-delivery={delivery.state}>
                  {t(`link.${delivery.state}`, {
                    date: formatDateTime(
                      delivery.sentAt ?? delivery.nextAttemptAt ?? delivery.queuedAt,
                      lang,
                    ),
                  })}
                </span>
              ) : null}
            </div>
            {delivery && signer.state === 'WAITING' && onResendLink ? (
              <div>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={left > 0}
                  onClick={() => onResendLink(signer.identityNumber)}
                >
                  {left > 0 ? t('resendLinkIn', { time: countdown(left) }) : t('resendLink')}
                </button>
              </div>
            ) : null}
            {onResendApprovalLink &&
            'approval' in signer &&
            signer.approval === 'PENDING' &&
            signer.state === 'WAITING' &&
            remindable.includes(signer.identityNumber) ? (
              <div>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={approvalLinkLeft(signer.identityNumber) > 0}
                  onClick={() => onResendApprovalLink(signer.identityNumber)}
                >
                  {approvalLinkLeft(signer.identityNumber) > 0
                    ? t('resendApprovalLinkIn', { time: countdown(approvalLinkLeft(signer.identityNumber)) })
                    : t('resendApprovalLink')}
                </button>
              </div>
            ) : null}
            {onRemind && remindable.includes(signer.identityNumber) ? (
              <div>
                <button
                  type="button"
                  className={button.secondary}
                  disabled={remindLeft(signer.identityNumber) > 0}
                  onClick={() => onRemind(signer.identityNumber)}
                >
                  {remindLeft(signer.identityNumber) > 0
                    ? t('remindIn', { time: formatCountdown(remindLeft(signer.identityNumber)) })
                    : t('remind')}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </List>
  );
  if (!onRemindAll || remindable.length < 2) return list;
  return (
    <>
      {list}
      <div>
        <button
          type="button"
          className={button.secondary}
          disabled={remindable.every((identityNumber) => remindLeft(identityNumber) > 0)}
          onClick={onRemindAll}
        >
          {t('remindAll')}
        </button>
      </div>
    </>
  );
}
