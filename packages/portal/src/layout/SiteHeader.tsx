import { mdiBriefcaseOutline, mdiFileSign, mdiShieldCheckOutline, mdiTagOutline } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $auth } from '@qoltanba/sdk';
import { Icon, LanguageSwitch } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link, NavLink } from 'react-router';
import { media } from '../app/breakpoints';
import { usePortalT } from '../i18n';
import type { PortalKey } from '../i18n/portalStrings';
import { pathTo } from '../routes/routePaths';
import { HeaderAccount } from './HeaderAccount';
import { HeaderCompanySwitcher } from './HeaderCompanySwitcher';
import * as css from './layout.css';
import { useMediaQuery } from './useMediaQuery';

const NAV_ITEMS: readonly { to: string; label: PortalKey; icon: string }[] = [
  { to: pathTo('Tariffs'), label: 'nav.tariffs', icon: mdiTagOutline },
  { to: pathTo('Check'), label: 'nav.check', icon: mdiShieldCheckOutline },
  { to: pathTo('Cabinet'), label: 'nav.cabinet', icon: mdiBriefcaseOutline },
];

/** Site header: logo, the main navigation, the company switcher, the language switch and the account corner. */
export function SiteHeader(): JSX.Element {
  const { t } = usePortalT();
  const narrow = useMediaQuery(media.narrow);
  const desktop = useMediaQuery(media.desktop);
  const signedIn = useStore($auth).status === 'authenticated';
  return (
    <header className={css.header}>
      <div className={css.headerInner}>
        <Link to={pathTo('main')} className={css.brand} aria-label={t('brand.homeLabel')}>
          <span className={css.brandMark}>
            <Icon path={mdiFileSign} size={22} />
          </span>
          {t('brand.name')}
        </Link>
        <nav className={css.mainNav} aria-label={t('nav.label')}>
          <ul className={css.navList}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={css.navLink}>
                  <Icon path={item.icon} size={20} />
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderCompanySwitcher />
        {/* Short labels leave room for the company switcher and the user menu. */}
        <LanguageSwitch compact={narrow || !desktop || signedIn} className={css.noShrink} />
        <HeaderAccount />
      </div>
    </header>
  );
}
