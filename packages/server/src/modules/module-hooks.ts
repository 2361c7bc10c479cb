import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A named extension point between modules: one module calls it, others add listeners. Modules never touch
 * each other's tables; when one owns a fact another keeps a reference to, it runs a hook and the other
 * answers on its own tables.
 */
export interface Hook<TEvent, TResult = void> {
  /** Adds a listener; listeners run in the order they were added. */
  add(listener: (event: TEvent) => Promise<TResult>): void;
  /** Runs every listener one after another (they may share one transaction) and answers their results. */
  run(event: TEvent): Promise<TResult[]>;
}

/** Creates an empty {@link Hook}. */
export function createHook<TEvent, TResult = void>(): Hook<TEvent, TResult> {
  const listeners: Array<(event: TEvent) => Promise<TResult>> = [];
  return {
    add(listener) {
      listeners.push(listener);
    },
    async run(event) {
      const results: TResult[] = [];
      for (const listener of listeners) results.push(await listener(event));
      return results;
    },
  };
}

/** Folders of a company were deleted (a folder and its subtree). */
export interface FoldersDeletedEvent {
  /**
   * The transaction that deleted them, still open: write through it, so the references go with the
   * folders or not at all.
   */
  trx: Transaction<Database>;
  bin: string;
  /** Every deleted folder id (the folder named in the request and all its descendants). */
  folderIds: readonly number[];
}

/** Which company's folders to count documents in. */
export interface FolderDocumentCountQuery {
  db: Kysely<Database>;
  bin: string;
}

/** Documents directly in each folder of the company, by folder id; folders left out hold none. */
export type FolderDocumentCounts = ReadonlyMap<number, number>;

/** A document was sent for signing (inside the sending transaction, still open). */
export interface DocumentSentEvent {
  /** The sending transaction: write (queue messages) through it, so they go with the send or not at all. */
  db: Transaction<Database> | Kysely<Database>;
  documentId: number;
  /** When it was sent (the injected clock's time). */
  at: Date;
}

/** A rejected document became a draft again (inside the editing transaction, still open). */
export interface DocumentReopenedEvent {
  /** The editing transaction: the change goes with the edit or not at all. */
  trx: Transaction<Database> | Kysely<Database>;
  documentId: number;
}

/** Documents the purge deletes (inside its transaction, still open). */
export interface DocumentsPurgedEvent {
  trx: Transaction<Database> | Kysely<Database>;
  documentIds: readonly number[];
}

/** A finished file of a document whose PDF preview another module serves (the personal link's preview). */
export interface FilePreviewRequest {
  name: string;
  format: 'pdf' | 'doc' | 'docx' | 'odt';
  sha256: string;
  blobKey: string;
}

/** Who signed or rejected, as the certificate (signed) or the party (rejected) names them. */
export interface SigningPartyInfo {
  /** The party's BIN/IIN as listed in the document. */
  identityNumber: string;
  iin: string | null;
  bin: string | null;
  fullName: string;
}

/** A signing change of a document, after its transaction committed. */
export interface SigningChangeEvent {
  db: Kysely<Database>;
  documentId: number;
  /** When it happened (the injected clock's time). */
  at: Date;
  /** The document's lifecycle status after the change. */
  status: 'AT_SIGNING' | 'SIGNED' | 'REJECTED' | 'REVOKED';
  /** Who signed or rejected; absent for a completion. */
  party?: SigningPartyInfo;
}

/** An approver's step for one signer of a document: requested, granted or declined (with the comment). */
export interface ApprovalEvent {
  /** The transaction of the request (approvalRequested), the database after the commit otherwise. */
  db: Kysely<Database>;
  documentId: number;
  at: Date;
  /** The signer the approver approves for, and the approver's e-mail. */
  party: { identityNumber: string; approverEmail: string };
  /** The decline's comment (the document's rejection reason); absent otherwise. */
  comment?: string;
}

/** Signers of a document reminded by its sender (by hand or by the automatic reminders). */
export interface SignersRemindedEvent {
  db: Kysely<Database>;
  documentId: number;
  at: Date;
  /** The signers reminded, by BIN/IIN (for one awaiting approval, its approver was reminded). */
  parties: string[];
  automatic: boolean;
}

/** A document whose expiry date passed: it no longer accepts signatures; its sender is to be told. */
export interface DocumentExpiredEvent {
  db: Kysely<Database>;
  documentId: number;
  at: Date;
  /** The sender company (BIN/IIN). */
  senderBin: string;
  /** When the sender set it to expire. */
  expiresAt: Date;
}

/** A payment received for a company's order was registered (by an operator, the admin command or a statement). */
export interface PaymentRegisteredEvent {
  /** The billing job's transaction, still open: write through it, so the payment is told once or not at all. */
  db: Transaction<Database>;
  /** The company (BIN/IIN) that paid. */
  bin: string;
  at: Date;
  /** The invoice it paid, when the payment named one. */
  invoiceNumber: string | null;
  amountTenge: number;
  /** Whether the order is paid in full now (its tariff started or waits for the current one to end). */
  orderPaid: boolean;
}

/** A company's paid tariff ends within the notice days (run once per company and end). */
export interface TariffEndingEvent {
  /** The billing job's transaction, still open (as {@link PaymentRegisteredEvent.db}). */
  db: Transaction<Database>;
  bin: string;
  at: Date;
  /** When the paid run ends (plans bought ahead included). */
  endsAt: Date;
  /** Whole days left, rounded up. */
  daysLeft: number;
}

