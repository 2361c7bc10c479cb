import { mdiLogin } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $auth } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import { type JSX, lazy, Suspense } from 'react';
import { openAuthDialog } from '../auth/authDialog';
import { usePortalT } from '../i18n';
import * as css from './account.css';
import { UserMenu } from './UserMenu';

// The counter and its dropdown load only for a signed-in user, so `/` stays without their code.
const NotificationBell = lazy(() => import('../notifications/NotificationBell'));

/** The header's account corner: "Log in" while anonymous, the notification counter and user menu once signed in. */
export function HeaderAccount(): JSX.Element {
  const { t } = usePortalT();
  const auth = useStore($auth);
  if (auth.status === 'authenticated')
    return (
      <>
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <UserMenu />
      </>
    );
  return (
    <button type="button" className={css.loginButton} onClick={openAuthDialog}>
      <Icon path={mdiLogin} size={20} />
      <span className={css.narrowHidden}>{t('account.login')}</span>
    </button>
  );
}
