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
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import { type TileLink, TileLinks } from '../TileLinks';

const LINKS: readonly TileLink[] = [
  { to: '/cabinet/incoming', label: 'cabinet.tabs.incoming', icon: mdiInboxArrowDown },
  { to: '/cabinet/outgoing', label: 'cabinet.tabs.outgoing', icon: mdiInboxArrowUp },
  { to: '/cabinet/create', label: 'cabinet.create', icon: mdiPlus },
  { to: '/cabinet/draft', label: 'cabinet.tabs.drafts', icon: mdiFileDocumentEditOutline },
  { to: '/cabinet/notification', label: 'titles.Notification', icon: mdiBellOutline },
  { to: '/cabinet/services', label: 'titles.Services', icon: mdiViewGridOutline },
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
