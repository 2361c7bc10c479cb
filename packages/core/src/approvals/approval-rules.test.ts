import { describe, expect, it } from 'vitest';
import { rejectCheck, type SigningState, signCheck } from '../documents/signing-rules';
import { approvalCheck, pendingSteps, stepsBegun } from './approval-rules';

const [first, middle, last] = ['111111111111', '222222222222', '333333333333'];
const party = (identityNumber: string) => ({ identityNumber, sender: false, trashed: false });

function sequential(signers: SigningState['signers']): SigningState {
  return { status: 'AT_SIGNING', signingMethod: 'SEQUENTIAL', senderSigned: false, signers };
}

describe('approvals', () => {
  it('a signer awaiting approval may neither sign nor reject; once approved it may', () => {
    const pending = sequential([{ identityNumber: first, state: 'WAITING', approval: 'PENDING' }]);
    expect(signCheck(pending, party(first))).toEqual({ ok: false, code: 'APPROVAL_PENDING' });
    expect(rejectCheck(pending, party(first))).toEqual({ ok: false, code: 'APPROVAL_PENDING' });
    const approved = sequential([{ identityNumber: first, state: 'WAITING', approval: 'APPROVED' }]);
    expect(signCheck(approved, party(first)).ok).toBe(true);
    expect(rejectCheck(approved, party(first)).ok).toBe(true);
  });

  it('sequential: the approval of the middle signer happens at its turn', () => {
    const before = sequential([
      { identityNumber: first, state: 'WAITING' },
      { identityNumber: middle, state: 'WAITING', approval: 'PENDING' },
      { identityNumber: last, state: 'WAITING' },
    ]);
    expect(approvalCheck(before, middle)).toEqual({ ok: false, code: 'NOT_SIGNERS_TURN' });
    expect(pendingSteps(before)).toEqual([{ identityNumber: first, step: 'signature' }]);
    const firstSigned = sequential([
      { identityNumber: first, state: 'SIGNED' },
      { identityNumber: middle, state: 'WAITING', approval: 'PENDING' },
      { identityNumber: last, state: 'WAITING' },
    ]);
    expect(approvalCheck(firstSigned, middle)).toEqual({ ok: true, to: 'AT_SIGNING' });
    expect(stepsBegun(before, firstSigned)).toEqual([{ identityNumber: middle, step: 'approval' }]);
    const approved = sequential([
      { identityNumber: first, state: 'SIGNED' },
      { identityNumber: middle, state: 'WAITING', approval: 'APPROVED' },
      { identityNumber: last, state: 'WAITING' },
    ]);
    expect(stepsBegun(firstSigned, approved)).toEqual([{ identityNumber: middle, step: 'signature' }]);
    expect(approvalCheck(approved, middle)).toEqual({ ok: false, code: 'APPROVAL_NOT_PENDING' });
    expect(signCheck(approved, party(last))).toEqual({ ok: false, code: 'NOT_SIGNERS_TURN' });
  });

  it('parallel: every approver at once; a later signer cannot reject before its turn in sequential', () => {
    const parallel: SigningState = {
      status: 'AT_SIGNING',
      signingMethod: 'PARALLEL',
      senderSigned: false,
      signers: [
        { identityNumber: first, state: 'WAITING', approval: 'PENDING' },
        { identityNumber: last, state: 'WAITING', approval: 'PENDING' },
      ],
    };
    expect(pendingSteps(parallel).map((s) => s.step)).toEqual(['approval', 'approval']);
    expect(approvalCheck(parallel, last).ok).toBe(true);
    const seq = sequential([
      { identityNumber: first, state: 'WAITING' },
      { identityNumber: last, state: 'WAITING' },
    ]);
    expect(rejectCheck(seq, party(last))).toEqual({ ok: false, code: 'NOT_SIGNERS_TURN' });
  });

  it('only a document at signing can be approved', () => {
    const signed = { ...sequential([{ identityNumber: first, state: 'WAITING', approval: 'PENDING' }]) };
    expect(approvalCheck({ ...signed, status: 'REJECTED' }, first)).toEqual({
      ok: false,
      code: 'DOCUMENT_CHANGE_FORBIDDEN',
    });
    expect(pendingSteps({ ...signed, status: 'DRAFT' })).toEqual([]);
  });
});
