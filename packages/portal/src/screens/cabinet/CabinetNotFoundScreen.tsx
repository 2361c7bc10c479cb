import { mdiCompassOffOutline } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

/** Any unknown path under `/cabinet` (and edit/copy with a non-numeric id). */
export default function CabinetNotFoundScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.CabinetNotFound}>
      <div className={css.panel}>
        <span className={css.tileIcon}>
          <Icon path={mdiCompassOffOutline} size={40} />
        </span>
        <ScreenHeading>{t('titles.CabinetNotFound')}</ScreenHeading>
        <p className={css.lead}>{t('texts.CabinetNotFound')}</p>
        <Link to={pathTo('Incoming')} className={css.primaryButton}>
          {t('notFound.backCabinet')}
        </Link>
      </div>
    </section>
  );
}
