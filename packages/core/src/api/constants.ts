/**
 * Names both sides of the contract spell: the cookies of SPEC section 3, shared by the sdk (which writes
 * them), the server and other Qoltanba sites on the same domain. Lifetimes are in `limits.ts`
 * (`GATEWAY_COOKIE_HOURS`, `LANG_COOKIE_HOURS`, `LAST_PROJECT_HREF_HOURS`).
 */

/**
 * Cookie carrying the access token. The sdk writes it with every token response and sends its value as
 * the bearer; the server accepts it in place of the `Authorization` header on plain GETs (`<img src>`).
 */
export const GATEWAY_COOKIE = 'GATEWAY';

/** Cookie keeping the chosen interface language (`kk`, `ru`, `en`). */
export const LANG_COOKIE = 'lang';

/** Cookie remembering the last address the user was on (URL-encoded), for the other Qoltanba sites. */
export const LAST_PROJECT_HREF_COOKIE = 'lastProjectHref';

/**
 * The one `localStorage` key that survives logout (SPEC section 3, the identity note): the portal's logout wipes
 * every other key. The help widget keeps its anonymous visitor there (a small JSON object, so other uses can share
 * the key), so a visitor's chat history outlives logging out.
 */
export const IDENTITY_NOTE_KEY = 'identityNote';
