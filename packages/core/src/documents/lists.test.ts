import { describe, expect, it } from 'vitest';
import {
  BOX_FILTERS,
  DOCUMENT_FILTERS,
  documentBox,
  folderOpeningBox,
  type ListedPart,
  matchesFilter,
} from './lists';

const part = (changes: Partial<ListedPart>): ListedPart => ({
  status: 'AT_SIGNING',
  role: 'sender',
  trashed: false,
  signed: false,
  ...changes,
});

describe('documentBox', () => {
  it.each([
    ['sender, draft', part({ status: 'DRAFT' }), 'draft'],
    ['sender, at signing', part({}), 'outgoing'],
    ['sender, signed', part({ status: 'SIGNED' }), 'outgoing'],
    ['sender, rejected', part({ status: 'REJECTED' }), 'outgoing'],
    ['signer, at signing', part({ role: 'signer' }), 'incoming'],
    ['signer, revoked', part({ role: 'signer', status: 'REVOKED' }), 'incoming'],
    ['sender, trashed draft', part({ status: 'DRAFT', trashed: true }), 'trash'],
    ['signer, trashed', part({ role: 'signer', trashed: true }), 'trash'],
  ] as const)('%s: %s', (_case, given, box) => {
    expect(documentBox(given)).toBe(box);
  });
});

describe('matchesFilter', () => {
  // Each row: the filters a part passes, in DOCUMENT_FILTERS order.
  it.each([
    ['sender, draft', part({ status: 'DRAFT' }), ['all', 'draft']],
    ['sender, at signing, not signed', part({}), ['all', 'inProcess', 'signedByMeOrInProcess']],
    [
      'sender, at signing, signed by it (sign and send)',
      part({ signed: true }),
      ['all', 'signedByMe', 'inProcess', 'signedByMeOrInProcess'],
    ],
    ['sender, signed by all', part({ status: 'SIGNED' }), ['all', 'signedByAll']],
    [
      'signer, at signing, to sign',
      part({ role: 'signer' }),
      ['all', 'needToSign', 'inProcess', 'signedByMeOrInProcess'],
    ],
    [
      'signer, at signing, signed',
      part({ role: 'signer', signed: true }),
      ['all', 'signedByMe', 'inProcess', 'signedByMeOrInProcess'],
    ],
    [
      'signer, signed by all',
      part({ role: 'signer', status: 'SIGNED', signed: true }),
      ['all', 'signedByMe', 'signedByAll', 'signedByMeOrInProcess'],
    ],
    ['signer, rejected', part({ role: 'signer', status: 'REJECTED' }), ['all', 'canceled']],
    ['sender, revoked', part({ status: 'REVOKED' }), ['all', 'canceled']],
  ] as const)('%s: %j', (_case, given, filters) => {
    expect(DOCUMENT_FILTERS.filter((filter) => matchesFilter(given, filter))).toEqual(filters);
  });

  it('every box offers "all" first', () => {
    for (const filters of Object.values(BOX_FILTERS)) expect(filters[0]).toBe('all');
  });
});

describe('folderOpeningBox', () => {
  it.each([
    [[], 'incoming'],
    [['trash'], 'trash'],
    [['draft', 'outgoing'], 'outgoing'],
    [['trash', 'incoming'], 'incoming'],
  ] as const)('documents in %j: opens on %s', (boxes, expected) => {
    expect(folderOpeningBox(boxes)).toBe(expected);
  });
});
