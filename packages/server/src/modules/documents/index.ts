/** The documents module's front door (documents, their files, parties and history): the only file other modules and app wiring import. */

export { historyEventHash, historyGenesis } from '../../crypto/history-hash.js';
export { type AccessibleDocument, type Db, findAccessible, requireAccessible } from './document-access.js';
export { setDocumentFolder } from './document-folders.js';
export { documentMilestones, documentSender, participantCompanies } from './document-milestones.js';
export { type DocumentParties, documentParties, documentParts, knownParties } from './document-read.js';
export { createDocument, type DocumentServices, sendDocument, setTrashed } from './document-store.js';
export type { DocumentCore } from './document-view.js';
export { documentsEnv, documentsSettings } from './documents-env.js';
export { documentsModule } from './documents-module.js';
export { type Actor, type EventActor, listHistory, recordExternalLinkView } from './history.js';
export {
  type ApprovalDecision,
  type DocumentSigningPort,
  documentForLink,
  documentSigners,
  requireSigningTarget,
  type SentDocument,
  type SigningChange,
  type SigningFile,
  type SigningTarget,
  signingPort,
  signingTarget,
} from './signing-port.js';
export { runDocumentPurge } from './trash-purge.js';
export { filesWithContent, type VerifiableFile, verifiableFile } from './verifiable-files.js';
