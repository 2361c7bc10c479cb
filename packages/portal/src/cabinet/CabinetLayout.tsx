import { mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $auth, $companies, $companiesLoad } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useEffect, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { usePortalT } from '../i18n';
import { isOpenWithoutCompany } from '../routes/routeNames';
import { pathTo } from '../routes/routePaths';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import { ScreenLoading } from '../screens/ScreenLoading';
import { CabinetCompaniesError } from './CabinetCompaniesError';
import { CabinetLoginGate } from './CabinetLoginGate';
import { CabinetTabs } from './CabinetTabs';
import * as css from './cabinet.css';
import { useCompanyFromAddress } from './useCompanyFromAddress';

/** Where a signed-in user without any company context is sent. */
export const ONBOARDING_PATH = pathTo('OnboardingStart');

/**
 * Frame of every `/cabinet` screen and its guard: anonymous visitors get the login request; a company list
 * that failed to load gets an error with "Try again"; a user whose list is empty gets the onboarding
 * screens (and profile) only; everyone else the create button and tabs beside (or above) the screen.
 */
export default function CabinetLayout(): JSX.Element {
  const { t } = usePortalT();
  const auth = useStore($auth);
  const companies = useStore($companies);
  const companiesLoad = useStore($companiesLoad);
  const route = useCurrentRoute();
  const authenticated = auth.status === 'authenticated';
  const applyingCompany = useCompanyFromAddress(
    route.name,
    authenticated && companiesLoad.status === 'loaded',
  );
  // A logout here is followed by the move to `/`: show no login request (and no dialog) meanwhile.
  const [signedInHere, setSignedInHere] = useState(authenticated);
  useEffect(() => {
    if (authenticated) setSignedInHere(true);
  }, [authenticated]);

  if (!authenticated) return signedInHere ? <ScreenLoading /> : <CabinetLoginGate />;
  if (companiesLoad.status === 'failed') return <CabinetCompaniesError code={companiesLoad.code} />;
  if (companiesLoad.status !== 'loaded' || applyingCompany) return <ScreenLoading />;
  if (companies.length === 0) {
    if (!isOpenWithoutCompany(route.name)) return <Navigate to={ONBOARDING_PATH} replace />;
    return (
      <div className={css.content}>
        <Outlet />
      </div>
    );
  }
  return (
    <div className={css.layout}>
      <div className={css.aside}>
        <Link to={pathTo('CreateDocument')} className={css.createButton}>
          <Icon path={mdiPlus} size={20} />
          {t('cabinet.create')}
        </Link>
        <CabinetTabs />
      </div>
      <div className={css.content}>
        <Outlet />
      </div>
    </div>
  );
}
