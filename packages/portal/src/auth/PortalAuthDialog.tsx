import { useStore } from '@nanostores/react';
import { AuthDialog, type AuthSuccess } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../routes/routePaths';
import { $authDialogOpen, closeAuthDialog } from './authDialog';

/**
 * The modal authentication (password, code by e-mail/SMS, registration, recovery), mounted once in the root
 * layout and shown while `$authDialogOpen`. A successful login closes it and leaves the user where they
 * were, so a requested cabinet screen opens at once; a registration opens the cabinet (its onboarding).
 */
export function PortalAuthDialog(): JSX.Element | null {
  const open = useStore($authDialogOpen);
  const navigate = useNavigate();
  // A new account has nothing on the page it registered from: the cabinet starts its onboarding.
  const onSuccess = (how: AuthSuccess) => {
    if (how === 'register') void navigate(pathTo('Cabinet'));
  };
  return <AuthDialog open={open} onClose={closeAuthDialog} onSuccess={onSuccess} />;
}
