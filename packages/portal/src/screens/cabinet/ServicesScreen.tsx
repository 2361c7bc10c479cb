import { mdiAccountGroupOutline, mdiCreditCardOutline, mdiShieldCheckOutline, mdiTagOutline } from '@mdi/js';
import type { JSX } from 'react';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { type TileLink, TileLinks } from '../TileLinks';

const LINKS: readonly TileLink[] = [
  { to: pathTo('Check'), label: 'nav.check', icon: mdiShieldCheckOutline },
  { to: pathTo('CabinetTariffs'), label: 'titles.CabinetTariffs', icon: mdiTagOutline },
  { to: pathTo('Payments'), label: 'titles.Payments', icon: mdiCreditCardOutline },
  { to: pathTo('Counterparty'), label: 'titles.Counterparty', icon: mdiAccountGroupOutline },
];

/** The mobile services page (`/cabinet/services`). */
export default function ServicesScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Services}>
      <ScreenHeading>{t('titles.Services')}</ScreenHeading>
      <p className={css.lead}>{t('texts.Services')}</p>
      <TileLinks links={LINKS} label={t('titles.Services')} />
    </section>
  );
}
