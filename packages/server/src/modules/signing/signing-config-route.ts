import { SIGNING_PATHS, type SigningConfig, signingConfigSchema } from '@qoltanba/core';
import { defineRoute } from '../../http/route.js';
import type { ModuleContext } from '../module.js';

/** `getSigningConfig`: where the browser finds NCALayer, and whether the development test signer answers there. */
export function registerSigningConfigRoute(route: ModuleContext['route'], config: SigningConfig): void {
  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.config,
      operationId: 'getSigningConfig',
      summary: "NCALayer's address and the test-signer flag",
      description:
        'Public. `testSigner` is set only when the development server runs its NCALayer emulator with test keys; ' +
        'never in production. Any page may read it (CORS `*`): `<qoltanba-sign>` on partner pages finds NCALayer ' +
        'with it.',
      tags: ['signing'],
      publicCors: true,
      response: signingConfigSchema,
      handler: async () => config,
    }),
  );
}
