import type { JSX } from 'react';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { PlaceholderScreen } from '../PlaceholderScreen';

/** Tariffs: the public page (`/tariffs`) and the cabinet page (`/cabinet/tariffs`). */
export default function TariffsScreen(): JSX.Element {
  return <PlaceholderScreen route={useCurrentRoute().name} />;
}
