/** The verification module's front door: the only file other modules and app wiring import. */

export { checkStoredFile, type StoredFileCheckDeps } from './stored-file-check.js';
export { verificationModule } from './verification-module.js';
