import type { JSX } from 'react';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { PlaceholderScreen } from '../PlaceholderScreen';

/** Payment history (`/cabinet/payments`). */
export default function PaymentsScreen(): JSX.Element {
  return <PlaceholderScreen route={ROUTE_NAMES.Payments} />;
}
