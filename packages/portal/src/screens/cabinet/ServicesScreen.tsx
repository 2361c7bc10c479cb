import {
  mdiAccountGroupOutline,
  mdiCreditCardOutline,
  mdiDomainPlus,
  mdiKeyOutline,
  mdiShieldCheckOutline,
  mdiTagOutline,
} from '@mdi/js';
import { $currentCompany } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
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
  // Another company besides those already attached: before, only typing the address reached it.
  { to: pathTo('AddCompany'), label: 'titles.AddCompany', icon: mdiDomainPlus },
];

/** The mobile services page (`/cabinet/services`). */
export default function ServicesScreen(): JSX.Element {
  const { t } = usePortalT();
  const company = useSdkStore($currentCompany);
  // The company administrator also manages the partner API keys (ours).
  const links: readonly TileLink[] =
    company?.isAdmin === true
      ? [...LINKS, { to: pathTo('ApiKeys'), label: 'apiKeys.tab', icon: mdiKeyOutline }]
      : LINKS;
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Services}>
      <ScreenHeading>{t('titles.Services')}</ScreenHeading>
      <p className={css.lead}>{t('texts.Services')}</p>
      <TileLinks links={links} label={t('titles.Services')} />
    </section>
  );
}
