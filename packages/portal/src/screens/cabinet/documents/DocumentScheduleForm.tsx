import {
  type DocumentSchedule,
  documentExpired,
  documentScheduleRequestSchema,
  errorMessage,
  formatDate,
  kzCalendarDay,
  REMIND_EVERY_DAYS_MAX,
} from '@qoltanba/core';
import { errorTextOf, getDocumentSchedule, setDocumentSchedule, showSnackbar } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useCallback, useEffect, useId, useState } from 'react';
import { usePortalT } from '../../../i18n';
import * as css from '../../screens.css';
import * as docs from './documents.css';

/** The instant a chosen day ends in Kazakhstan (UTC+5, no daylight saving): the document is signable all that day. */
export function endOfKzDay(day: string): string {
  return `${day}T23:59:59+05:00`;
}

interface FieldErrors {
  expiresAt?: string;
  remindEveryDays?: string;
}

/**
 * The sender's expiry date and automatic reminders of a draft or a document being signed (the server's
 * `setDocumentSchedule`): a day after which signatures are refused, and a reminder every N days (empty: none).
 * The fields are checked by core's schema and rule, their messages core's catalogue texts.
 */
export function DocumentScheduleForm({ documentId }: { documentId: number }): JSX.Element {
  const { t, lang } = usePortalT();
  const titleId = useId();
  const dateId = useId();
  const everyId = useId();
  const [schedule, setSchedule] = useState<DocumentSchedule | undefined>(undefined);
  const [day, setDay] = useState('');
  const [every, setEvery] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  // The stored schedule, and the fields filled from it.
  const show = useCallback((loaded: DocumentSchedule) => {
    setSchedule(loaded);
    setDay(loaded.expiresAt ? kzCalendarDay(loaded.expiresAt) : '');
    setEvery(loaded.remindEveryDays === null ? '' : String(loaded.remindEveryDays));
  }, []);

  useEffect(() => {
    let live = true;
    getDocumentSchedule(documentId).then(
      (loaded) => {
        if (live) show(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [documentId, show]);

  const invalid = (label: string) => errorMessage('VALIDATION_FAILED', lang, { field: label });

  const save = (submit: FormEvent) => {
    submit.preventDefault();
    const expiresAt = day ? endOfKzDay(day) : null;
    const remindEveryDays = every.trim() === '' ? null : Number(every);
    const parsed = documentScheduleRequestSchema.safeParse({ expiresAt, remindEveryDays });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'expiresAt') found.expiresAt = invalid(t('notifications.schedule.expiresAt'));
        if (issue.path[0] === 'remindEveryDays')
          found.remindEveryDays = invalid(t('notifications.schedule.remindEvery'));
      }
    }
    // Core's rule: a day already over would stop the document at once.
    if (!found.expiresAt && expiresAt && documentExpired(new Date(expiresAt), new Date()))
      found.expiresAt = errorMessage('DOCUMENT_EXPIRED', lang);
    setErrors(found);
    if (!parsed.success || found.expiresAt || found.remindEveryDays) return;
    setSaving(true);
    setDocumentSchedule(documentId, parsed.data)
      .then(
        (saved) => {
          show(saved);
          showSnackbar({ message: t('notifications.schedule.saved'), kind: 'success' });
        },
        (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
      )
      .finally(() => setSaving(false));
  };

  const dateError = errors.expiresAt ? `${dateId}-error` : undefined;
  const everyError = errors.remindEveryDays ? `${everyId}-error` : undefined;
  return (
    <form className={css.panel} aria-labelledby={titleId} onSubmit={save} noValidate>
      <h2 id={titleId} className={docs.panelTitle}>
        {t('notifications.schedule.title')}
      </h2>
      <p className={css.muted}>
        {schedule?.expiresAt ? formatDate(schedule.expiresAt, lang) : t('notifications.schedule.none')}
      </p>
      <div className={docs.inlineForm}>
        <label className={docs.field} htmlFor={dateId}>
          {t('notifications.schedule.expiresAt')}
          <input
            id={dateId}
            type="date"
            className={docs.input}
            value={day}
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={[`${dateId}-hint`, dateError].filter(Boolean).join(' ')}
            onChange={(change) => setDay(change.target.value)}
          />
          <span id={`${dateId}-hint`} className={css.muted}>
            {t('notifications.schedule.expiresHint')}
          </span>
          {errors.expiresAt ? (
            <span id={dateError} role="alert">
              {errors.expiresAt}
            </span>
          ) : null}
        </label>
        <label className={docs.field} htmlFor={everyId}>
          {t('notifications.schedule.remindEvery')}
          <input
            id={everyId}
            type="number"
            inputMode="numeric"
            min={1}
            max={REMIND_EVERY_DAYS_MAX}
            className={docs.input}
            value={every}
            aria-invalid={errors.remindEveryDays ? true : undefined}
            aria-describedby={[`${everyId}-hint`, everyError].filter(Boolean).join(' ')}
            onChange={(change) => setEvery(change.target.value)}
          />
          <span id={`${everyId}-hint`} className={css.muted}>
            {t('notifications.schedule.remindHint', { max: REMIND_EVERY_DAYS_MAX })}
          </span>
          {errors.remindEveryDays ? (
            <span id={everyError} role="alert">
              {errors.remindEveryDays}
            </span>
          ) : null}
        </label>
      </div>
      <div>
        <button type="submit" className={css.primaryButton} disabled={saving} aria-busy={saving}>
          {t('notifications.schedule.save')}
        </button>
      </div>
    </form>
  );
}
