import {
  apiPath,
  PROFILE_PATHS,
  type Profile,
  type ProfileUpdateRequest,
  profileSchema,
} from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';
import { readResponse } from '../api/expectResponse';
import { isAuthenticated } from '../auth/authState';
import { $locale } from '../locale';
import { activeClient } from '../session/activeClient';
import { reportError } from '../telemetry';

const profile = atom<Profile | undefined>(undefined);
const avatarVersion = atom(0);
let loading: Promise<Profile> | undefined;
// Bumped on reset so an answer that arrives after logout is dropped.
let generation = 0;
let syncingLang: string | undefined;

/** The logged-in user's profile; undefined while anonymous or not loaded yet. */
export const $profile: ReadableAtom<Profile | undefined> = profile;

/** Changes whenever the avatar was replaced; subscribe to re-read {@link avatarUrl}. */
export const $avatarVersion: ReadableAtom<number> = avatarVersion;

/**
 * Loads the profile into `$profile` (concurrent callers share one request), then aligns the profile
 * language with the interface (see {@link syncProfileLanguage}).
 */
export function loadProfile(): Promise<Profile> {
  const started = generation;
  const client = activeClient();
  loading ??= readResponse(client.api.get(PROFILE_PATHS.user).json<unknown>(), profileSchema, client.lang)
    .then((loaded) => {
      if (started !== generation) return loaded;
      profile.set(loaded);
      void syncProfileLanguage();
      return loaded;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/**
 * Profile language sync (SPEC section 4, "the server is told to set the new language"): the interface
 * language wins. When the loaded profile's `lang` differs from `$locale`, the server is told the current
 * one (`POST set-locale/{locale}`) and `$profile.lang` follows. `initSession` also runs this whenever
 * the user switches language while logged in. Never rejects: a failure is reported and retried on the
 * next load.
 */
export async function syncProfileLanguage(): Promise<void> {
  const current = profile.get();
  const lang = $locale.get();
  if (!current || current.lang === lang || !isAuthenticated() || syncingLang === lang) return;
  syncingLang = lang;
  try {
    await activeClient()
      .api.url(apiPath(PROFILE_PATHS.setLocale, { locale: lang }))
      .post()
      .res();
    const latest = profile.get();
    if (latest) profile.set({ ...latest, lang });
  } catch (error) {
    reportError(error, { action: 'set-locale', lang });
  } finally {
    syncingLang = undefined;
  }
}

/** Saves the user's first and last name; `$profile` takes the server's answer. */
export async function updateProfile(input: ProfileUpdateRequest): Promise<Profile> {
  const client = activeClient();
  const saved = await readResponse(
    client.api.put(input, PROFILE_PATHS.user).json<unknown>(),
    profileSchema,
    client.lang,
  );
  profile.set(saved);
  return saved;
}

/** Uploads a new avatar (PNG, JPEG or WebP, at most AVATAR_MAX_BYTES) and bumps `$avatarVersion`. */
export async function uploadAvatar(file: Blob): Promise<void> {
  await activeClient()
    .api.url(PROFILE_PATHS.avatar)
    .content(file.type || 'application/octet-stream')
    .body(file)
    .put()
    .res();
  avatarVersion.set(avatarVersion.get() + 1);
}

/**
 * Address of the avatar image for `<img src>`; changes after each upload so caches are bypassed. The
 * browser sends the GATEWAY cookie, not a bearer header, so this relies on the server accepting that
 * cookie; use {@link fetchAvatar} otherwise.
 */
export function avatarUrl(): string {
  return `${activeClient().baseUrl}${PROFILE_PATHS.avatar}?v=${avatarVersion.get()}`;
}

/** Downloads the avatar with the bearer header (the server's default image when none was uploaded). */
export function fetchAvatar(): Promise<Blob> {
  return activeClient().api.get(PROFILE_PATHS.avatar).blob();
}

/** Forgets the profile (internal: logout and session start). */
export function resetProfileState(): void {
  generation += 1;
  profile.set(undefined);
  loading = undefined;
  syncingLang = undefined;
}
