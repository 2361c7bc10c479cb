import { createQueryContext } from '@qoltanba/sdk';

/**
 * The portal's one query context (3 retries, back-off capped at 30 s, 5 min cache): widgets' stores
 * that fetch are created from it, so the whole app shares one cache.
 */
export const portalQuery = createQueryContext();
