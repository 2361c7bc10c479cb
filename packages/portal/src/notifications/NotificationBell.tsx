import { mdiBellOutline } from '@mdi/js';
import { errorMessage } from '@qoltanba/core';
import { $notifications, $unreadNotifications } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useEffect, useId } from 'react';
import { Link } from 'react-router';
import { media } from '../app/breakpoints';
import { useSdkStore } from '../app/useSdkStore';
import { usePortalT } from '../i18n';
import { useHeaderMenu } from '../layout/useHeaderMenu';
import { useMediaQuery } from '../layout/useMediaQuery';
import { pathTo } from '../routes/routePaths';
import { MarkAllReadButton, NotificationList } from './NotificationList';
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
  const { open, setOpen, rootRef, popupId, toggle } = useHeaderMenu();
  const headingId = useId();

  // Each opening shows the latest notifications.
  useEffect(() => {
    if (open) void $notifications.reload();
  }, [open]);

  return (
    <div ref={rootRef}>
      <button {...toggle} className={css.bellButton} aria-label={label}>
        <Icon path={mdiBellOutline} size={22} />
        {badge}
      </button>
      <section id={popupId} className={css.panel} hidden={!open} aria-labelledby={headingId}>
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
  const items = list.items.slice(0, DROPDOWN_COUNT);
  return (
    <>
      <div className={css.panelHead}>
        <h2 id={headingId} className={css.panelTitle}>
          {t('notifications.dropdownLabel')}
        </h2>
        <MarkAllReadButton className={css.textButton} />
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
