import { mdiAccountCardOutline, mdiCertificateOutline } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useId } from 'react';
import { Link } from 'react-router';
import { usePortalT } from '../../i18n';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as screens from '../screens.css';
import * as css from './onboarding.css';

/**
 * Add company (a legal entity by signing with its EDS). Signing arrives with the signatures work, so the
 * screen explains that and keeps the action disabled, pointing to attach by IIN meanwhile.
 */
export default function AddCompanyScreen(): JSX.Element {
  const { t } = usePortalT();
  const reasonId = useId();
  return (
    <section className={screens.screen} data-route="AddCompany">
      <ScreenHeading>{t('titles.AddCompany')}</ScreenHeading>
      <div className={`${screens.panel} ${screens.narrowPanel}`}>
        <p className={screens.lead}>{t('addCompany.explanation')}</p>
        <button type="button" className={css.disabledButton} disabled aria-describedby={reasonId}>
          <Icon path={mdiCertificateOutline} size={20} />
          {t('addCompany.sign')}
        </button>
        <p id={reasonId} className={screens.muted}>
          {t('addCompany.unavailable')}
        </p>
        <Link to={pathTo('AttachCompany')} className={screens.secondaryButton}>
          <Icon path={mdiAccountCardOutline} size={20} />
          {t('addCompany.attachInstead')}
        </Link>
      </div>
      <p>
        <Link to={pathTo('OnboardingStart')} className={screens.backLink}>
          {t('back')}
        </Link>
      </p>
    </section>
  );
}
