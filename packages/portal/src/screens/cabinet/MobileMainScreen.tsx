import {
  mdiBellOutline,
  mdiFileDocumentEditOutline,
  mdiInboxArrowDown,
  mdiInboxArrowUp,
  mdiPlus,
  mdiViewGridOutline,
} from '@mdi/js';
import type { JSX } from 'react';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { type TileLink, TileLinks } from '../TileLinks';

const LINKS: readonly TileLink[] = [
  { to: pathTo('Incoming'), label: 'cabinet.tabs.incoming', icon: mdiInboxArrowDown },
  { to: pathTo('Outgoing'), label: 'cabinet.tabs.outgoing', icon: mdiInboxArrowUp },
  { to: pathTo('CreateDocument'), label: 'cabinet.create', icon: mdiPlus },
  { to: pathTo('Drafts'), label: 'cabinet.tabs.drafts', icon: mdiFileDocumentEditOutline },
  { to: pathTo('Notification'), label: 'titles.Notification', icon: mdiBellOutline },
  { to: pathTo('Services'), label: 'titles.Services', icon: mdiViewGridOutline },
];

/** The mobile main page of the cabinet (`/cabinet/main`), where narrow screens land. */
export default function MobileMainScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.CabinetMain}>
      <ScreenHeading>{t('titles.CabinetMain')}</ScreenHeading>
      <p className={css.lead}>{t('texts.CabinetMain')}</p>
      <TileLinks links={LINKS} label={t('cabinet.quickLinks')} />
    </section>
  );
}
