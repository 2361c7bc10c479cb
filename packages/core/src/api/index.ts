export { GATEWAY_COOKIE, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE } from './constants';
export {
  ACCOUNT_PATHS,
  API_SERVICES,
  apiPath,
  type CodeChannel,
  type CodePurpose,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  PROFILE_PATHS,
  SIGNING_LINK_PAGE,
  SIGNING_PATHS,
} from './paths';
