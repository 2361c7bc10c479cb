import { describe, expect, it } from 'vitest';
import type { SignerState } from '../schemas/documents';
import {
  allowedActions,
  isSignersTurn,
  rejectCheck,
  revokeCheck,
  type SigningParty,
  type SigningState,
  signCheck,
  signersOnTurn,
} from './signing-rules';
import type { LifecycleStatus } from './status';

// Two signing companies (BINs) and an individual (IIN) who may be an external signer with a personal link only.
const SENDER = '180340021791';
const FIRST = '990740002213';
const SECOND = '020540003431';
const PERSON = '880101300123';

function document(
  status: LifecycleStatus,
  states: readonly SignerState[],
  options: { method?: 'PARALLEL' | 'SEQUENTIAL'; senderSigned?: boolean } = {},
): SigningState {
  const ids = [FIRST, SECOND, PERSON];
  return {
    status,
    signingMethod: options.method ?? 'SEQUENTIAL',
    senderSigned: options.senderSigned ?? false,
    signers: states.map((state, index) => ({ identityNumber: ids[index] ?? '', state })),
  };
}

const sender: SigningParty = { identityNumber: SENDER, sender: true, trashed: false };
const signer = (identityNumber: string, trashed = false): SigningParty => ({
  identityNumber,
  sender: false,
  trashed,
});

describe('isSignersTurn', () => {
  it.each([
    ['SEQUENTIAL', ['WAITING', 'WAITING'], FIRST, true],
    ['SEQUENTIAL', ['WAITING', 'WAITING'], SECOND, false],
    ['SEQUENTIAL', ['SIGNED', 'WAITING'], SECOND, true],
    ['SEQUENTIAL', ['SIGNED', 'SIGNED', 'WAITING'], PERSON, true],
    ['SEQUENTIAL', ['SIGNED', 'WAITING', 'WAITING'], PERSON, false],
    ['PARALLEL', ['WAITING', 'WAITING'], SECOND, true],
    ['PARALLEL', ['WAITING', 'WAITING', 'WAITING'], PERSON, true],
    ['PARALLEL', ['SIGNED', 'WAITING'], FIRST, false],
    ['PARALLEL', ['REJECTED', 'WAITING'], FIRST, false],
    ['PARALLEL', ['WAITING', 'WAITING'], SENDER, false],
  ] as const)('%s %j: turn of %s is %s', (method, states, who, turn) => {
    expect(isSignersTurn(document('AT_SIGNING', states, { method }), who)).toBe(turn);
  });
});

describe('signersOnTurn', () => {
  it.each([
    ['AT_SIGNING', 'SEQUENTIAL', ['WAITING', 'WAITING'], [FIRST]],
    ['AT_SIGNING', 'SEQUENTIAL', ['SIGNED', 'WAITING', 'WAITING'], [SECOND]],
    ['AT_SIGNING', 'SEQUENTIAL', ['SIGNED', 'SIGNED', 'WAITING'], [PERSON]],
    ['AT_SIGNING', 'PARALLEL', ['WAITING', 'SIGNED', 'WAITING'], [FIRST, PERSON]],
    ['DRAFT', 'PARALLEL', ['WAITING', 'WAITING'], []],
    ['SIGNED', 'SEQUENTIAL', ['SIGNED', 'SIGNED'], []],
    ['REJECTED', 'PARALLEL', ['REJECTED', 'WAITING'], []],
    ['REVOKED', 'SEQUENTIAL', ['WAITING', 'WAITING'], []],
  ] as const)('%s %s %j: %j', (status, method, states, onTurn) => {
    expect(signersOnTurn(document(status, states, { method }))).toEqual(onTurn);
  });
});

