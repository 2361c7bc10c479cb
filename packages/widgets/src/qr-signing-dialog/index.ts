export {
  formatCountdown,
  type QrSigningActions,
  QrSigningDialog,
  type QrSigningDialogProps,
} from './QrSigningDialog';
