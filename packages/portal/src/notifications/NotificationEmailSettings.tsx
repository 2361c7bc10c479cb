import { type ErrorCode, NOTIFICATION_EVENTS, type NotificationEvent } from '@qoltanba/core';
import {
  errorCodeOf,
  errorTextOf,
  getNotificationSettings,
  showSnackbar,
  updateNotificationSettings,
} from '@qoltanba/sdk';
import { type FormEvent, type JSX, useEffect, useId, useState } from 'react';
import { usePortalT } from '../i18n';
import * as screens from '../screens/screens.css';
import { eventLabelKey } from './notificationItem';
import * as css from './notifications.css';

/**
 * The profile's e-mail settings: one checkbox per notification event, checked when the user wants its e-mail
 * (the server keeps the events turned off; in-app notifications stay).
 */
export function NotificationEmailSettings({ className }: { className?: string }): JSX.Element {
  const { t, lang } = usePortalT();
  const titleId = useId();
  const hintId = useId();
  const [emailOff, setEmailOff] = useState<ReadonlySet<NotificationEvent> | undefined>(undefined);
  const [loadError, setLoadError] = useState<ErrorCode | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getNotificationSettings().then(
      (settings) => {
        if (live) setEmailOff(new Set(settings.emailOff));
      },
      (error: unknown) => {
        if (live) setLoadError(errorCodeOf(error));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = (event: NotificationEvent, wanted: boolean) =>
    setEmailOff((current) => {
      const next = new Set(current);
      if (wanted) next.delete(event);
      else next.add(event);
      return next;
    });

  const save = (submit: FormEvent) => {
    submit.preventDefault();
    if (!emailOff) return;
    setSaving(true);
    updateNotificationSettings({ emailOff: NOTIFICATION_EVENTS.filter((e) => emailOff.has(e)) })
      .then(
        (settings) => {
          setEmailOff(new Set(settings.emailOff));
          showSnackbar({ message: t('notifications.settings.saved'), kind: 'success' });
        },
        (error: unknown) => showSnackbar({ message: errorTextOf(error, lang), kind: 'error' }),
      )
      .finally(() => setSaving(false));
  };

  return (
    <form className={className} aria-labelledby={titleId} onSubmit={save}>
      <fieldset className={css.fieldset} aria-describedby={hintId} disabled={!emailOff || saving}>
        <legend id={titleId} className={css.legend}>
          {t('notifications.settings.title')}
        </legend>
        <p id={hintId} className={screens.muted}>
          {t('notifications.settings.hint')}
        </p>
        {loadError ? (
          <p role="alert">
            {t('notifications.settings.loadFailed')}: {errorTextOf(loadError, lang)}
          </p>
        ) : null}
        {NOTIFICATION_EVENTS.map((event) => (
          <label key={event} className={css.checkRow}>
            <input
              type="checkbox"
              name={event}
              checked={emailOff ? !emailOff.has(event) : false}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            {t(eventLabelKey(event))}
          </label>
        ))}
        <div>
          <button type="submit" className={screens.primaryButton}>
            {t('notifications.settings.save')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
