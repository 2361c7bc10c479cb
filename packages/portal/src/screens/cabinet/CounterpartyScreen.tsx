import type { JSX } from 'react';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { PlaceholderScreen } from '../PlaceholderScreen';

/** Counterparties (`/cabinet/counterparty`). */
export default function CounterpartyScreen(): JSX.Element {
  return <PlaceholderScreen route={ROUTE_NAMES.Counterparty} />;
}
