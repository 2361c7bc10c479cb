import {
  EXTERNAL_LINK_DEFAULT_DAYS,
  EXTERNAL_LINK_LABEL_MAX,
  EXTERNAL_LINK_MAX_DAYS,
  type ExternalLink,
} from '@qoltanba/core';
import { createExternalLinksStore, translateError } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSdkStore } from '../../../app/useSdkStore';
import { usePortalT } from '../../../i18n';
import * as css from '../../screens.css';
import { dateTime } from './dateTime';
import * as docs from './documents.css';

/** Props of {@link ShareLinkDialog}. */
export interface ShareLinkDialogProps {
  documentId: number;
  onClose: () => void;
}

/** One link of the company's list: its dates and state, and "Revoke" behind a confirmation. */
function LinkRow({
  link,
  busy,
  onRevoke,
}: {
  link: ExternalLink;
  busy: boolean;
  onRevoke: () => Promise<void>;
}): JSX.Element {
  const { t, lang } = usePortalT();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const expired = Date.parse(link.expiresAt) <= Date.now();
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const name = `${link.createdBy.firstname} ${link.createdBy.lastname}`.trim();
  return (
    <li className={docs.linkItem} data-link={link.id}>
      {link.label ? <strong>{link.label}</strong> : null}
      <span>{t('docs.share.createdAt', { date: dateTime(link.createdAt, lang), name })}</span>
      <span>{t('docs.share.expiresAt', { date: dateTime(link.expiresAt, lang) })}</span>
      {link.lastOpenedAt ? (
        <span className={css.muted}>
          {t('docs.share.opened', { date: dateTime(link.lastOpenedAt, lang) })}
        </span>
      ) : null}
      {link.revokedAt ? (
        <strong data-link-state="revoked">{t('docs.share.revoked')}</strong>
      ) : expired ? (
        <strong data-link-state="expired">{t('docs.share.expired')}</strong>
      ) : confirming ? (
        <fieldset className={docs.toolbar}>
          <legend className={docs.inlineLegend}>{t('docs.share.confirmRevoke')}</legend>
          <button
            ref={confirmButton}
            type="button"
            className={css.primaryButton}
            aria-busy={busy || undefined}
            onClick={() => {
              if (!busy) void onRevoke().catch(() => undefined);
            }}
          >
            {t('docs.share.confirm')}
          </button>
          <button
            type="button"
            className={css.secondaryButton}
            onClick={() => {
              setConfirming(false);
              revokeButton.current?.focus();
            }}
          >
            {t('docs.share.cancel')}
          </button>
        </fieldset>
      ) : (
        <div className={docs.toolbar}>
          <button
            ref={revokeButton}
            type="button"
            className={css.secondaryButton}
            onClick={() => setConfirming(true)}
          >
            {t('docs.share.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * "Share link" of the cabinet's document card, in a native modal dialog (focus kept inside, Escape closes): makes
 * an external link (life in days, an optional label), shows its URL once with a copy button, and lists the
 * company's links with their dates and a revoke button behind a confirmation.
 */
export function ShareLinkDialog({ documentId, onClose }: ShareLinkDialogProps): JSX.Element {
  const { t, lang } = usePortalT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const store = useMemo(() => createExternalLinksStore(documentId), [documentId]);
  const state = useSdkStore(store);
  const [days, setDays] = useState(String(EXTERNAL_LINK_DEFAULT_DAYS));
  const [label, setLabel] = useState('');
  const [copyStatus, setCopyStatus] = useState('');
  const urlInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function' && !element.open) element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
    };
  }, []);

  // The modal closes before the caller moves focus: while open, everything outside it is inert.
  const close = () => {
    const element = dialog.current;
    if (element?.open && typeof element.close === 'function') element.close();
    onClose();
  };

  const creating = state.pending.includes('create');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (creating) return;
    const expiresInDays = Math.min(EXTERNAL_LINK_MAX_DAYS, Math.max(1, Math.round(Number(days) || 0)));
    setCopyStatus('');
    void store.create({ expiresInDays, ...(label.trim() ? { label: label.trim() } : {}) }).then(
      () => urlInput.current?.select(),
      () => undefined,
    );
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyStatus(t('docs.share.copied'));
    } catch {
      urlInput.current?.select();
      setCopyStatus(t('docs.share.copyFailed'));
    }
  };

  return (
    <dialog
      ref={dialog}
      className={docs.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-explanation`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-share-dialog={documentId}
    >
      <div className={docs.dialogBody}>
        <div className={docs.panelHead}>
          <h2 id={`${id}-title`} className={docs.panelTitle}>
            {t('docs.share.title')}
          </h2>
          <button type="button" className={css.secondaryButton} onClick={close}>
            {t('docs.share.close')}
          </button>
        </div>
        <p id={`${id}-explanation`} className={css.muted}>
          {t('docs.share.explanation')}
        </p>
        <form className={docs.inlineForm} onSubmit={submit}>
          <label className={docs.field}>
            <span>{t('docs.share.days')}</span>
            <input
              className={docs.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={EXTERNAL_LINK_MAX_DAYS}
              required
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </label>
          <label className={docs.field}>
            <span>{t('docs.share.label')}</span>
            <input
              className={docs.input}
              type="text"
              maxLength={EXTERNAL_LINK_LABEL_MAX}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </label>
          <button type="submit" className={css.primaryButton} aria-busy={creating || undefined}>
            {t('docs.share.create')}
          </button>
        </form>
        {state.error ? (
          <p role="alert">
            {state.error === 'DOCUMENT_NOT_SENT'
              ? t('docs.share.notSent')
              : translateError(state.error, lang)}
          </p>
        ) : null}
        {state.created ? (
          <div className={docs.dialogBody} data-created-link>
            <p role="status">{t('docs.share.created')}</p>
            <div className={docs.inlineForm}>
              <label className={`${docs.field} ${docs.wide}`}>
                <span>{t('docs.share.url')}</span>
                <input ref={urlInput} className={docs.input} type="text" readOnly value={state.created.url} />
              </label>
              <button
                type="button"
                className={css.secondaryButton}
                onClick={() => void copy(state.created?.url ?? '')}
              >
                {t('docs.share.copy')}
              </button>
            </div>
            <span aria-live="polite">{copyStatus}</span>
          </div>
        ) : null}
        <h3 className={docs.panelTitle}>{t('docs.share.list')}</h3>
        {state.links && state.links.length === 0 ? <p className={css.muted}>{t('docs.share.none')}</p> : null}
        {state.status === 'loading' && !state.links ? <p role="status">{t('loading')}</p> : null}
        {state.links && state.links.length > 0 ? (
          <ul className={docs.linkList}>
            {state.links.map((link) => (
              <LinkRow
                key={link.id}
                link={link}
                busy={state.pending.includes(`revoke:${link.id}`)}
                onRevoke={() => store.revoke(link.id)}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </dialog>
  );
}
