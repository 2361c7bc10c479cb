import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../i18n';
import type { PortalKey } from '../i18n/portalStrings';
import * as css from './screens.css';

/** One tile of {@link TileLinks}. */
export interface TileLink {
  to: string;
  label: PortalKey;
  icon: string;
}

/** A grid of large links, the mobile screens' way of reaching sections. */
export function TileLinks({ links, label }: { links: readonly TileLink[]; label: string }): JSX.Element {
  const { t } = usePortalT();
  return (
    <nav aria-label={label}>
      <ul className={css.linkGrid}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={css.tileLink}>
              <span className={css.tileIcon}>
                <Icon path={link.icon} size={28} />
              </span>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
