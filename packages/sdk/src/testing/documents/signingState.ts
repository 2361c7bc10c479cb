import type { SigningParty, SigningState } from '@qoltanba/core';
import type { FakeDocumentRecord } from './records';

// A stored document and a company as core's signing rules see them (the server's rules, written once in core).

/** `record` as core's signing rules see it. */
export function signingStateOf(record: FakeDocumentRecord): SigningState {
  return {
    status: record.status,
    signingMethod: record.signingMethod,
    senderSigned: record.senderSigned ?? false,
    signers: record.signers,
  };
}

/** The company `bin` as a party of `record` for core's signing rules. */
export function partyOf(record: FakeDocumentRecord, bin: string): SigningParty {
  return { identityNumber: bin, sender: record.sender.bin === bin, trashed: record.trashedAt.has(bin) };
}
