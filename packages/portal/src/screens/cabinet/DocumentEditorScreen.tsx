import type { JSX } from 'react';
import { useParams } from 'react-router';
import { usePortalT } from '../../i18n';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { PlaceholderScreen } from '../PlaceholderScreen';
import * as css from '../screens.css';

/** The document editor: create, edit/:id, draft/:id and copy/:id (company switching is locked here). */
export default function DocumentEditorScreen(): JSX.Element {
  const { t } = usePortalT();
  const { id } = useParams();
  const { name, entry } = useCurrentRoute();
  return (
    <PlaceholderScreen route={name}>
      <div data-editor-mode={entry.editorMode}>
        {id ? <span className={css.meta}>{t('cabinet.documentNumber', { id })}</span> : null}
      </div>
    </PlaceholderScreen>
  );
}
