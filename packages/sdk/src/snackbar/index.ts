export type { Snackbar, SnackbarKind } from './snackbar';
export { $snackbars, dismissSnackbar, showSnackbar } from './snackbar';
