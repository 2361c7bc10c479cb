import { mdiAccountCircleOutline, mdiChevronDown, mdiLogout } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $profile, logout, reportError } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { usePortalT } from '../i18n';
import { pathTo } from '../routes/routePaths';
import * as css from './account.css';

/** The signed-in user's menu in the header (a disclosure): profile and logout. */
export function UserMenu(): JSX.Element {
  const { t } = usePortalT();
  const profile = useStore($profile);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  // Any navigation (e.g. the profile link) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = profile ? `${profile.firstname} ${profile.lastname}`.trim() : '';
  const signOut = (): void => {
    setOpen(false);
    logout().catch((error: unknown) => reportError(error, { action: 'logout' }));
  };

  return (
    <div ref={rootRef} className={css.menuRoot}>
      <button
        ref={buttonRef}
        type="button"
        className={css.menuButton}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={name ? `${t('account.menu')}: ${name}` : t('account.menu')}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon path={mdiAccountCircleOutline} size={24} />
        <span className={css.menuName}>{profile?.firstname ?? ''}</span>
        <span className={css.menuChevron}>
          <Icon path={mdiChevronDown} size={18} />
        </span>
      </button>
      <ul id={listId} className={css.menuList} hidden={!open}>
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
