import { mdiCheck } from '@mdi/js';
import { formatDateTime, type Notification } from '@qoltanba/core';
import { $notifications, $unreadNotifications } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { useSdkStore } from '../app/useSdkStore';
import { usePortalT } from '../i18n';
import { followNotification, notificationSentence } from './notificationItem';
import * as css from './notifications.css';

/**
 * The head of a notification list, the dropdown's and the screen's: "Mark all as read", disabled while none is
 * unread. `className` is the place's button style.
 */
export function MarkAllReadButton({ className }: { className: string }): JSX.Element {
  const { t } = usePortalT();
  const unread = useSdkStore($unreadNotifications) ?? 0;
  return (
    <button
      type="button"
      className={className}
      disabled={unread === 0}
      onClick={() => void $notifications.markAllRead()}
    >
      {t('notifications.markAllRead')}
    </button>
  );
}

/** Props of {@link NotificationList}. */
export interface NotificationListProps {
  items: readonly Notification[];
  /** Called after a notification was followed (the dropdown closes). */
  onFollow?: () => void;
}

/** Notifications as a list: each says what happened and when, links to its document, and can be marked read. */
export function NotificationList({ items, onFollow }: NotificationListProps): JSX.Element {
  const { t, lang } = usePortalT();
  return (
    <ul className={css.list}>
      {items.map((notification) => {
        const unread = notification.readAt === null;
        const sentence = notificationSentence(notification, lang);
        return (
          <li key={notification.id} className={css.item} data-unread={unread}>
            <Link
              to={notification.link}
              className={css.itemLink}
              onClick={() => {
                followNotification(notification);
                onFollow?.();
              }}
            >
              {unread ? <span className={css.visuallyHidden}>{`${t('notifications.unread')}: `}</span> : null}
              <span className={css.itemText}>{sentence}</span>
              <time className={css.itemTime} dateTime={notification.at}>
                {formatDateTime(notification.at, lang)}
              </time>
            </Link>
            {unread ? (
              <button
                type="button"
                className={css.iconButton}
                aria-label={`${t('notifications.markRead')}: ${sentence}`}
                title={t('notifications.markRead')}
                onClick={() => void $notifications.markRead(notification.id)}
              >
                <Icon path={mdiCheck} size={18} />
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
