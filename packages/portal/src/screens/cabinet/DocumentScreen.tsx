import type { JSX } from 'react';
import { useParams } from 'react-router';
import { usePortalT } from '../../i18n';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { PlaceholderScreen } from '../PlaceholderScreen';
import * as css from '../screens.css';

/** One document: incoming/:id, outgoing/:id, document/:id and trash/:id. */
export default function DocumentScreen(): JSX.Element {
  const { t } = usePortalT();
  const { id = '' } = useParams();
  return (
    <PlaceholderScreen route={useCurrentRoute().name}>
      <span className={css.meta}>{t('cabinet.documentNumber', { id })}</span>
    </PlaceholderScreen>
  );
}
