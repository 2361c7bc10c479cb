import type { JSX } from 'react';
import { useParams } from 'react-router';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { PlaceholderScreen } from '../PlaceholderScreen';
import * as css from '../screens.css';

/** External document link (`/document/:id/by-hash`): a recipient opens the document sent to them. */
export default function DocumentByHashScreen(): JSX.Element {
  const { id } = useParams();
  return (
    <PlaceholderScreen route={ROUTE_NAMES.DocumentByHash}>
      <span className={css.meta}>{id}</span>
    </PlaceholderScreen>
  );
}
