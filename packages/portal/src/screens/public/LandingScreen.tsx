import { mdiArrowRight, mdiCellphoneKey, mdiFileSign, mdiGiftOutline, mdiShieldCheckOutline } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../../i18n';
import type { PortalKey } from '../../i18n/portalStrings';
import { pathTo } from '../../routes/routePaths';
import * as css from './LandingScreen.css';

const FEATURES: readonly { id: string; icon: string; title: PortalKey; text: PortalKey }[] = [
  {
    id: 'eds',
    icon: mdiCellphoneKey,
    title: 'landing.features.eds.title',
    text: 'landing.features.eds.text',
  },
  {
    id: 'free',
    icon: mdiGiftOutline,
    title: 'landing.features.free.title',
    text: 'landing.features.free.text',
  },
  {
    id: 'verify',
    icon: mdiShieldCheckOutline,
    title: 'landing.features.verify.title',
    text: 'landing.features.verify.text',
  },
];

/** The public landing page (route `main`): hero and the three product features. */
export default function LandingScreen(): JSX.Element {
  const { t } = usePortalT();
  return (
    <div className={css.landing}>
      <section className={css.hero} aria-labelledby="hero-title">
        <Icon path={mdiFileSign} size={280} className={css.heroArt} />
        <p className={css.badge}>{t('landing.hero.note')}</p>
        <h1 id="hero-title" className={css.heroTitle} tabIndex={-1}>
          {t('landing.hero.title')}
        </h1>
        <p className={css.heroLead}>{t('landing.hero.lead')}</p>
        <div className={css.actions}>
          <Link to={pathTo('Cabinet')} className={css.heroPrimary}>
            {t('landing.hero.primary')}
            <Icon path={mdiArrowRight} size={20} />
          </Link>
          <Link to={pathTo('Check')} className={css.heroSecondary}>
            {t('landing.hero.secondary')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-title" className={css.features}>
        <h2 id="features-title" className={css.featuresTitle}>
          {t('landing.features.title')}
        </h2>
        <ul className={css.cards}>
          {FEATURES.map((feature) => (
            <li key={feature.id} className={css.card}>
              <span className={css.cardIcon}>
                <Icon path={feature.icon} size={28} />
              </span>
              <h3 className={css.cardTitle}>{t(feature.title)}</h3>
              <p className={css.cardText}>{t(feature.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
