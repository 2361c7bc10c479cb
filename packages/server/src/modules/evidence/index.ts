/** The evidence module's front door (signed packages, signature sheets): the only file other modules and app wiring import. */

export { evidenceModule } from './evidence-module.js';
export { signedEvidenceOf } from './signed-evidence.js';
export { sendSignedPackage } from './signed-package-reply.js';
