import { mdiCompassOffOutline } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

/** Any path the portal does not know. */
export default function NotFoundScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.NotFound}>
      <div className={css.panel}>
        <span className={css.tileIcon}>
          <Icon path={mdiCompassOffOutline} size={40} />
        </span>
        <ScreenHeading>{t('titles.NotFound')}</ScreenHeading>
        <p className={css.lead}>{t('texts.NotFound')}</p>
        <Link to={pathTo('main')} className={css.primaryButton}>
          {t('notFound.backHome')}
        </Link>
      </div>
    </section>
  );
}
