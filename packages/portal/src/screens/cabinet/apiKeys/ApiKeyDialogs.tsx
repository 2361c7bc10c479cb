import {
  type ApiKey,
  type ApiKeyInput,
  apiKeyInputSchema,
  type ErrorCode,
  formatDateTime,
  isErrorCode,
  type Lang,
  type WebhookDelivery,
} from '@qoltanba/core';
import { errorCodeOf, errorTextOf, listWebhookDeliveries } from '@qoltanba/sdk';
import { type FormEvent, type JSX, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { usePortalT } from '../../../i18n';
import * as screens from '../../screens.css';
import * as css from './apiKeys.css';

/** A date and time in the interface language, in Kazakhstan's time with its zone (core's one formatter). */
export function formatWhen(iso: string, lang: Lang): string {
  return formatDateTime(iso, lang);
}

/** Props of {@link Dialog}. */
interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/**
 * A modal dialog on the platform's `<dialog>`: `showModal()` makes the rest of the page inert, keeps Tab inside and
 * closes on Esc; focus returns to where it was when it closes.
 */
export function Dialog({ title, onClose, children, wide }: DialogProps): JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>('input, textarea, button')?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog?.addEventListener('cancel', onCancel);
    return () => {
      dialog?.removeEventListener('cancel', onCancel);
      if (dialog?.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={`${css.dialog} ${wide ? css.wideDialog : ''}`}>
      <div className={css.dialogBody}>
        <h2 id={titleId} className={css.dialogTitle}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** The catalogue code of the first problem of an API key form, else undefined. */
export function apiKeyInputProblem(input: ApiKeyInput): ErrorCode | undefined {
  const result = apiKeyInputSchema.safeParse(input);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message;
  return isErrorCode(message) ? message : 'VALIDATION_FAILED';
}

/** Props of {@link ApiKeyFormDialog}. */
export interface ApiKeyFormDialogProps {
  /** The key being edited; absent when creating. */
  apiKey?: ApiKey;
  onSubmit: (input: ApiKeyInput) => Promise<unknown>;
  onClose: () => void;
}

/** Creating or editing a key: name, allowed sites (one per line) and an optional webhook URL. */
export function ApiKeyFormDialog({ apiKey, onSubmit, onClose }: ApiKeyFormDialogProps): JSX.Element {
  const { t, lang } = usePortalT();
  const id = useId();
  const [name, setName] = useState(apiKey?.name ?? '');
  const [origins, setOrigins] = useState(apiKey?.allowedOrigins.join('\n') ?? '');
  const [webhookUrl, setWebhookUrl] = useState(apiKey?.webhookUrl ?? '');
  const [problem, setProblem] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (busy) return;
    const input: ApiKeyInput = {
      name,
      allowedOrigins: origins
        .split(/\s+/)
        .map((line) => line.trim())
        .filter(Boolean),
      webhookUrl: webhookUrl.trim() === '' ? null : webhookUrl.trim(),
    };
    const invalid = apiKeyInputProblem(input);
    setProblem(invalid ? { error: invalid } : undefined);
    if (invalid) return;
    setBusy(true);
    onSubmit(input).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setProblem({ error });
      },
    );
  };

  const problemCode = problem ? errorCodeOf(problem.error) : undefined;
  const describedBy = (hint: string) => `${hint}${problem ? ` ${id}-problem` : ''}`;
  return (
    <Dialog title={t(apiKey ? 'apiKeys.form.editTitle' : 'apiKeys.form.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className={css.dialogBody}>
        <label className={css.field}>
          {t('apiKeys.form.name')}
          <input
            className={css.input}
            value={name}
            maxLength={80}
            aria-describedby={describedBy(`${id}-name`)}
            onChange={(event) => setName(event.target.value)}
          />
          <span id={`${id}-name`} className={css.hint}>
            {t('apiKeys.form.nameHint')}
          </span>
        </label>
        <label className={css.field}>
          {t('apiKeys.form.origins')}
          <textarea
            className={css.textarea}
            value={origins}
            aria-invalid={problemCode === 'ORIGIN_INVALID' ? true : undefined}
            aria-describedby={describedBy(`${id}-origins`)}
            onChange={(event) => setOrigins(event.target.value)}
          />
          <span id={`${id}-origins`} className={css.hint}>
            {t('apiKeys.form.originsHint')}
          </span>
        </label>
        <label className={css.field}>
          {t('apiKeys.form.webhookUrl')}
          <input
            className={css.input}
            type="url"
            value={webhookUrl}
            aria-invalid={
              problemCode === 'WEBHOOK_URL_INVALID' || problemCode === 'WEBHOOK_URL_PRIVATE'
                ? true
                : undefined
            }
            aria-describedby={describedBy(`${id}-webhook`)}
            onChange={(event) => setWebhookUrl(event.target.value)}
          />
          <span id={`${id}-webhook`} className={css.hint}>
            {t('apiKeys.form.webhookHint')}
          </span>
        </label>
        {problem ? (
          <p id={`${id}-problem`} role="alert" className={css.error}>
            {errorTextOf(problem.error, lang)}
          </p>
        ) : null}
        <div className={css.buttonRow}>
          <button type="button" className={screens.secondaryButton} onClick={onClose}>
            {t('apiKeys.form.cancel')}
          </button>
          <button type="submit" className={screens.primaryButton} aria-busy={busy || undefined}>
            {t('apiKeys.form.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** One secret with its copy button; the button says "Copied" for a moment (and a live region announces it). */
function SecretField({ label, value }: { label: string; value: string }): JSX.Element {
  const { t } = usePortalT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(() => setCopied(true));
  };
  return (
    <div className={css.field}>
      <label htmlFor={id}>{label}</label>
      <div className={css.secretRow}>
        <input
          id={id}
          className={css.secretValue}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={screens.secondaryButton}
          aria-label={t('apiKeys.secret.copyLabel', { what: label })}
          onClick={copy}
        >
          {copied ? t('apiKeys.secret.copied') : t('apiKeys.secret.copy')}
        </button>
      </div>
      <span aria-live="polite" className={css.hint}>
        {copied ? t('apiKeys.secret.copied') : ''}
      </span>
    </div>
  );
}

/** The secrets of a new key (and a new webhook secret), shown this once. */
export function SecretDialog({
  secret,
  webhookSecret,
  onClose,
}: {
  secret: string | null;
  webhookSecret: string | null;
  onClose: () => void;
}): JSX.Element {
  const { t } = usePortalT();
  return (
    <Dialog title={t('apiKeys.secret.title')} onClose={onClose}>
      <p role="alert" className={css.warning}>
        {t('apiKeys.secret.warning')}
      </p>
      {secret ? <SecretField label={t('apiKeys.secret.key')} value={secret} /> : null}
      {webhookSecret ? <SecretField label={t('apiKeys.secret.webhookSecret')} value={webhookSecret} /> : null}
      <div className={css.buttonRow}>
        <button type="button" className={screens.primaryButton} onClick={onClose}>
          {t('apiKeys.secret.done')}
        </button>
      </div>
    </Dialog>
  );
}

/** Asks before revoking a key. */
export function RevokeDialog({
  apiKey,
  onConfirm,
  onClose,
}: {
  apiKey: ApiKey;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}): JSX.Element {
  const { t, lang } = usePortalT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ error: unknown }>();
  const confirm = () => {
    setBusy(true);
    onConfirm().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setProblem({ error });
      },
    );
  };
  return (
    <Dialog title={t('apiKeys.confirmRevoke.title')} onClose={onClose}>
      <p>{t('apiKeys.confirmRevoke.text', { name: apiKey.name })}</p>
      {problem ? (
        <p role="alert" className={css.error}>
          {errorTextOf(problem.error, lang)}
        </p>
      ) : null}
      <div className={css.buttonRow}>
        <button type="button" className={screens.secondaryButton} onClick={onClose}>
          {t('apiKeys.confirmRevoke.cancel')}
        </button>
        <button
          type="button"
          className={screens.primaryButton}
          aria-busy={busy || undefined}
          onClick={confirm}
        >
          {t('apiKeys.confirmRevoke.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

const EVENT_KEYS = {
  'document.signed': 'apiKeys.log.events.signed',
  'document.rejected': 'apiKeys.log.events.rejected',
  'document.completed': 'apiKeys.log.events.completed',
  'document.approval_requested': 'apiKeys.log.events.approvalRequested',
  'document.approved': 'apiKeys.log.events.approved',
  'document.declined': 'apiKeys.log.events.declined',
  'document.reminded': 'apiKeys.log.events.reminded',
} as const;

/** A key's webhook deliveries: status, attempts, last status code or error, times. */
export function DeliveryLogDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }): JSX.Element {
  const { t, lang } = usePortalT();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>();
  const [problem, setProblem] = useState<{ error: unknown }>();
  useEffect(() => {
    let live = true;
    listWebhookDeliveries(apiKey.id).then(
      (list) => live && setDeliveries(list),
      (error: unknown) => live && setProblem({ error }),
    );
    return () => {
      live = false;
    };
  }, [apiKey.id]);
  const when = (iso: string | null) => (iso ? formatWhen(iso, lang) : '—');
  return (
    <Dialog title={t('apiKeys.log.title', { name: apiKey.name })} onClose={onClose} wide>
      {problem ? (
        <p role="alert" className={css.error}>
          {errorTextOf(problem.error, lang)}
        </p>
      ) : null}
      {deliveries && deliveries.length === 0 ? <p>{t('apiKeys.log.empty')}</p> : null}
      {deliveries && deliveries.length > 0 ? (
        <div className={css.tableWrap}>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.event')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.document')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.status')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.attempts')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.lastResult')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.created')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.delivered')}
                </th>
                <th scope="col" className={css.headCell}>
                  {t('apiKeys.log.nextAttempt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td className={css.cell}>{t(EVENT_KEYS[delivery.event])}</td>
                  <td className={css.cell}>{delivery.documentId}</td>
                  <td className={css.cell}>{t(`apiKeys.log.statuses.${delivery.status}`)}</td>
                  <td className={css.cell}>{delivery.attempts}</td>
                  <td className={css.cell}>
                    {[delivery.lastStatusCode, delivery.lastError]
                      .filter((part) => part !== null)
                      .join(' · ') || '—'}
                  </td>
                  <td className={css.cell}>{when(delivery.createdAt)}</td>
                  <td className={css.cell}>{when(delivery.deliveredAt)}</td>
                  <td className={css.cell}>{when(delivery.nextAttemptAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className={css.buttonRow}>
        <button type="button" className={screens.secondaryButton} onClick={onClose}>
          {t('apiKeys.form.close')}
        </button>
      </div>
    </Dialog>
  );
}
