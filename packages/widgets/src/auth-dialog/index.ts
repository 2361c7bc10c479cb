export {
  type AuthActions,
  AuthDialog,
  type AuthDialogProps,
  type AuthSuccess,
  type AuthView,
} from './AuthDialog';
