import type { JSX } from 'react';
import { usePortalT } from '../i18n';
import * as css from './screens.css';

/** Shown while a screen's code loads on the first visit. */
export function ScreenLoading(): JSX.Element {
  const { t } = usePortalT();
  return (
    <p role="status" className={css.muted}>
      {t('loading')}
    </p>
  );
}
