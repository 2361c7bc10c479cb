export { type AuthActions, AuthDialog, type AuthDialogProps, type AuthView } from './AuthDialog';
