import type { JSX } from 'react';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { PlaceholderScreen } from '../PlaceholderScreen';

/** Notifications of the last 30 days (mobile screen `/cabinet/notification`). */
export default function NotificationsScreen(): JSX.Element {
  return <PlaceholderScreen route={ROUTE_NAMES.Notification} />;
}
