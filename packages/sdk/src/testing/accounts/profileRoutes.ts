import type { Lang } from '@qoltanba/core';
import { type FakeHandler, failure, json } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';

// The caller's profile, language and avatar (the fake keeps no avatar: it answers a PNG's first bytes).

/** The profile routes. */
export function profileRoutes() {
  return {
    getProfile: ({ account: owner }) => json(200, owner?.profile),
    updateProfile: ({ account: owner, body }) => {
      if (!owner) return failure('UNAUTHORIZED');
      owner.profile = {
        ...owner.profile,
        firstname: String(body.firstname),
        lastname: String(body.lastname),
      };
      return json(200, owner.profile);
    },
    setLocale: ({ account: owner, params }) => {
      if (owner) owner.profile = { ...owner.profile, lang: params.locale as Lang };
      return new Response(null, { status: 204 });
    },
    getAvatar: () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 }),
    putAvatar: () => new Response(null, { status: 204 }),
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
}
