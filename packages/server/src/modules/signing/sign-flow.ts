import { AppError, type SignatureReport, signCheck } from '@qoltanba/core';
import type { Kysely, Transaction } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import type { Database, SigningMethod } from '../../db/schema.js';
import type { MessageOutbox } from '../../outbox/message-outbox.js';
import type { SigningVerifier } from '../../signature-verifier.js';
import { type SigningChange, type SigningFile, type SigningTarget, signingPort } from '../documents/index.js';
import type { SigningPartyInfo } from '../module-hooks.js';
import { refuseIfExpired } from './document-schedule.js';
import { type CmsPackaging, secureSignatureOver, signerIdentity } from './signature-check.js';
import { type AcceptedSignature, insertSignatures } from './signature-store.js';
import { confirmSigningLock, type HeldSigningLocks, holdSigningLock } from './signing-locks.js';

/** What a signing needs besides its input. */
export interface SignFlowServices {
  db: Kysely<Database>;
  blobs: BlobStore;
  verifier: SigningVerifier;
  clock: () => Date;
  /** The locks this instance holds, given back at shutdown (see signing-locks.ts). */
  held?: HeldSigningLocks;
  /** Test hook between taking the lock and verifying, told whose lock it is. */
  beforeSignatureCheck?: (lock: { documentId: number; identityNumber: string }) => Promise<void>;
  /** How often the signing lock's lease is renewed while the signing runs (SIGNING_LOCK_RENEW_MS by default). */
  lockRenewMs?: number;
  /**
   * Runs in the signing transaction with what the signing changed (the signing module runs `documentSent` when the
   * sender's signature sent its draft: the signers' personal links are queued through `trx`).
   */
  inTransaction(trx: Transaction<Database>, change: SigningChange): Promise<unknown>;
  /** Delivers what {@link SignFlowServices.inTransaction} queued, after the commit. */
  outbox: Pick<MessageOutbox, 'kick'>;
  /** Runs after the signing committed (the signing module's `signatureAccepted` / `documentCompleted` hooks). */
  onSigned?(event: SignedEvent): Promise<void>;
}

/** A committed signing, for {@link SignFlowServices.onSigned}: what changed, and who signed as the certificate says. */
export interface SignedEvent {
  change: SigningChange;
  party: SigningPartyInfo;
}

/** Who signs: the party's BIN/IIN and how it came (a member acting for a company, or a personal link). */
export interface SigningParty {
  identityNumber: string;
  actingBin: string | null;
  userId: string | null;
  linkId: number | null;
  ip: string;
}

/** One signing: a CMS for every file of the document. */
export interface SignInput {
  documentId: number;
  party: SigningParty;
  signatures: ReadonlyArray<{ fileId: number; cms: Uint8Array }>;
  packaging: CmsPackaging;
  method: SigningMethod;
}

/** Pairs each file of the document with its CMS: exactly one each (SIGNATURE_MISSING, SIGNED_FILE_MISMATCH). */
function pairWithFiles(target: SigningTarget, signatures: SignInput['signatures']) {
  const byFile = new Map<number, Uint8Array>();
  for (const { fileId, cms } of signatures) {
    if (byFile.has(fileId) || !target.files.some((file) => file.id === fileId)) {
      throw new AppError('SIGNED_FILE_MISMATCH');
    }
    byFile.set(fileId, cms);
  }
  return target.files.map((file): [SigningFile, Uint8Array] => {
    const cms = byFile.get(file.id);
    if (!cms) throw new AppError('SIGNATURE_MISSING');
    return [file, cms];
  });
}

/**
 * The party's document, or ENTITY_NOT_FOUND, when core's `signCheck` lets it sign now (else its refusal) and its
 * expiry date has not passed at `now` (else DOCUMENT_EXPIRED): the checks before any lock, so a refusal comes before
 * a QR code or a verification. The signing transaction checks both again.
 */
