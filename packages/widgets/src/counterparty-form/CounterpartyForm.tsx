import { mdiClose, mdiDatabaseSearchOutline, mdiLoading, mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import {
  COMPANY_NAME_MAX,
  COUNTERPARTY_EMAILS_MAX,
  type Counterparty,
  type CounterpartyInput,
  EMAIL_MAX,
  identityNumberSchema,
} from '@qoltanba/core';
import { $locale, errorTextOf } from '@qoltanba/sdk';
import { type JSX, useId, useRef, useState } from 'react';
import {
  button,
  codeOfFailure,
  documentsT,
  type FieldProblem,
  iconButton,
  muted,
  problemText,
  spinner,
  widgetRoot,
} from '../documents-common';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { useFocusFirstInvalid } from '../form/use-focus-first-invalid';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import {
  buttons,
  emailRow,
  emails as emailsClass,
  formColumn,
  identityRow,
  legend,
  title,
} from './CounterpartyForm.css';
import { type CounterpartyField, checkCounterparty, counterpartyValuesOf } from './counterparty-model';
import { counterpartyFormT } from './texts';

/** Names the state register gives for a BIN/IIN. */
export interface RegisterNames {
  nameRu: string;
  nameKk?: string | null;
}

/** Props of {@link CounterpartyForm}. */
export interface CounterpartyFormProps {
  /** The counterparty being edited; absent for a new one. */
  initial?: Counterparty;
  /** Saves; a rejection (ApiError) shows its code (COUNTERPARTY_EXISTS at the BIN/IIN) and keeps what was typed. */
  onSubmit: (input: CounterpartyInput) => Promise<unknown> | undefined;
  onCancel?: () => void;
  /** Looks the BIN/IIN up in the register: names, or null when it is not there. Without it no button shows. */
  onLookup?: (identityNumber: string) => Promise<RegisterNames | null>;
  /** Accept the NCA TEST identity numbers (never in production). */
  testMode?: boolean;
  className?: string;
}

/**
 * A counterparty of the address book: BIN/IIN (with a register look-up that fills the names), names in
 * Russian and Kazakh, one to five e-mails. Checked with core's counterpartyInputSchema; the server's
 * refusal shows at its field or in the alert, and nothing typed is lost.
 *
 * @example <CounterpartyForm onSubmit={save} onLookup={lookupRegister} onCancel={close} />
 */
export function CounterpartyForm(props: CounterpartyFormProps): JSX.Element {
  const lang = useStore($locale);
  const t = counterpartyFormT(lang);
  const common = documentsT(lang);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState(() => counterpartyValuesOf(props.initial));
  const [touched, setTouched] = useState<ReadonlySet<CounterpartyField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<'save' | 'lookup'>();
  // The caught error (or a code decided here) and where it shows; its text is written when rendering.
  const [failure, setFailure] = useState<{ error: unknown; at: 'identityNumber' | 'form' }>();
  const [announcement, setAnnouncement] = useState('');
  const { problems, input } = checkCounterparty(values, { testMode: props.testMode });

  const shown = (field: CounterpartyField): string | undefined => {
    if (field === 'identityNumber' && failure?.at === 'identityNumber')
      return errorTextOf(failure.error, lang);
    const problem: FieldProblem | undefined = problems[field];
    return problem && (attempted || touched.has(field)) ? problemText(problem, lang) : undefined;
  };
  const edit = (patch: Partial<typeof values>) => {
    setValues((before) => ({ ...before, ...patch }));
    if ('identityNumber' in patch) setFailure(undefined);
  };
  const touch = (field: CounterpartyField) => setTouched((before) => new Set(before).add(field));

  const lookup = async () => {
    if (busy || !props.onLookup) return;
    const number = values.identityNumber.replace(/\s/g, '');
    if (!identityNumberSchema({ testMode: props.testMode }).safeParse(number).success) {
      touch('identityNumber');
      return;
    }
    setBusy('lookup');
    setFailure(undefined);
    try {
      const found = await props.onLookup(number);
      if (found) {
        edit({ nameRu: found.nameRu, nameKk: found.nameKk ?? '' });
        setAnnouncement(t('lookedUp'));
      } else setFailure({ error: 'IIN_NOT_IN_REGISTER', at: 'identityNumber' });
    } catch (error) {
      setFailure({ error, at: 'identityNumber' });
    } finally {
      setBusy(undefined);
    }
  };

  const submit = async () => {
    if (busy) return;
    setAttempted(true);
    setFailure(undefined);
    if (!input) {
      focusFirstInvalid();
      return;
    }
    setBusy('save');
    try {
      await props.onSubmit(input);
    } catch (error) {
      const code = codeOfFailure(error);
      setFailure({
        error,
        at: code === 'COUNTERPARTY_EXISTS' || code === 'IDENTITY_NUMBER_INVALID' ? 'identityNumber' : 'form',
      });
    } finally {
      setBusy(undefined);
    }
  };

  const emailCount = values.emails.length;
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${id}-title`}
      className={[widgetRoot, formColumn, props.className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`} className={title}>
        {t(props.initial ? 'titleEdit' : 'titleNew')}
      </h2>
      <div className={identityRow}>
        <TextField
          label={common('identity')}
          hint={t('identityHint')}
          value={values.identityNumber}
          onValueChange={(identityNumber) => edit({ identityNumber })}
          onBlur={() => touch('identityNumber')}
          error={shown('identityNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
        />
        {props.onLookup ? (
          <button
            type="button"
            className={button.secondary}
            aria-busy={busy === 'lookup' || undefined}
            aria-disabled={busy !== undefined || undefined}
            aria-describedby={`${id}-lookup-hint`}
            onClick={() => void lookup()}
          >
            <Icon
              path={busy === 'lookup' ? mdiLoading : mdiDatabaseSearchOutline}
              className={busy === 'lookup' ? spinner : undefined}
            />
            {t('lookup')}
          </button>
        ) : null}
        <span id={`${id}-lookup-hint`} className={visuallyHidden}>
          {t('lookupHint')}
        </span>
      </div>
      <TextField
        label={common('nameRu')}
        value={values.nameRu}
        onValueChange={(nameRu) => edit({ nameRu })}
        onBlur={() => touch('nameRu')}
        error={shown('nameRu')}
        maxLength={COMPANY_NAME_MAX + 1}
      />
      <TextField
        label={`${common('nameKk')} ${common('optional')}`}
        value={values.nameKk}
        onValueChange={(nameKk) => edit({ nameKk })}
        onBlur={() => touch('nameKk')}
        error={shown('nameKk')}
        maxLength={COMPANY_NAME_MAX + 1}
      />
      <fieldset className={emailsClass}>
        <legend className={legend}>{t('emails')}</legend>
        {values.emails.map((email, row) => {
          const field: CounterpartyField = `emails.${row}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; their text is what changes
            <div key={row} className={emailRow}>
              <TextField
                label={t('email', { n: row + 1 })}
                type="email"
                value={email}
                onValueChange={(next) =>
                  edit({ emails: values.emails.map((e, i) => (i === row ? next : e)) })
                }
                onBlur={() => touch(field)}
                error={shown(field)}
                maxLength={EMAIL_MAX}
                autoComplete="off"
              />
              {emailCount > 1 ? (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t('removeEmail', { n: row + 1 })}
                  title={t('removeEmail', { n: row + 1 })}
                  onClick={() => edit({ emails: values.emails.filter((_, i) => i !== row) })}
                >
                  <Icon path={mdiClose} />
                </button>
              ) : null}
            </div>
          );
        })}
        {emailCount < COUNTERPARTY_EMAILS_MAX ? (
          <div>
            <button
              type="button"
              className={button.quiet}
              onClick={() => edit({ emails: [...values.emails, ''] })}
            >
              <Icon path={mdiPlus} />
              {t('addEmail')}
            </button>
          </div>
        ) : (
          <p className={muted}>{t('emailsLimit')}</p>
        )}
      </fieldset>
      <FormAlert message={failure?.at === 'form' ? errorTextOf(failure.error, lang) : undefined} />
      <div className={buttons}>
        <button
          type="submit"
          className={button.primary}
          aria-busy={busy === 'save' || undefined}
          aria-disabled={busy !== undefined || undefined}
        >
          {busy === 'save' ? <Icon path={mdiLoading} className={spinner} /> : null}
          {t('save')}
        </button>
        {props.onCancel ? (
          <button type="button" className={button.secondary} onClick={props.onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </form>
  );
}