describe('signCheck', () => {
  it.each([
    // The sender: sign and send its draft, or sign once at signing.
    ['sender, draft', document('DRAFT', ['WAITING']), sender, 'AT_SIGNING'],
    ['sender, at signing', document('AT_SIGNING', ['SIGNED', 'WAITING']), sender, 'AT_SIGNING'],
    [
      'sender, draft in its trash',
      document('DRAFT', ['WAITING']),
      { ...sender, trashed: true },
      'DOCUMENT_CHANGE_FORBIDDEN',
    ],
    [
      'sender signed already',
      document('AT_SIGNING', ['WAITING'], { senderSigned: true }),
      sender,
      'ALREADY_SIGNED_BY_BIN',
    ],
    ['sender, signed document', document('SIGNED', ['SIGNED']), sender, 'DOCUMENT_ALREADY_SIGNED'],
    [
      'sender, rejected document',
      document('REJECTED', ['REJECTED']),
      sender,
      'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
    ],
    ['sender, revoked document', document('REVOKED', ['WAITING']), sender, 'DOCUMENT_CHANGE_FORBIDDEN'],
    // Signers.
    ['signer, a draft not sent', document('DRAFT', ['WAITING']), signer(FIRST), 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['first signer, sequential', document('AT_SIGNING', ['WAITING', 'WAITING']), signer(FIRST), 'AT_SIGNING'],
    [
      'second signer before its turn',
      document('AT_SIGNING', ['WAITING', 'WAITING']),
      signer(SECOND),
      'NOT_SIGNERS_TURN',
    ],
    [
      'second signer on its turn',
      document('AT_SIGNING', ['SIGNED', 'WAITING']),
      signer(SECOND),
      'AT_SIGNING',
    ],
    [
      'second signer, parallel',
      document('AT_SIGNING', ['WAITING', 'WAITING'], { method: 'PARALLEL' }),
      signer(SECOND),
      'AT_SIGNING',
    ],
    [
      'individual (IIN) on its turn',
      document('AT_SIGNING', ['SIGNED', 'SIGNED', 'WAITING']),
      signer(PERSON),
      'AT_SIGNING',
    ],
    [
      'signer with the document in its trash',
      document('AT_SIGNING', ['WAITING']),
      signer(FIRST, true),
      'AT_SIGNING',
    ],
    [
      'signer signed already',
      document('AT_SIGNING', ['SIGNED', 'WAITING']),
      signer(FIRST),
      'ALREADY_SIGNED_BY_BIN',
    ],
    ['not a listed signer', document('AT_SIGNING', ['WAITING']), signer(SECOND), 'BIN_NOT_AMONG_SIGNERS'],
    ['signer of a signed document', document('SIGNED', ['SIGNED']), signer(FIRST), 'DOCUMENT_ALREADY_SIGNED'],
    [
      'rejecting signer',
      document('REJECTED', ['REJECTED']),
      signer(FIRST),
      'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
    ],
    [
      'signer of a revoked document',
      document('REVOKED', ['WAITING']),
      signer(FIRST),
      'DOCUMENT_CHANGE_FORBIDDEN',
    ],
  ] as const)('%s: %s', (_case, state, party, expected) => {
    const result = signCheck(state, party);
    expect(result).toEqual(
      expected === 'AT_SIGNING' ? { ok: true, to: 'AT_SIGNING' } : { ok: false, code: expected },
    );
  });

  it('refuses a signer that rejected even if the document were still at signing', () => {
    const state = document('AT_SIGNING', ['REJECTED', 'WAITING'], { method: 'PARALLEL' });
    expect(signCheck(state, signer(FIRST))).toEqual({
      ok: false,
      code: 'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
    });
  });
});

describe('rejectCheck', () => {
  it.each([
    ['waiting signer', document('AT_SIGNING', ['WAITING']), signer(FIRST), 'REJECTED'],
    [
      'later signer before its turn (sequential: it waits as for signing)',
      document('AT_SIGNING', ['WAITING', 'WAITING']),
      signer(SECOND),
      'NOT_SIGNERS_TURN',
    ],
    ['individual (IIN)', document('AT_SIGNING', ['SIGNED', 'SIGNED', 'WAITING']), signer(PERSON), 'REJECTED'],
    [
      'signer that signed',
      document('AT_SIGNING', ['SIGNED', 'WAITING']),
      signer(FIRST),
      'ALREADY_SIGNED_BY_BIN',
    ],
    ['not a listed signer', document('AT_SIGNING', ['WAITING']), signer(SECOND), 'BIN_NOT_AMONG_SIGNERS'],
    ['the sender', document('AT_SIGNING', ['WAITING']), sender, 'BIN_NOT_AMONG_SIGNERS'],
    ['a draft', document('DRAFT', ['WAITING']), signer(FIRST), 'ONLY_IN_PROGRESS_CAN_BE_REJECTED'],
    ['a signed document', document('SIGNED', ['SIGNED']), signer(FIRST), 'ONLY_IN_PROGRESS_CAN_BE_REJECTED'],
    [
      'a rejected document',
      document('REJECTED', ['REJECTED']),
      signer(FIRST),
      'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
    ],
    [
      'a revoked document',
      document('REVOKED', ['WAITING']),
      signer(FIRST),
      'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
    ],
  ] as const)('%s: %s', (_case, state, party, expected) => {
    expect(rejectCheck(state, party)).toEqual(
      expected === 'REJECTED' ? { ok: true, to: 'REJECTED' } : { ok: false, code: expected },
    );
  });
});

describe('revokeCheck', () => {
  it.each([
    ['nobody signed', document('AT_SIGNING', ['WAITING', 'WAITING']), sender, 'REVOKED'],
    ['a signer signed', document('AT_SIGNING', ['SIGNED', 'WAITING']), sender, 'DOCUMENT_REVOKE_FORBIDDEN'],
    [
      'the sender signed',
      document('AT_SIGNING', ['WAITING'], { senderSigned: true }),
      sender,
      'DOCUMENT_REVOKE_FORBIDDEN',
    ],
    ['a signer asks', document('AT_SIGNING', ['WAITING']), signer(FIRST), 'REVOKE_ONLY_BY_SENDER'],
    ['a draft', document('DRAFT', ['WAITING']), sender, 'DOCUMENT_REVOKE_FORBIDDEN'],
    ['a signed document', document('SIGNED', ['SIGNED']), sender, 'DOCUMENT_REVOKE_FORBIDDEN'],
    ['a rejected document', document('REJECTED', ['REJECTED']), sender, 'DOCUMENT_REVOKE_FORBIDDEN'],
  ] as const)('%s: %s', (_case, state, party, expected) => {
    expect(revokeCheck(state, party)).toEqual(
      expected === 'REVOKED' ? { ok: true, to: 'REVOKED' } : { ok: false, code: expected },
    );
  });
});

describe('allowedActions', () => {
  it.each([
    ['sender, draft', document('DRAFT', ['WAITING']), sender, ['update', 'send', 'sign', 'copy', 'trash']],
    ['sender, at signing', document('AT_SIGNING', ['WAITING']), sender, ['sign', 'revoke', 'copy', 'trash']],
    [
      'sender, at signing, signed by it',
      document('AT_SIGNING', ['WAITING'], { senderSigned: true }),
      sender,
      ['copy', 'trash'],
    ],
    [
      'sender, a signer signed',
      document('AT_SIGNING', ['SIGNED', 'WAITING']),
      sender,
      ['sign', 'copy', 'trash'],
    ],
    ['sender, signed', document('SIGNED', ['SIGNED']), sender, ['copy', 'trash']],
    ['sender, rejected', document('REJECTED', ['REJECTED']), sender, ['update', 'copy', 'trash']],
    ['sender, revoked', document('REVOKED', ['WAITING']), sender, ['copy', 'trash']],
    [
      'sender, from its trash',
      document('AT_SIGNING', ['WAITING']),
      { ...sender, trashed: true },
      ['restore', 'copy'],
    ],
    [
      'first signer, sequential',
      document('AT_SIGNING', ['WAITING', 'WAITING']),
      signer(FIRST),
      ['sign', 'reject', 'trash'],
    ],
    [
      'second signer, not its turn',
      document('AT_SIGNING', ['WAITING', 'WAITING']),
      signer(SECOND),
      ['trash'],
    ],
    [
      'second signer, its turn',
      document('AT_SIGNING', ['SIGNED', 'WAITING']),
      signer(SECOND),
      ['sign', 'reject', 'trash'],
    ],
    [
      'second signer, parallel',
      document('AT_SIGNING', ['WAITING', 'WAITING'], { method: 'PARALLEL' }),
      signer(SECOND),
      ['sign', 'reject', 'trash'],
    ],
    [
      'individual (IIN) signer',
      document('AT_SIGNING', ['SIGNED', 'SIGNED', 'WAITING']),
      signer(PERSON),
      ['sign', 'reject', 'trash'],
    ],
    ['signer that signed', document('AT_SIGNING', ['SIGNED', 'WAITING']), signer(FIRST), ['trash']],
    ['signer, signed document', document('SIGNED', ['SIGNED']), signer(FIRST), ['trash']],
    ['signer that rejected', document('REJECTED', ['REJECTED']), signer(FIRST), ['trash']],
    ['signer, revoked', document('REVOKED', ['WAITING']), signer(FIRST), ['trash']],
    ['signer, from its trash', document('AT_SIGNING', ['WAITING']), signer(FIRST, true), ['restore']],
  ] as const)('%s: %j', (_case, state, party, expected) => {
    expect(allowedActions(state, party)).toEqual(expected);
  });

  it('offers sign, reject and revoke exactly when their checks pass, in every combination', () => {
    const statuses: LifecycleStatus[] = ['DRAFT', 'AT_SIGNING', 'SIGNED', 'REJECTED', 'REVOKED'];
    const states: SignerState[] = ['WAITING', 'SIGNED', 'REJECTED'];
    for (const status of statuses)
      for (const method of ['PARALLEL', 'SEQUENTIAL'] as const)
        for (const senderSigned of [false, true])
          for (const first of states)
            for (const second of states) {
              const state = document(status, [first, second], { method, senderSigned });
              for (const party of [sender, signer(FIRST), signer(SECOND)]) {
                const actions = allowedActions(state, party);
                expect(actions.includes('sign')).toBe(signCheck(state, party).ok);
                expect(actions.includes('revoke')).toBe(party.sender && revokeCheck(state, party).ok);
                expect(actions.includes('reject')).toBe(!party.sender && rejectCheck(state, party).ok);
              }
            }
  });
});
