export {
  defaultLoginActions,
  type LoginActions,
  LoginForm,
  type LoginFormProps,
  type LoginMethod,
  type LoginNavigation,
} from './LoginForm';
