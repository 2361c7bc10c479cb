import { ProfileCard } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { usePortalT } from '../../i18n';
import { NotificationEmailSettings } from '../../notifications/NotificationEmailSettings';
import { ScreenHeading } from '../ScreenHeading';
import * as screens from '../screens.css';

/** The user's profile (`/cabinet/profile`): names, e-mail, avatar, interface language and e-mail notifications. */
export default function ProfileScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <section className={screens.screen} data-route="Profile">
      <ScreenHeading>{t('titles.Profile')}</ScreenHeading>
      <ProfileCard className={screens.narrowPanel} />
      <NotificationEmailSettings className={screens.narrowPanel} />
    </section>
  );
}
