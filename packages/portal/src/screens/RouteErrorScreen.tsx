import type { JSX } from 'react';
import { usePortalT } from '../i18n';
import { pathTo } from '../routes/routePaths';
import { ScreenHeading } from './ScreenHeading';
import * as css from './screens.css';

/** Shown when a screen fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteErrorScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} role="alert">
      <div className={css.panel}>
        <ScreenHeading>{t('error.title')}</ScreenHeading>
        <p className={css.lead}>{t('error.text')}</p>
        <a
          href={typeof window === 'undefined' ? pathTo('main') : window.location.href}
          className={css.primaryButton}
        >
          {t('error.reload')}
        </a>
      </div>
    </section>
  );
}
