import type { JSX, ReactNode } from 'react';
import { usePortalT } from '../i18n';
import type { RouteName } from '../routes/routeNames';
import { ScreenHeading } from './ScreenHeading';
import * as css from './screens.css';

/** Props of {@link PlaceholderScreen}. */
export interface PlaceholderScreenProps {
  /** Route whose title and description are shown. */
  route: RouteName;
  /** Extra content under the description (e.g. the id being shown). */
  children?: ReactNode;
}

/** A screen not built yet: its title and a one-line description in the current language. */
export function PlaceholderScreen({ route, children }: PlaceholderScreenProps): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} data-route={route}>
      <ScreenHeading>{t(`titles.${route}`)}</ScreenHeading>
      <div className={css.panel}>
        <p className={css.lead}>{t(`texts.${route}`)}</p>
        {children}
        <p className={css.muted}>{t('comingSoon')}</p>
      </div>
    </section>
  );
}
