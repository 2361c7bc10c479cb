export { GATEWAY_COOKIE, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE } from './constants';
export {
  ACCOUNT_PATHS,
  API_SERVICES,
  apiPath,
  type CodeChannel,
  type CodePurpose,
  PROFILE_PATHS,
} from './paths';
