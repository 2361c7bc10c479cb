import { mdiBellOutline } from '@mdi/js';
import { errorMessage } from '@qoltanba/core';
import { $notifications, $unreadNotifications } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { media } from '../app/breakpoints';
import { useSdkStore } from '../app/useSdkStore';
import { usePortalT } from '../i18n';
import { useMediaQuery } from '../layout/useMediaQuery';
import { pathTo } from '../routes/routePaths';
import { NotificationList } from './NotificationList';
import * as css from './notifications.css';

/** Notifications the dropdown shows; the screen shows them all. */
const DROPDOWN_COUNT = 8;

/**
 * The header's notification counter (live, from the sdk's unread store; read out politely when it changes): on
 * wide screens a disclosure with the latest notifications, on phones a link to `/cabinet/notification`.
 */
export default function NotificationBell(): JSX.Element {
  const { t } = usePortalT();
  const unread = useSdkStore($unreadNotifications) ?? 0;
  const narrow = useMediaQuery(media.narrow);
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  const badge =
    unread > 0 ? (
      <span className={css.badge} aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    ) : null;
  return (
    <div className={css.bellRoot}>
      {narrow ? (
        <Link to={pathTo('Notification')} className={css.bellButton} aria-label={label}>
          <Icon path={mdiBellOutline} size={22} />
          {badge}
        </Link>
      ) : (
        <BellDropdown label={label} badge={badge} />
      )}
      <span className={css.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="unread-live">
        {unread > 0 ? t('notifications.live', { count: unread }) : ''}
      </span>
    </div>
  );
}

function BellDropdown({ label, badge }: { label: string; badge: JSX.Element | null }): JSX.Element {
  const { t, lang } = usePortalT();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const { pathname } = useLocation();

  // Any navigation (a followed notification) closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    void $notifications.reload();
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={css.bellButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon path={mdiBellOutline} size={22} />
        {badge}
      </button>
      <section id={panelId} className={css.panel} hidden={!open} aria-labelledby={headingId}>
        {open ? (
          <DropdownContent headingId={headingId} lang={lang} t={t} close={() => setOpen(false)} />
        ) : null}
      </section>
    </div>
  );
}

function DropdownContent({
  headingId,
  lang,
  t,
  close,
}: {
  headingId: string;
  lang: ReturnType<typeof usePortalT>['lang'];
  t: ReturnType<typeof usePortalT>['t'];
  close: () => void;
}): JSX.Element {
  const list = useSdkStore($notifications);
  const unread = useSdkStore($unreadNotifications) ?? 0;
  const items = list.items.slice(0, DROPDOWN_COUNT);
  return (
    <>
      <div className={css.panelHead}>
        <h2 id={headingId} className={css.panelTitle}>
          {t('notifications.dropdownLabel')}
        </h2>
        <button
          type="button"
          className={css.textButton}
          disabled={unread === 0}
          onClick={() => void $notifications.markAllRead()}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      {list.status === 'failed' ? (
        <p role="alert" className={css.panelNote}>
          {t('notifications.loadFailed')}
          {list.error ? `: ${errorMessage(list.error, lang)}` : ''}
        </p>
      ) : list.status === 'loaded' && items.length === 0 ? (
        <p className={css.panelNote}>{t('notifications.empty')}</p>
      ) : (
        <NotificationList items={items} onFollow={close} />
      )}
      <Link to={pathTo('Notification')} className={css.allLink} onClick={close}>
        {t('notifications.all')}
      </Link>
    </>
  );
}
