// Internal building blocks of the account widgets; not part of the package's public entry.

export { AccountFormFrame } from './AccountFormFrame';
export { CodeStep, type CodeStepProps } from './CodeStep';
export { ContactStep } from './ContactStep';
export { FormActions } from './FormActions';
export { FormAlert } from './FormAlert';
export { accountTargetCodes, newAccountTargetCodes, newPasswordCodes } from './field-codes';
export * from './form.css';
export { LoginTargetField } from './LoginTargetField';
export { NewPasswordFields } from './NewPasswordFields';
export { PasswordField } from './PasswordField';
export { SubmitButton } from './SubmitButton';
export { errorText, routeError, type ShownError, shownErrorOf } from './shown-error';
export { TextField } from './TextField';
export { AUTH_FORMS_NS, authFormsT, authFormTexts, type LocalErrorCode } from './texts';
export { type AccountForm, useAccountForm } from './use-account-form';
export {
  type CodeSending,
  type ContactCodeSending,
  type SentCode,
  useCodeSending,
  useContactCodeSending,
} from './use-code-sending';
export { useFocusFirstInvalid } from './use-focus-first-invalid';
export { type FieldErrors, type FormStatus, type SubmitOutcome, useFormStatus } from './use-form-status';
export {
  type CodeTarget,
  channelOf,
  codeError,
  codeTargetOf,
  currentPasswordError,
  displayTarget,
  identityDigits,
  identityNumberError,
  loginTargetError,
  newPasswordError,
  personNameError,
  phoneError,
  repeatPasswordError,
  requiredError,
} from './validators';
