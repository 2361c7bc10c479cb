import { useStore } from '@nanostores/react';
import { AuthDialog } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { $authDialogOpen, closeAuthDialog } from './authDialog';

/**
 * The modal authentication (password, code by e-mail/SMS, registration, recovery), mounted once in the root
 * layout and shown while `$authDialogOpen`. A successful login closes it and leaves the user where they
 * were, so a requested cabinet screen opens at once.
 */
export function PortalAuthDialog(): JSX.Element | null {
  const open = useStore($authDialogOpen);
  return <AuthDialog open={open} onClose={closeAuthDialog} />;
}
