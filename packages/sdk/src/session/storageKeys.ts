/** Keys the session keeps in `localStorage` (SPEC section 3, client storage keys). */
export const SESSION_STORAGE_KEYS = {
  /** The access token. */
  token: 'token',
  /** The refresh token. */
  refreshToken: 'refresh_token',
  /** When the access token expires, epoch ms (now + expires_in seconds, SPEC section 9). */
  expiresAt: 'expires_in',
  /** The BIN of the chosen company context. */
  selectedCompanyBin: 'selectedCompanyBin',
} as const;

/** The one storage key that survives logout (the identity note); every other key is wiped. Defined in core. */
export { IDENTITY_NOTE_KEY } from '@qoltanba/core';
