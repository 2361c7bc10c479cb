import type { JSX } from 'react';
import { useParams } from 'react-router';
import { usePortalT } from '../../i18n';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { PlaceholderScreen } from '../PlaceholderScreen';
import * as css from '../screens.css';

/** Signature verification: upload files (`/check`) or one document's file (`/check/:docId/:fileId`). */
export default function CheckScreen(): JSX.Element {
  const { t } = usePortalT();
  const { docId, fileId } = useParams();
  return (
    <PlaceholderScreen route={useCurrentRoute().name}>
      {docId && fileId ? <span className={css.meta}>{t('cabinet.checkFile', { docId, fileId })}</span> : null}
    </PlaceholderScreen>
  );
}
