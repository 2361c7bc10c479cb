import { describe, expect, it } from 'vitest';
import {
  automaticReminderDue,
  documentExpired,
  formatCountdown,
  REMINDER_COOLDOWN_SECONDS_DEFAULT,
  reminderCheck,
} from './reminder-rules';

const at = (iso: string) => new Date(`2026-01-01T${iso}Z`);

describe('reminder rules', () => {
  it('allows the first reminder and refuses another inside the cooldown with the seconds left', () => {
    expect(reminderCheck(null, at('00:00:00'), REMINDER_COOLDOWN_SECONDS_DEFAULT)).toEqual({ ok: true });
    expect(reminderCheck(at('00:00:00'), at('23:00:00'), REMINDER_COOLDOWN_SECONDS_DEFAULT)).toEqual({
      ok: false,
      code: 'REMINDER_TOO_EARLY',
      secondsLeft: 3600,
    });
    expect(reminderCheck(at('00:00:00'), at('00:00:00.500'), 1)).toEqual({
      ok: false,
      code: 'REMINDER_TOO_EARLY',
      secondsLeft: 1,
    });
    expect(reminderCheck(at('00:00:00'), new Date('2026-01-02T00:00:00Z'), 86_400)).toEqual({ ok: true });
  });

  it('formats the time left as hours, minutes and seconds', () => {
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(3_725)).toBe('01:02:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(200_000)).toBe('55:33:20');
  });

  it('automatic reminders every N days from the send, then from the last one', () => {
    const sent = at('00:00:00');
    expect(automaticReminderDue(null, sent, null, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(automaticReminderDue(2, sent, null, new Date('2026-01-02T23:59:59Z'))).toBe(false);
    expect(automaticReminderDue(2, sent, null, new Date('2026-01-03T00:00:00Z'))).toBe(true);
    const last = new Date('2026-01-03T00:00:00Z');
    expect(automaticReminderDue(2, sent, last, new Date('2026-01-04T00:00:00Z'))).toBe(false);
  });

  it('a document expires at its expiry date, never without one', () => {
    expect(documentExpired(null, at('12:00:00'))).toBe(false);
    expect(documentExpired(at('12:00:00'), at('11:59:59'))).toBe(false);
    expect(documentExpired(at('12:00:00'), at('12:00:00'))).toBe(true);
  });
});
