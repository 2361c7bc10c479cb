import { mdiDeleteOutline, mdiLoading, mdiPencilOutline, mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import type { Counterparty, ErrorCode } from '@qoltanba/core';
import { $locale, errorTextOf } from '@qoltanba/sdk';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import {
  breakAnywhere,
  button,
  documentsT,
  flush,
  muted,
  panel,
  partyName,
  plainList,
  StateView,
  sectionHeading,
  spinner,
  widgetRoot,
} from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { card, cardButtons, grid, headerRow, layout, name as nameClass } from './CounterpartyList.css';
import { counterpartyListT } from './texts';

/** Props of {@link CounterpartyList}. */
export interface CounterpartyListProps {
  counterparties: readonly Counterparty[];
  loading?: boolean;
  error?: ErrorCode;
  onRetry?: () => void;
  /** Shows "Add counterparty". */
  onAdd?: () => void;
  onEdit?: (counterparty: Counterparty) => void;
  /** Deletes after an inline confirmation; a rejection shows its code on the card. */
  onDelete?: (counterparty: Counterparty) => Promise<unknown> | undefined;
  className?: string;
}

/**
 * The address book as cards (one column on phones, more on wide screens): name, BIN/IIN, e-mails, and edit
 * and delete (confirmed in place) per counterparty.
 *
 * @example <CounterpartyList counterparties={list} onAdd={openForm} onEdit={openForm} onDelete={remove} />
 */
export function CounterpartyList(props: CounterpartyListProps): JSX.Element {
  const { counterparties } = props;
  const lang = useStore($locale);
  const t = counterpartyListT(lang);
  const common = documentsT(lang);
  const id = useId();
  const [confirming, setConfirming] = useState<number>();
  const [deleting, setDeleting] = useState<number>();
  const [failure, setFailure] = useState<{ id: number; error: unknown }>();
  const [announcement, setAnnouncement] = useState('');
  const questionRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (confirming !== undefined) questionRef.current?.focus();
  }, [confirming]);

  const remove = async (counterparty: Counterparty) => {
    if (deleting !== undefined) return;
    setDeleting(counterparty.id);
    setFailure(undefined);
    try {
      await props.onDelete?.(counterparty);
      setConfirming(undefined);
      setAnnouncement(t('deleted', { name: partyName(counterparty, lang) }));
    } catch (error) {
      setFailure({ id: counterparty.id, error });
    } finally {
      setDeleting(undefined);
    }
  };

  let content: JSX.Element;
  if (props.error) content = <StateView kind="error" error={props.error} onRetry={props.onRetry} />;
  else if (props.loading && counterparties.length === 0) content = <StateView kind="loading" />;
  else if (counterparties.length === 0) content = <StateView kind="empty">{t('empty')}</StateView>;
  else {
    content = (
      <ul className={grid} aria-labelledby={`${id}-title`}>
        {counterparties.map((counterparty) => {
          const shownName = partyName(counterparty, lang);
          return (
            <li key={counterparty.id} className={`${panel} ${card}`}>
              <h4 className={nameClass}>{shownName}</h4>
              <span className={muted}>
                {common('identity')} {counterparty.identityNumber}
              </span>
              <ul className={plainList} aria-label={common('email')}>
                {counterparty.emails.map((email) => (
                  <li key={email} className={breakAnywhere}>
                    {email}
                  </li>
                ))}
              </ul>
              {failure?.id === counterparty.id ? (
                <p role="alert" className={flush}>
                  {errorTextOf(failure.error, lang)}
                </p>
              ) : null}
              {confirming === counterparty.id ? (
                <div className={cardButtons}>
                  <p ref={questionRef} tabIndex={-1} className={flush}>
                    {t('confirmDelete', { name: shownName })}
                  </p>
                  <button
                    type="button"
                    className={button.danger}
                    aria-busy={deleting === counterparty.id || undefined}
                    onClick={() => void remove(counterparty)}
                  >
                    {deleting === counterparty.id ? <Icon path={mdiLoading} className={spinner} /> : null}
                    {t('confirm')}
                  </button>
                  <button type="button" className={button.secondary} onClick={() => setConfirming(undefined)}>
                    {t('cancel')}
                  </button>
                </div>
              ) : (
                <div className={cardButtons}>
                  {props.onEdit ? (
                    <button
                      type="button"
                      className={button.quiet}
                      onClick={() => props.onEdit?.(counterparty)}
                    >
                      <Icon path={mdiPencilOutline} />
                      {common('edit')}
                      <span className={visuallyHidden}> {shownName}</span>
                    </button>
                  ) : null}
                  {props.onDelete ? (
                    <button
                      type="button"
                      className={button.quiet}
                      onClick={() => setConfirming(counterparty.id)}
                    >
                      <Icon path={mdiDeleteOutline} />
                      {common('delete')}
                      <span className={visuallyHidden}> {shownName}</span>
                    </button>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section
      className={[widgetRoot, layout, props.className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <div className={headerRow}>
        <h3 id={`${id}-title`} className={sectionHeading}>
          {t('title')}
        </h3>
        {props.onAdd ? (
          <button type="button" className={button.primary} onClick={props.onAdd}>
            <Icon path={mdiPlus} />
            {t('add')}
          </button>
        ) : null}
      </div>
      {content}
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </section>
  );
}
