import { reportError, showSnackbar } from '@qoltanba/sdk';
import { AttachCompanyForm } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import { resolvePortalEnv } from '../../boot/portalEnv';
import { usePortalT } from '../../i18n';
import { pathTo } from '../../routes/routePaths';
import { ScreenHeading } from '../ScreenHeading';
import * as screens from '../screens.css';

// NCA test IINs are accepted everywhere but in the production deployment.
const TEST_MODE = resolvePortalEnv(import.meta.env).environment !== 'production';

/**
 * Attach an individual or sole proprietor by IIN with the widgets' AttachCompanyForm (IIN and phone -> SMS
 * code -> the sdk reloads the company list); once attached, a snackbar and the cabinet.
 */
export default function AttachCompanyScreen(): JSX.Element {
  const { t } = usePortalT();
  const navigate = useNavigate();
  const attached = (): void => {
    showSnackbar({ message: t('attach.attached'), kind: 'success' });
    Promise.resolve(navigate(pathTo('Cabinet'))).catch((error: unknown) =>
      reportError(error, { action: 'navigate-after-attach' }),
    );
  };
  return (
    <section className={screens.screen} data-route="AttachCompany">
      <ScreenHeading>{t('titles.AttachCompany')}</ScreenHeading>
      <p className={screens.lead}>{t('texts.AttachCompany')}</p>
      <div className={`${screens.panel} ${screens.widgetPanel}`}>
        <AttachCompanyForm testMode={TEST_MODE} onSuccess={attached} />
      </div>
      <p>
        <Link to={pathTo('OnboardingStart')} className={screens.backLink}>
          {t('back')}
        </Link>
      </p>
    </section>
  );
}
