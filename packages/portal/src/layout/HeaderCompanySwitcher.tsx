import { useStore } from '@nanostores/react';
import { $auth, $companies, translateError } from '@qoltanba/sdk';
import { CompanySwitcher } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { useNavigate } from 'react-router';
import { usePortalT } from '../i18n';
import { isCompanySwitchLocked } from '../routes/routeNames';
import { pathTo } from '../routes/routePaths';
import { useCurrentRoute } from '../routes/useCurrentRoute';
import * as css from './account.css';

/**
 * The company context switcher in the header, for signed-in users with a company. It shows the display name
 * of `$currentCompany` and is locked on the document creation and editing screens (CreateDocument, DraftDoc, EditDocument, CopyDocument)
 * with the catalogue's COMPANY_SWITCH_BLOCKED text as the reason.
 */
export function HeaderCompanySwitcher(): JSX.Element | null {
  const { lang } = usePortalT();
  const auth = useStore($auth);
  const companies = useStore($companies);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  if (auth.status !== 'authenticated' || companies.length === 0) return null;
  const locked = isCompanySwitchLocked(route.name);
  return (
    <div className={css.companySlot}>
      <CompanySwitcher
        disabled={locked}
        disabledReason={locked ? translateError('COMPANY_SWITCH_BLOCKED', lang) : undefined}
        onAddCompany={() => navigate(pathTo('AddCompany'))}
      />
    </div>
  );
}
