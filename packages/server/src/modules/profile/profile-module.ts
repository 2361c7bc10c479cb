import {
  AppError,
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  langSchema,
  PROFILE_PATHS,
  type Profile,
  profileSchema,
  profileUpdateRequestSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { drainBlobDeletions, queueBlobDeletions } from '../../files/blob-deletions.js';
import { keepBlobs, putBlob } from '../../files/pending-blobs.js';
import { defineRoute } from '../../http/route.js';
import { findUserById, requireUser, setUserAvatar, setUserLang, updateUserNames } from '../account/index.js';
import type { AppModule } from '../module.js';
import { sniffImageType } from './image-type.js';

/** Shown when the user has not uploaded an avatar: a neutral head-and-shoulders silhouette. */
export const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
  '<rect width="64" height="64" fill="#e3e8ef"/><circle cx="32" cy="25" r="12" fill="#9aa5b5"/>' +
  '<path d="M10 60c2-12 11-19 22-19s20 7 22 19z" fill="#9aa5b5"/></svg>';

const AVATAR_CACHE_CONTROL = 'private, no-cache';

/** The profile of an account; `email` is '' for accounts registered by phone only. */
export function profileOf(user: UserRow): Profile {
  return { email: user.email ?? '', lastname: user.lastname, firstname: user.firstname, lang: user.lang };
}

/** The user's own profile: names, language and avatar. Every route needs a signed-in user. */
export const profileModule: AppModule = {
  name: 'profile',
  register({ route, services }) {
    const { db } = services.database;

    async function currentUser(request: Parameters<typeof requireUser>[0]): Promise<UserRow> {
      const { userId } = await requireUser(request);
      const user = await findUserById(db, userId);
      // A valid token of a deleted account: treat it like no login at all.
      if (!user) throw new AppError('UNAUTHORIZED');
      return user;
    }

    route(
      defineRoute({
        method: 'GET',
        url: PROFILE_PATHS.user,
        operationId: 'getProfile',
        summary: 'The signed-in user profile',
        description: '`email` is an empty string for accounts registered by phone only.',
        tags: ['profile'],
        auth: true,
        response: profileSchema,
        handler: async ({ request }) => profileOf(await currentUser(request)),
      }),
    );

    route(
      defineRoute({
        method: 'PUT',
        url: PROFILE_PATHS.user,
        operationId: 'updateProfile',
        summary: 'Change first and last name (and the language, when given)',
        description: 'The e-mail cannot be changed here (it would need a confirmation code); it is ignored.',
        tags: ['profile'],
        auth: true,
        body: profileUpdateRequestSchema.extend({ lang: langSchema.optional() }),
        response: profileSchema,
        handler: async ({ request, body }) => {
          const { userId } = await requireUser(request);
          const updated = await updateUserNames(db, userId, body);
          if (!updated) throw new AppError('UNAUTHORIZED');
          return profileOf(updated);
        },
      }),
    );

    route(
      defineRoute({
        method: 'GET',
        url: PROFILE_PATHS.avatar,
        operationId: 'getAvatar',
        summary: 'The avatar image (a default SVG when none was uploaded)',
        description: 'Also accepts the access token in the GATEWAY cookie, so it works as `<img src>`.',
        tags: ['profile'],
        auth: true,
        produces: 'binary',
        response: z.instanceof(Uint8Array),
        handler: async ({ request, reply }) => {
          const user = await currentUser(request);
          reply.header('cache-control', AVATAR_CACHE_CONTROL);
          const stored = user.avatar_key ? await services.blobs.get(user.avatar_key) : undefined;
          if (stored && user.avatar_mime) {
            reply.type(user.avatar_mime);
            return Buffer.from(stored);
          }
          reply.type('image/svg+xml');
          return Buffer.from(DEFAULT_AVATAR_SVG);
        },
      }),
    );

    route(
      defineRoute({
        method: 'PUT',
        url: PROFILE_PATHS.avatar,
        operationId: 'putAvatar',
        summary: 'Replace the avatar: raw PNG, JPEG or WebP bytes',
        description: `The type is read from the content, not the header; at most ${AVATAR_MAX_BYTES} bytes (413).`,
        tags: ['profile'],
        auth: true,
        rawBody: { contentTypes: AVATAR_MIME_TYPES },
        bodyLimit: AVATAR_MAX_BYTES,
        status: 204,
        response: z.undefined(),
        handler: async ({ request }) => {
          const user = await currentUser(request);
          const bytes = Buffer.isBuffer(request.body) ? request.body : undefined;
          const mime = bytes ? sniffImageType(bytes) : undefined;
          if (!bytes || !mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
          const stored = await putBlob({ db, blobs: services.blobs, clock: services.clock }, bytes);
          const replaced = await db.transaction().execute(async (trx) => {
            const previous = await setUserAvatar(trx, user.id, { key: stored.key, mime });
            await keepBlobs(trx, [stored.key]);
            // The replaced image is queued with the change, so a crash before its deletion leaves work, not an orphan.
            if (previous) await queueBlobDeletions(trx, [previous], services.clock());
            return previous;
          });
          if (replaced) await drainBlobDeletions(db, services.blobs, { keys: [replaced] }).catch(() => 0);
          return undefined;
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: PROFILE_PATHS.setLocale,
        operationId: 'setLocale',
        summary: 'Set the profile language (kz is read as kk); empty body',
        tags: ['profile'],
        auth: true,
        params: z.object({ locale: langSchema }),
        status: 204,
        response: z.undefined(),
        handler: async ({ request, params }) => {
          const { userId } = await requireUser(request);
          await setUserLang(db, userId, params.locale);
          return undefined;
        },
      }),
    );
  },
};
