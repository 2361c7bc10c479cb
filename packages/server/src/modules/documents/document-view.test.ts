import type { LifecycleStatus, Signer } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { allowedActions, type DocumentCore, type Participation } from './document-view.js';

const SENDER = '200140000019';
const FIRST = '200140000027';
const SECOND = '200140000035';
const at = new Date('2026-03-02T06:00:00Z');

function core(
  status: LifecycleStatus,
  signingMethod: DocumentCore['signingMethod'] = 'PARALLEL',
): DocumentCore {
  return {
    id: 1,
    number: 1,
    name: 'Договор',
    status,
    signingMethod,
    createdAt: at,
    updatedAt: at,
    sender: { bin: SENDER, nameRu: 'ТОО «Отправитель»', nameKk: null },
  };
}

function signers(...states: Signer['state'][]): Signer[] {
  return states.map((state, index) => ({
    identityNumber: [FIRST, SECOND][index] ?? FIRST,
    email: `signer${index + 1}@example.kz`,
    nameRu: `Подписант ${index + 1}`,
    nameKk: null,
    order: index + 1,
    state,
    signedAt: state === 'SIGNED' ? at.toISOString() : null,
    approverEmail: null,
  }));
}

const party = (role: Participation['role'], changes: Partial<Participation> = {}): Participation => ({
  role,
  folderId: null,
  trashedAt: null,
  signedAt: null,
  ...changes,
});

// Each row: what the routes accept in that situation (sign-rules, reject-revoke and lifecycle tests hold the routes).
describe('allowedActions', () => {
  it.each([
    [
      'sender, draft: edit, send, sign and send',
      'DRAFT',
      'PARALLEL',
      SENDER,
      party('sender'),
      ['WAITING'],
      ['update', 'send', 'sign', 'copy', 'trash'],
    ],
    [
      'sender, at signing, not signed',
      'AT_SIGNING',
      'PARALLEL',
      SENDER,
      party('sender'),
      ['WAITING'],
      ['sign', 'revoke', 'copy', 'trash'],
    ],
    [
      'sender, at signing, signed already: no second signature, no revoke',
      'AT_SIGNING',
      'PARALLEL',
      SENDER,
      party('sender', { signedAt: at }),
      ['WAITING'],
      ['copy', 'trash'],
    ],
    [
      'sender, at signing, a signer signed: sign but no revoke',
      'AT_SIGNING',
      'PARALLEL',
      SENDER,
      party('sender'),
      ['SIGNED', 'WAITING'],
      ['sign', 'copy', 'trash'],
    ],
    ['sender, signed document', 'SIGNED', 'PARALLEL', SENDER, party('sender'), ['SIGNED'], ['copy', 'trash']],
    [
      'sender, rejected document: edit again',
      'REJECTED',
      'PARALLEL',
      SENDER,
      party('sender'),
      ['REJECTED'],
      ['update', 'copy', 'trash'],
    ],
    ['sender, revoked', 'REVOKED', 'PARALLEL', SENDER, party('sender'), ['WAITING'], ['copy', 'trash']],
    [
      'sender, trashed',
      'AT_SIGNING',
      'PARALLEL',
      SENDER,
      party('sender', { trashedAt: at }),
      ['WAITING'],
      ['restore', 'copy'],
    ],
    [
      'signer, parallel, waiting',
      'AT_SIGNING',
      'PARALLEL',
      SECOND,
      party('signer'),
      ['WAITING', 'WAITING'],
      ['sign', 'reject', 'trash'],
    ],
    [
      'signer, parallel, signed',
      'AT_SIGNING',
      'PARALLEL',
      FIRST,
      party('signer', { signedAt: at }),
      ['SIGNED', 'WAITING'],
      ['trash'],
    ],
    [
      'signer, sequential, its turn',
      'AT_SIGNING',
      'SEQUENTIAL',
      SECOND,
      party('signer'),
      ['SIGNED', 'WAITING'],
      ['sign', 'reject', 'trash'],
    ],
    [
      // Core's rule: a signer may neither sign nor reject before its turn (NOT_SIGNERS_TURN).
      'signer, sequential, not yet its turn: nothing but trash',
      'AT_SIGNING',
      'SEQUENTIAL',
      SECOND,
      party('signer'),
      ['WAITING', 'WAITING'],
      ['trash'],
    ],
    [
      'signer, sequential, first',
      'AT_SIGNING',
      'SEQUENTIAL',
      FIRST,
      party('signer'),
      ['WAITING', 'WAITING'],
      ['sign', 'reject', 'trash'],
    ],
    [
      'signer, rejected document',
      'REJECTED',
      'PARALLEL',
      FIRST,
      party('signer'),
      ['REJECTED', 'WAITING'],
      ['trash'],
    ],
    ['signer, revoked document', 'REVOKED', 'PARALLEL', FIRST, party('signer'), ['WAITING'], ['trash']],
    [
      'signer, signed document',
      'SIGNED',
      'PARALLEL',
      FIRST,
      party('signer', { signedAt: at }),
      ['SIGNED'],
      ['trash'],
    ],
    [
      'signer, trashed',
      'AT_SIGNING',
      'PARALLEL',
      FIRST,
      party('signer', { trashedAt: at }),
      ['WAITING'],
      ['restore'],
    ],
  ] as const)('%s', (_name, status, method, bin, participation, states, expected) => {
    expect(allowedActions(core(status, method), bin, participation, signers(...states))).toEqual(expected);
  });
});
