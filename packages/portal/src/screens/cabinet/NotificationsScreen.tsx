import { errorMessage } from '@qoltanba/core';
import { $notifications } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { MarkAllReadButton, NotificationList } from '../../notifications/NotificationList';
import { ScreenHeading } from '../ScreenHeading';
import { ScreenLoading } from '../ScreenLoading';
import * as screens from '../screens.css';

/** Notifications of the last 30 days (SPEC 9), newest first, paged (`/cabinet/notification`, the phones' screen). */
export default function NotificationsScreen(): JSX.Element {
  const { t, lang } = usePortalT();
  const list = useSdkStore($notifications);
  return (
    <section className={screens.screen} data-route="Notification">
      <ScreenHeading>{t('titles.Notification')}</ScreenHeading>
      <p className={screens.muted}>{t('notifications.window')}</p>
      <div>
        <MarkAllReadButton className={screens.secondaryButton} />
      </div>
      {list.status === 'failed' ? (
        <div role="alert">
          <p>
            {t('notifications.loadFailed')}
            {list.error ? `: ${errorMessage(list.error, lang)}` : ''}
          </p>
          <button
            type="button"
            className={screens.secondaryButton}
            onClick={() => void $notifications.reload()}
          >
            {t('notifications.retry')}
          </button>
        </div>
      ) : list.status !== 'loaded' ? (
        <ScreenLoading />
      ) : list.items.length === 0 ? (
        <p>{t('notifications.empty')}</p>
      ) : (
        <div className={screens.narrowPanel}>
          <NotificationList items={list.items} />
        </div>
      )}
      {list.status === 'loaded' && list.error ? <p role="alert">{errorMessage(list.error, lang)}</p> : null}
      {list.hasMore ? (
        <div>
          <button
            type="button"
            className={screens.secondaryButton}
            disabled={list.loadingMore}
            aria-busy={list.loadingMore}
            onClick={() => void $notifications.loadMore()}
          >
            {t('notifications.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
