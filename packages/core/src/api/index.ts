export {
  ACCOUNT_PATHS,
  API_SERVICES,
  apiPath,
  type CodeChannel,
  type CodePurpose,
  PROFILE_PATHS,
} from './paths';
