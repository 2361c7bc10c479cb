import { mdiAccountCircleOutline, mdiChevronDown, mdiLogout } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $profile, logout, reportError } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../i18n';
import { pathTo } from '../routes/routePaths';
import * as css from './account.css';
import { useHeaderMenu } from './useHeaderMenu';

/** The signed-in user's menu in the header (a disclosure): profile and logout. */
export function UserMenu(): JSX.Element {
  const { t } = usePortalT();
  const profile = useStore($profile);
  const { open, setOpen, rootRef, popupId, toggle } = useHeaderMenu();

  const name = profile ? `${profile.firstname} ${profile.lastname}`.trim() : '';
  const signOut = (): void => {
    setOpen(false);
    logout().catch((error: unknown) => reportError(error, { action: 'logout' }));
  };

  return (
    <div ref={rootRef} className={css.menuRoot}>
      <button
        {...toggle}
        className={css.menuButton}
        aria-label={name ? `${t('account.menu')}: ${name}` : t('account.menu')}
      >
        <Icon path={mdiAccountCircleOutline} size={24} />
        <span className={css.menuName}>{profile?.firstname ?? ''}</span>
        <span className={css.menuChevron}>
          <Icon path={mdiChevronDown} size={18} />
        </span>
      </button>
      <ul id={popupId} className={css.menuList} hidden={!open}>
        {profile ? (
          <li className={css.menuIdentity}>
            <span className={css.menuIdentityName}>{name}</span>
            <span className={css.menuIdentityEmail}>{profile.email}</span>
          </li>
        ) : null}
        <li>
          <Link to={pathTo('Profile')} className={css.menuItem}>
            <Icon path={mdiAccountCircleOutline} size={20} />
            {t('account.profile')}
          </Link>
        </li>
        <li>
          <button type="button" className={css.menuItem} onClick={signOut}>
            <Icon path={mdiLogout} size={20} />
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
