import { describe, expect, it } from 'vitest';
import { canTransition, DOCUMENT_ACTIONS, LIFECYCLE_STATUSES, transition, viewStatus } from './status';

describe('document state machine', () => {
  it.each([
    ['DRAFT', 'update', 'DRAFT'],
    ['REJECTED', 'update', 'DRAFT'],
    ['DRAFT', 'send', 'AT_SIGNING'],
    ['AT_SIGNING', 'sign', 'AT_SIGNING'],
    ['DRAFT', 'sign', 'AT_SIGNING'],
    ['AT_SIGNING', 'complete', 'SIGNED'],
    ['AT_SIGNING', 'reject', 'REJECTED'],
    ['AT_SIGNING', 'revoke', 'REVOKED'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(transition(from, action)).toEqual({ ok: true, to });
    expect(canTransition(from, action)).toBe(true);
  });

  it.each([
    ['SIGNED', 'update', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['AT_SIGNING', 'update', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['REVOKED', 'update', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['AT_SIGNING', 'send', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['REJECTED', 'send', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['REJECTED', 'sign', 'REJECTED_DOCUMENT_SIGNING_FORBIDDEN'],
    ['SIGNED', 'sign', 'DOCUMENT_ALREADY_SIGNED'],
    ['REVOKED', 'sign', 'DOCUMENT_CHANGE_FORBIDDEN'],
    ['DRAFT', 'reject', 'ONLY_IN_PROGRESS_CAN_BE_REJECTED'],
    ['SIGNED', 'reject', 'ONLY_IN_PROGRESS_CAN_BE_REJECTED'],
    ['SIGNED', 'revoke', 'DOCUMENT_REVOKE_FORBIDDEN'],
    ['SIGNED', 'complete', 'DOCUMENT_ALREADY_SIGNED'],
  ] as const)('%s refuses %s with %s', (from, action, code) => {
    expect(transition(from, action)).toEqual({ ok: false, code });
    expect(canTransition(from, action)).toBe(false);
  });

  it('allows exactly eight transitions: every other pair is refused with a catalogue code', () => {
    const allowed = LIFECYCLE_STATUSES.flatMap((status) =>
      DOCUMENT_ACTIONS.filter((action) => canTransition(status, action)).map(
        (action) => `${status}:${action}`,
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        'AT_SIGNING:complete',
        'AT_SIGNING:reject',
        'AT_SIGNING:revoke',
        'AT_SIGNING:sign',
        'DRAFT:send',
        'DRAFT:sign',
        'DRAFT:update',
        'REJECTED:update',
      ].sort(),
    );
  });

  it('no action leads out of SIGNED or REVOKED', () => {
    for (const action of DOCUMENT_ACTIONS) {
      expect(canTransition('SIGNED', action)).toBe(false);
      expect(canTransition('REVOKED', action)).toBe(false);
    }
  });

  it('shows TRASH to a company that trashed the document, the lifecycle status otherwise', () => {
    expect(viewStatus('AT_SIGNING', true)).toBe('TRASH');
    expect(viewStatus('AT_SIGNING', false)).toBe('AT_SIGNING');
  });
});
