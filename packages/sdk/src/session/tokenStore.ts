import { type AuthTokens, GATEWAY_COOKIE, GATEWAY_COOKIE_HOURS } from '@qoltanba/core';
import { deleteCookie, readCookie, writeCookie } from '../cookies';
import { IDENTITY_NOTE_KEY, SESSION_STORAGE_KEYS } from './storageKeys';

/** Where a token store keeps its values. */
export interface TokenStoreOptions {
  storage: Storage;
  sessionStorage: Storage;
  /** Document for the GATEWAY cookie; the global one by default, none on node. */
  doc?: Document;
  now: () => number;
  /** Domain of the GATEWAY cookie; the current host when omitted. */
  cookieDomain?: string;
}

/** The session's tokens as stored. */
export interface StoredTokens {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  /** Epoch ms; undefined when missing or unreadable. */
  expiresAt: number | undefined;
}

/** Reads and writes the tokens in local storage and the GATEWAY cookie. */
export interface TokenStore {
  read(): StoredTokens;
  /** True when an access or refresh token is stored. */
  hasSession(): boolean;
  /** Stores a token response: storage keys, expiry as now + expires_in, and the GATEWAY cookie (1 hour). */
  save(tokens: AuthTokens): void;
  /** The bearer to send: the GATEWAY cookie, else the stored access token (node has no cookies). */
  bearer(): string | undefined;
  /** True when a refresh token is stored and the access token expires within `marginMs`. */
  needsRefresh(marginMs: number): boolean;
  /** Wipes local and session storage except the identity note, and removes the GATEWAY cookie. */
  wipe(): void;
}

function wipeExceptIdentityNote(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && key !== IDENTITY_NOTE_KEY) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Creates the token store of one client. */
export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const { storage, now } = options;
  const scope = options.cookieDomain ? { domain: options.cookieDomain } : {};

  const read = (): StoredTokens => {
    const expiresAt = Number(storage.getItem(SESSION_STORAGE_KEYS.expiresAt) ?? Number.NaN);
    return {
      accessToken: storage.getItem(SESSION_STORAGE_KEYS.token) ?? undefined,
      refreshToken: storage.getItem(SESSION_STORAGE_KEYS.refreshToken) ?? undefined,
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
    };
  };

  return {
    read,
    hasSession() {
      const stored = read();
      return stored.accessToken !== undefined || stored.refreshToken !== undefined;
    },
    save(tokens) {
      storage.setItem(SESSION_STORAGE_KEYS.token, tokens.access_token);
      storage.setItem(SESSION_STORAGE_KEYS.refreshToken, tokens.refresh_token);
      storage.setItem(SESSION_STORAGE_KEYS.expiresAt, String(now() + tokens.expires_in * 1000));
      writeCookie(
        GATEWAY_COOKIE,
        tokens.access_token,
        { hours: GATEWAY_COOKIE_HOURS, ...scope },
        options.doc,
      );
    },
    bearer() {
      return readCookie(GATEWAY_COOKIE, options.doc) || read().accessToken;
    },
    needsRefresh(marginMs) {
      const { refreshToken, expiresAt } = read();
      if (refreshToken === undefined) return false;
      return expiresAt === undefined || now() >= expiresAt - marginMs;
    },
    wipe() {
      wipeExceptIdentityNote(storage);
      wipeExceptIdentityNote(options.sessionStorage);
      deleteCookie(GATEWAY_COOKIE, scope, options.doc);
    },
  };
}
