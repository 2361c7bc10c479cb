import { helpPagePath } from '@qoltanba/core';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../i18n';
import { pathTo } from '../routes/routePaths';
import * as css from './layout.css';

/** Site footer: name, tagline and the public links. */
export function SiteFooter(): JSX.Element {
  const { t, lang } = usePortalT();
  return (
    <footer className={css.footer}>
      <div className={css.footerInner}>
        <div className={css.footerBrand}>
          <span className={css.footerName}>{t('brand.name')}</span>
          <span className={css.footerText}>{t('brand.tagline')}</span>
          <span className={css.footerText}>{t('footer.rights')}</span>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={css.footerLinks}>
            <li>
              <Link className={css.footerLink} to={pathTo('Tariffs')}>
                {t('nav.tariffs')}
              </Link>
            </li>
            <li>
              <Link className={css.footerLink} to={pathTo('Check')}>
                {t('nav.check')}
              </Link>
            </li>
            <li>
              <Link className={css.footerLink} to={helpPagePath(lang)}>
                {t('nav.help')}
              </Link>
            </li>
            <li>
              <Link className={css.footerLink} to={pathTo('Cabinet')}>
                {t('nav.cabinet')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