/** A company can no longer send: its paid tariff ended, or the send that took its last free document. */
export interface TariffEndedEvent {
  /** The billing job's transaction, or the sending transaction (free documents spent); still open. */
  db: Transaction<Database>;
  bin: string;
  at: Date;
  /** `expired`: the paid run ended at `endedAt`; `free_used`: the free plan's documents are all sent. */
  reason: 'expired' | 'free_used';
  endedAt: Date;
}

/** The extension points of the built-in modules; one set per app, in {@link ModuleContext}. */
export interface ModuleHooks {
  /**
   * Run by the folders module inside the transaction that deleted folders, after the delete. The documents
   * module adds a listener that takes its documents out of those folders (`folder_id` to null).
   */
  readonly foldersDeleted: Hook<FoldersDeletedEvent>;
  /**
   * Run by the folders module to fill `documentCount`; the results of every listener are summed. Without a
   * listener every folder counts 0 documents.
   */
  readonly folderDocumentCounts: Hook<FolderDocumentCountQuery, FolderDocumentCounts>;
  /**
   * Run inside the transaction that sends a document (the documents module's send, the partner API's, an embed
   * session's, and signing a draft): the signing module adds a listener that queues each signer's personal link in
   * the message queue. A listener that throws undoes the send; the caller kicks the outbox after the commit.
   */
  readonly documentSent: Hook<DocumentSentEvent>;
  /**
   * Run by the documents module inside the transaction that edits a rejected document back into a draft, after its
   * signer state was reset (nobody signed, the sender included): the signing module forgets the signatures of the
   * rejected round, so the document is signed anew. A listener that throws undoes the edit.
   */
  readonly documentReopened: Hook<DocumentReopenedEvent>;
  /**
   * Answered by the documents module with the file's PDF preview (its cached LibreOffice conversion), so other
   * modules serve previews without a converter of their own.
   */
  readonly filePreview: Hook<FilePreviewRequest, Uint8Array>;
  /**
   * Run by the documents purge inside the transaction that deletes documents: the signing module deletes its
   * signatures, links and sessions of them (a failing listener undoes the purge round).
   */
  readonly documentsPurged: Hook<DocumentsPurgedEvent>;
  /**
   * Run by the signing module after a signature was accepted and committed (any way: NCALayer, personal link, eGov
   * QR, embed). The partner module queues its webhooks. Listeners must not throw: the signature is stored already.
   */
  readonly signatureAccepted: Hook<SigningChangeEvent>;
  /** Run by the signing module after a rejection committed; as {@link ModuleHooks.signatureAccepted}. */
  readonly documentRejected: Hook<SigningChangeEvent>;
  /** Run by the signing module after the last signature made the document SIGNED (after `signatureAccepted`). */
  readonly documentCompleted: Hook<SigningChangeEvent>;
  /** Run by the signing module after the sender's revocation committed (`party` is the sender); as the others. */
  readonly documentRevoked: Hook<SigningChangeEvent>;
  /**
   * Run by the signing module inside the transaction that made an approver due (the send, or the signature before
   * the signer's turn), after the approval link's e-mail was queued; a listener that throws undoes that change.
   */
  readonly approvalRequested: Hook<ApprovalEvent>;
  /** Run by the signing module after an approver's approval committed (the signer may sign now); must not throw. */
  readonly approvalGranted: Hook<ApprovalEvent>;
  /** Run by the signing module after an approver's decline committed (the document is REJECTED); must not throw. */
  readonly approvalDeclined: Hook<ApprovalEvent>;
  /** Run by the signing module after reminders committed (by the sender or the automatic round); must not throw. */
  readonly signersReminded: Hook<SignersRemindedEvent>;
  /** Run by the signing module's schedule job once per document after its expiry passed; must not throw. */
  readonly documentExpired: Hook<DocumentExpiredEvent>;
  /**
   * Run by the billing module's notices job once per registered payment (an operator's, the admin command's, a
   * statement's; not a member's payment from the balance), inside the job's transaction: the notifications module
   * tells the company's members. A listener that throws undoes the round (the payment is told on the next one).
   */
  readonly paymentRegistered: Hook<PaymentRegisteredEvent>;
  /** Run by the billing module's notices job once per company and paid run end, within the notice days; as above. */
  readonly tariffEnding: Hook<TariffEndingEvent>;
  /**
   * Run by the billing module's notices job once per company and ended paid run, and inside the sending transaction
   * of the send that took the last free document (with tariffs enforced); a listener that throws undoes either.
   */
  readonly tariffEnded: Hook<TariffEndedEvent>;
}

/** A fresh set of {@link ModuleHooks} with no listeners. */
export function createModuleHooks(): ModuleHooks {
  return {
    foldersDeleted: createHook(),
    folderDocumentCounts: createHook(),
    documentSent: createHook(),
    documentReopened: createHook(),
    filePreview: createHook(),
    documentsPurged: createHook(),
    signatureAccepted: createHook(),
    documentRejected: createHook(),
    documentCompleted: createHook(),
    documentRevoked: createHook(),
    approvalRequested: createHook(),
    approvalGranted: createHook(),
    approvalDeclined: createHook(),
    signersReminded: createHook(),
    documentExpired: createHook(),
    paymentRegistered: createHook(),
    tariffEnding: createHook(),
    tariffEnded: createHook(),
  };
}
