import type { AppModule } from '../module.js';
import { registerEvidenceRoutes } from './evidence-routes.js';

/**
 * Evidence of signed documents for their participants: the signed package (ZIP), the signature sheet and the
 * printable copy. No tables of its own: it reads through the documents and signing modules (README.md).
 */
export const evidenceModule: AppModule = {
  name: 'evidence',
  register(context) {
    registerEvidenceRoutes(context);
  },
};
