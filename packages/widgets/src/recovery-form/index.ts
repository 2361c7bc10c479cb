export {
  defaultRecoveryActions,
  type RecoveryActions,
  RecoveryForm,
  type RecoveryFormProps,
} from './RecoveryForm';
