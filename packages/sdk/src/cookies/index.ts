export type { CookieOptions, CookieScope } from './cookies';
export { deleteCookie, readCookie, writeCookie } from './cookies';
