import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX } from '../limits';
import {
  partnerSupportIdentityRequestSchema,
  supportEventSchema,
  supportInboxQuerySchema,
  supportMessageRequestSchema,
} from './support';

const issueOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('support chat schemas', () => {
  it('takes a multi-line message and trims it', () => {
    expect(supportMessageRequestSchema.parse({ text: '  Сәлем!\nHelp  ' }).text).toBe('Сәлем!\nHelp');
  });

  it('refuses an empty, an over-long and a control-character message with their codes', () => {
    expect(issueOf(supportMessageRequestSchema.safeParse({ text: '   ' }))).toBe('SUPPORT_MESSAGE_EMPTY');
    expect(
      issueOf(supportMessageRequestSchema.safeParse({ text: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) })),
    ).toBe('SUPPORT_MESSAGE_TOO_LONG');
    expect(issueOf(supportMessageRequestSchema.safeParse({ text: 'a\u0007b' }))).toBe('CONTROL_CHARACTERS');
  });

  it('keeps a partner user id on one line and within bounds', () => {
    expect(partnerSupportIdentityRequestSchema.safeParse({ userId: 'u-1' }).success).toBe(true);
    expect(partnerSupportIdentityRequestSchema.safeParse({ userId: 'a\nb' }).success).toBe(false);
    expect(partnerSupportIdentityRequestSchema.safeParse({ userId: 'u', ttlSeconds: 10 }).success).toBe(
      false,
    );
  });

  it('reads the inbox query with its defaults', () => {
    expect(supportInboxQuerySchema.parse({})).toEqual({ status: 'open', limit: 50 });
    expect(supportInboxQuerySchema.safeParse({ status: 'spam' }).success).toBe(false);
  });

  it('tells the two kinds of event apart', () => {
    const status = supportEventSchema.parse({
      type: 'conversation',
      seq: 3,
      conversationId: 1,
      status: 'closed',
    });
    expect(status.type).toBe('conversation');
    expect(supportEventSchema.safeParse({ type: 'message', seq: 4 }).success).toBe(false);
  });
});
