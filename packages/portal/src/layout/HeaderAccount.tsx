import { mdiLogin } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $auth } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { openAuthDialog } from '../auth/authDialog';
import { usePortalT } from '../i18n';
import * as css from './account.css';
import { UserMenu } from './UserMenu';

/** The header's account corner: "Log in" while anonymous, the user menu once signed in. */
export function HeaderAccount(): JSX.Element {
  const { t } = usePortalT();
  const auth = useStore($auth);
  if (auth.status === 'authenticated') return <UserMenu />;
  return (
    <button type="button" className={css.loginButton} onClick={openAuthDialog}>
      <Icon path={mdiLogin} size={20} />
      <span className={css.narrowHidden}>{t('account.login')}</span>
    </button>
  );
}
