import { type FileSignature, type Party, rejectCheck, type SignRequest, signCheck } from '@qoltanba/core';
import type { FakeDocumentRecord } from '../documents/records';
import { partyOf, signingStateOf } from '../documents/signingState';
import { type FakeContext, refuse } from '../fakeHttp';
import { cmsMarker, verdict } from './cms';
import type { SigningDocuments } from './parts';
import type { SigningStore } from './records';

// Signing and rejecting a document, with the server's rules in its order. Every way of signing (signed in, by a
// personal link, through eGov mobile) ends here.

/** The signing rules, on the documents service's records. */
export function createSigningRules({ access }: SigningDocuments, { iso }: SigningStore) {
  /** One CMS per file (SIGNATURE_MISSING, SIGNED_FILE_MISMATCH), then each "verified" by its marker. */
  function checkSignatures(record: FakeDocumentRecord, signatures: readonly FileSignature[]): void {
    const files = new Set(record.files.map((file) => file.id));
    const given = new Set<number>();
    for (const { fileId } of signatures) {
      if (!files.has(fileId) || given.has(fileId)) refuse('SIGNED_FILE_MISMATCH');
      given.add(fileId);
    }
    if (given.size !== files.size) refuse('SIGNATURE_MISSING');
    for (const { cms } of signatures) verdict(cmsMarker(cms));
  }

  /**
   * Signs `record` as `bin` when core's `signCheck` allows it: the sender (once: its signature on its draft sends
   * it, "sign and send"; on the document at signing it completes nothing) or a listed signer on its turn.
   */
  function sign(
    record: FakeDocumentRecord,
    bin: string,
    request: Pick<SignRequest, 'signatures'>,
    context: FakeContext,
    company: Party,
  ): void {
    const step = signCheck(signingStateOf(record), partyOf(record, bin));
    if (!step.ok) refuse(step.code);
    if (record.sender.bin === bin) {
      const draft = record.status === 'DRAFT';
      if (draft && record.files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
      if (draft && record.signers.length === 0) refuse('SIGNERS_REQUIRED');
      checkSignatures(record, request.signatures);
      record.status = step.to;
      record.senderSigned = true;
      access.touch(record);
      if (draft) access.record(record, 'SEND', context, company);
      if (draft) access.mailLinks(record);
      access.record(record, 'SIGN', context, company);
      return;
    }
    const signer = access.signerOf(record, bin);
    if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
    checkSignatures(record, request.signatures);
    signer.state = 'SIGNED';
    signer.signedAt = iso();
    access.touch(record);
    access.record(record, 'SIGN', context, company);
    if (record.signers.every((entry) => entry.state === 'SIGNED')) {
      record.status = 'SIGNED';
      access.record(record, 'COMPLETE', context, company);
    }
  }

  /** Rejects `record` as `bin` when core's `rejectCheck` allows it (a listed signer who has not signed). */
  function reject(
    record: FakeDocumentRecord,
    bin: string,
    reason: string,
    context: FakeContext,
    company: Party,
  ): void {
    const step = rejectCheck(signingStateOf(record), partyOf(record, bin));
    if (!step.ok) refuse(step.code);
    const signer = access.signerOf(record, bin);
    if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
    signer.state = 'REJECTED';
    record.status = step.to;
    record.rejection = { identityNumber: bin, reason, at: iso() };
    access.touch(record);
    access.record(record, 'REJECT', context, company, reason);
  }

  return { sign, reject };
}

/** The signing rules. */
export type SigningRules = ReturnType<typeof createSigningRules>;
