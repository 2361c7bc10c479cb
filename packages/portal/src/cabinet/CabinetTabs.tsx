import {
  mdiAccountGroupOutline,
  mdiDeleteOutline,
  mdiFileDocumentEditOutline,
  mdiFolderOutline,
  mdiInboxArrowDown,
  mdiInboxArrowUp,
  mdiKeyOutline,
  mdiMessageTextOutline,
} from '@mdi/js';
import { $currentCompany, $supportOperator } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { NavLink } from 'react-router';
import { useSdkStore } from '../app/useSdkStore';
import { usePortalT } from '../i18n';
import type { PortalKey } from '../i18n/portalStrings';
import { pathTo } from '../routes/routePaths';
import * as css from './cabinet.css';

/** One cabinet navigation tab. */
export interface CabinetTab {
  to: string;
  label: PortalKey;
  icon: string;
}

/** The cabinet navigation tabs of SPEC section 2, in order. */
export const CABINET_TABS: readonly CabinetTab[] = [
  { to: pathTo('Incoming'), label: 'cabinet.tabs.incoming', icon: mdiInboxArrowDown },
  { to: pathTo('Outgoing'), label: 'cabinet.tabs.outgoing', icon: mdiInboxArrowUp },
  { to: pathTo('Drafts'), label: 'cabinet.tabs.drafts', icon: mdiFileDocumentEditOutline },
  { to: pathTo('Trash'), label: 'cabinet.tabs.trash', icon: mdiDeleteOutline },
  { to: pathTo('Folder'), label: 'cabinet.tabs.folders', icon: mdiFolderOutline },
  { to: pathTo('Counterparty'), label: 'cabinet.tabs.counterparties', icon: mdiAccountGroupOutline },
];

/** The company administrator's extra tab (ours): the partner API keys. */
export const ADMIN_TAB: CabinetTab = { to: pathTo('ApiKeys'), label: 'apiKeys.tab', icon: mdiKeyOutline };

/** The support operators' extra tab (ours, issue 11): the support inbox. */
export const SUPPORT_TAB: CabinetTab = {
  to: pathTo('SupportInbox'),
  label: 'support.tab',
  icon: mdiMessageTextOutline,
};

/** Cabinet navigation: a side list on wide screens, a horizontally scrollable strip on narrow ones. */
export function CabinetTabs(): JSX.Element {
  const { t } = usePortalT();
  const company = useSdkStore($currentCompany);
  const { operator } = useSdkStore($supportOperator);
  const tabs = [
    ...CABINET_TABS,
    ...(company?.isAdmin === true ? [ADMIN_TAB] : []),
    ...(operator ? [SUPPORT_TAB] : []),
  ];
  return (
    <nav aria-label={t('cabinet.tabsLabel')}>
      <ul className={css.tabList}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} className={css.tab}>
              <Icon path={tab.icon} size={20} />
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
