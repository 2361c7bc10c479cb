import type { RouteRateLimit } from '../../http/route.js';
import type { AppModule } from '../module.js';
import { registerVerificationRoutes } from './verification-routes.js';

/** Verifications one IP may ask for per window: each may carry 30 MB and ten CMS to check. */
export const VERIFICATION_RATE_LIMIT: RouteRateLimit = { max: 20, timeWindow: '1 minute' };

/** Replaceable parts of the verification module. */
export interface VerificationModuleOptions {
  /** Per-IP limit of both routes; {@link VERIFICATION_RATE_LIMIT} by default. */
  rateLimit?: RouteRateLimit;
}

/**
 * Public verification: anyone checks uploaded signatures and originals (`verifySignatures`) or the signatures kept
 * for a file of a document signed here (`verifyStoredFile`). Owns no tables: it reads through the documents and
 * signing modules' functions, verifies with `services.verifier`, and keeps nothing of an upload.
 */
export function createVerificationModule(options: VerificationModuleOptions = {}): AppModule {
  return {
    name: 'verification',
    register(context) {
      registerVerificationRoutes(context, options.rateLimit ?? VERIFICATION_RATE_LIMIT);
    },
  };
}

/** The verification module with the default rate limit. */
export const verificationModule: AppModule = createVerificationModule();
