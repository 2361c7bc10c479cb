export { Snackbar, type SnackbarProps } from './Snackbar';
