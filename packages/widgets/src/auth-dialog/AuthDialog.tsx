import { mdiClose } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $locale } from '@qoltanba/sdk';
import { type JSX, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { authFormsT } from '../form';
import { Icon } from '../icon';
import { type LoginActions, LoginForm, type LoginMethod } from '../login-form';
import { type RecoveryActions, RecoveryForm } from '../recovery-form';
import { type RegistrationActions, RegistrationForm } from '../registration-form';
import { backdrop, closeButton, content, dialog } from './AuthDialog.css';
import { focusableIn, wrapTab } from './focus-trap';

/** The views of the authentication dialog. */
export type AuthView = 'login' | 'register' | 'recover';

/** Every sdk call the dialog's forms make. */
export type AuthActions = LoginActions & RegistrationActions & RecoveryActions;

/** Props of {@link AuthDialog}. */
/** How the user got logged in: by a login, a new account's registration, or a recovery. */
export type AuthSuccess = 'login' | 'register' | 'recover';

/** Props of {@link AuthDialog}. */
export interface AuthDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called on Esc, on the close button, and after a successful login (after `onSuccess`). */
  onClose: () => void;
  /** Called after a login, registration or recovery logged the user in, saying which of the three it was. */
  onSuccess?: (how: AuthSuccess) => void;
  /** The view shown when the dialog opens (default login). */
  initialView?: AuthView;
  /** The login method shown first. */
  initialMethod?: LoginMethod;
  /** Replaces sdk actions of the forms (all default to the sdk's). */
  actions?: Partial<AuthActions>;
  /**
   * Renders the dialog into this element through a React portal. By default it renders in place (fixed over
   * the page), so it inherits the theme class and custom properties of where it is mounted.
   */
  container?: Element;
}

/**
 * The portal's modal authentication: login, registration and recovery in one modal dialog (role=dialog,
 * aria-modal), switching views inside. Focus moves into it on open, Tab is kept inside, Esc closes, and focus
 * returns to where it was.
 *
 * @example <AuthDialog open={open} onClose={() => setOpen(false)} onSuccess={() => navigate('/cabinet')} />
 */
export function AuthDialog({
  open,
  onClose,
  onSuccess,
  initialView = 'login',
  initialMethod,
  actions,
  container,
}: AuthDialogProps): JSX.Element | null {
  const t = authFormsT(useStore($locale));
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<AuthView>(initialView);

  // Each opening starts from the requested view.
  useEffect(() => {
    if (open) setView(initialView);
  }, [open, initialView]);

  // While open: lock the page scroll and pull focus that lands outside (a click behind, a script) back in.
  // On close: stop both, then give focus back to where it was (in this order, or the focus would be pulled back).
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onFocusIn = (event: FocusEvent) => {
      const root = dialogRef.current;
      const target = event.target;
      // Focus inside another modal (one opened on top of this) is left where it is.
      if (!root || !(target instanceof Element) || root.contains(target)) return;
      if (target.closest('[aria-modal="true"]')) return;
      (focusableIn(root)[0] ?? root).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  // Move focus to the first field of each view as it appears.
  useEffect(() => {
    if (!open || !view) return;
    const root = dialogRef.current;
    if (!root) return;
    const target = root.querySelector<HTMLElement>('input') ?? focusableIn(root)[0] ?? root;
    target.focus();
  }, [open, view]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && dialogRef.current && wrapTab(dialogRef.current, event.shiftKey)) {
      event.preventDefault();
    }
  };

  const succeed = (how: AuthSuccess) => (): void => {
    onSuccess?.(how);
    onClose();
  };
  const toLogin = () => setView('login');

  const layer = (
    <div className={backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={dialog}
        onKeyDown={onKeyDown}
      >
        {view === 'login' ? (
          <LoginForm
            className={content}
            titleId={titleId}
            actions={actions}
            initialMethod={initialMethod}
            onSuccess={succeed('login')}
            onNavigate={setView}
          />
        ) : view === 'register' ? (
          <RegistrationForm
            className={content}
            titleId={titleId}
            actions={actions}
            onSuccess={succeed('register')}
            onNavigate={toLogin}
          />
        ) : (
          <RecoveryForm
            className={content}
            titleId={titleId}
            actions={actions}
            onSuccess={succeed('recover')}
            onNavigate={toLogin}
          />
        )}
        <button type="button" className={closeButton} aria-label={t('dialog.close')} onClick={onClose}>
          <Icon path={mdiClose} />
        </button>
      </div>
    </div>
  );
  return container ? createPortal(layer, container) : layer;
}
