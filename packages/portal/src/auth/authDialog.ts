import { atom, type ReadableAtom } from 'nanostores';

const open = atom(false);

/** Whether the modal authentication (login, code, registration, recovery) is shown. */
export const $authDialogOpen: ReadableAtom<boolean> = open;

/** Shows the authentication dialog. */
export function openAuthDialog(): void {
  open.set(true);
}

/** Hides the authentication dialog. */
export function closeAuthDialog(): void {
  open.set(false);
}