export async function signableTarget(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  now: Date,
): Promise<SigningTarget> {
  const target = await signingPort.signingTarget(db, documentId, identityNumber);
  if (!target) throw new AppError('ENTITY_NOT_FOUND');
  const check = signCheck(target.rules.document, target.rules.party);
  if (!check.ok) throw new AppError(check.code);
  await refuseIfExpired(db, documentId, now);
  return target;
}

/** The certificate must sign for the party: another party of the document is SIGNATURE_MISMATCH, anybody else BIN_NOT_AMONG_SIGNERS. */
function assertSignsForParty(target: SigningTarget, party: SigningParty, report: SignatureReport): void {
  const identity = signerIdentity(report.signer);
  if (identity === party.identityNumber) return;
  const anotherParty =
    identity === target.document.core.sender.bin ||
    target.signers.some((signer) => signer.identityNumber === identity);
  if (identity && anotherParty) throw new AppError('SIGNATURE_MISMATCH');
  throw new AppError('BIN_NOT_AMONG_SIGNERS');
}

/**
 * Signs document `documentId` for the party, crossing into the documents module twice through its signing port:
 * it asks (`signingTarget`: files, parties and core's `signCheck`, before any lock), takes the signing lock of
 * (document, party) or answers DOCUMENT_SIGNING_LOCKED (its lease renewed while the signing runs, and confirmed
 * in the transaction), verifies every CMS against its stored file outside any transaction, then tells
 * (`recordSigned`, which checks the rule again under the document's row lock) and stores the signatures in one
 * short transaction, with `inTransaction` observing the change there. All files or none.
 * After the commit: the lock goes, the outbox is kicked when the draft was sent, `onSigned` runs.
 */
export async function signAs(svc: SignFlowServices, input: SignInput): Promise<SigningChange> {
  const { db } = svc;
  const { documentId, party } = input;
  const target = await signableTarget(db, documentId, party.identityNumber, svc.clock());
  const pairs = pairWithFiles(target, input.signatures);
  const lease = await holdSigningLock(db, documentId, party.identityNumber, svc.clock, svc.lockRenewMs);
  if (!lease) throw new AppError('DOCUMENT_SIGNING_LOCKED');
  const { holder } = lease;
  const lock = { documentId, identityNumber: party.identityNumber, holder };
  svc.held?.add(lock);
  let signed: SignedEvent;
  try {
    await svc.beforeSignatureCheck?.({ documentId, identityNumber: party.identityNumber });
    const accepted: AcceptedSignature[] = [];
    for (const [file, cms] of pairs) {
      const bytes = await svc.blobs.get(file.blobKey);
      if (!bytes) throw new AppError('FILE_LOAD_FAILED');
      const secured = await secureSignatureOver(svc.verifier, cms, bytes, input.packaging);
      assertSignsForParty(target, party, secured.report);
      accepted.push({ fileId: file.id, cms: secured.cms, report: secured.report });
    }
    const now = svc.clock();
    const change = await db.transaction().execute(async (trx) => {
      await confirmSigningLock(trx, documentId, party.identityNumber, holder);
      const recorded = await signingPort.recordSigned(
        trx,
        documentId,
        { userId: party.userId, bin: party.identityNumber, ip: party.ip },
        now,
      );
      await insertSignatures(trx, { ...party, documentId, method: input.method, at: now }, accepted);
      await svc.inTransaction(trx, recorded);
      return recorded;
    });
    const certificate = accepted[0]?.report.signer;
    signed = {
      change,
      party: {
        identityNumber: party.identityNumber,
        iin: certificate?.iin ?? null,
        bin: certificate?.bin ?? null,
        fullName: certificate?.fullName ?? certificate?.organisation ?? party.identityNumber,
      },
    };
  } finally {
    await lease.release();
    svc.held?.delete(lock);
  }
  if (signed.change.sent) await svc.outbox.kick();
  await svc.onSigned?.(signed);
  return signed.change;
}
