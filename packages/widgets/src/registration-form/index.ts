export {
  defaultRegistrationActions,
  type RegistrationActions,
  RegistrationForm,
  type RegistrationFormProps,
  type RegistrationStep,
} from './RegistrationForm';
