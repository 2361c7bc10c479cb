import { mdiAccountCardOutline, mdiCertificateOutline, mdiLoading } from '@mdi/js';
import {
  $signingConfig,
  attachCompanyWithNcaLayer,
  errorTextOf,
  reportError,
  showSnackbar,
} from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { pathTo } from '../../routes/routePaths';
import { ncaLayerSigning } from '../../signing/signingActions';
import { ScreenHeading } from '../ScreenHeading';
import * as screens from '../screens.css';
import * as css from './onboarding.css';

/**
 * Add company: a legal entity by signing the server's challenge with the organisation's EDS through NCALayer
 * (a legal entity's signing key; the server takes the BIN from the certificate and checks the role), then the
 * company list is reloaded and the cabinet opens. Individuals and sole proprietors attach by IIN instead.
 */
export default function AddCompanyScreen(): JSX.Element {
  const { t, lang } = usePortalT();
  const navigate = useNavigate();
  const signingConfig = useSdkStore($signingConfig);
  const [busy, setBusy] = useState(false);
  // The caught error itself: its text (with the server's values, e.g. Retry-After seconds) follows the language.
  const [failure, setFailure] = useState<{ error: unknown }>();

  const attach = (): void => {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    ncaLayerSigning(lang)
      .then((signing) => attachCompanyWithNcaLayer(signing))
      .then(
        (outcome) => {
          setBusy(false);
          if (outcome === 'cancelled') return;
          showSnackbar({ message: t('addCompany.attached'), kind: 'success' });
          return navigate(pathTo('Cabinet'));
        },
        (error: unknown) => {
          setBusy(false);
          setFailure({ error });
        },
      )
      .catch((error: unknown) => reportError(error, { action: 'navigate-after-attach-by-signature' }));
  };

  return (
    <section className={screens.screen} data-route="AddCompany">
      <ScreenHeading>{t('titles.AddCompany')}</ScreenHeading>
      <div className={`${screens.panel} ${screens.narrowPanel}`}>
        <p className={screens.lead}>{t('addCompany.explanation')}</p>
        {signingConfig.testSigner ? (
          <p className={screens.muted} data-test-signer="">
            {t('addCompany.testSigner', { label: signingConfig.testSigner.label })}
          </p>
        ) : null}
        <button type="button" className={css.signButton} aria-busy={busy || undefined} onClick={attach}>
          <Icon path={busy ? mdiLoading : mdiCertificateOutline} size={20} />
          {t('addCompany.sign')}
        </button>
        {failure ? (
          <p role="alert" className={css.failureText}>
            {errorTextOf(failure.error, lang)}
          </p>
        ) : null}
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
