import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumericDateTime,
  formatTime,
  kzCalendarDay,
  kzTimeParts,
  kzZoneLabel,
} from './date-time';

const AT = '2026-11-28T09:05:07Z';

describe('dates and times as in Kazakhstan', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes Kazakh dates from its own month names', () => {
    expect(formatDate(AT, 'kk')).toBe('28 қараша 2026 ж.');
    expect(formatDate('2026-01-05T00:00:00Z', 'kk')).toBe('5 қаңтар 2026 ж.');
    expect(formatDateTime(AT, 'kk')).toBe('28 қараша 2026 ж., 14:05 (UTC+5)');
  });

  it('never lets an ICU without Kazakh months write "M11"', () => {
    // Chromium's ICU answers the kk locale with its root pattern; our text must not depend on it.
    const original = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
      ((locale: string, options?: Intl.DateTimeFormatOptions) =>
        new original(
          locale?.startsWith('kk') ? 'und' : locale,
          options,
        )) as unknown as typeof Intl.DateTimeFormat,
    );
    expect(formatDateTime(AT, 'kk')).toBe('28 қараша 2026 ж., 14:05 (UTC+5)');
    expect(formatDateTime(AT, 'kk')).not.toMatch(/M11/);
  });

  it('writes Russian and English through Intl, in Almaty time whatever the local zone', () => {
    expect(formatDate(AT, 'ru')).toMatch(/^28 нояб\.? 2026/);
    expect(formatDateTime(AT, 'ru')).toMatch(/, 14:05 \(UTC\+5\)$/);
    expect(formatDateTime(AT, 'en')).toBe('28 Nov 2026, 14:05 (UTC+5)');
    // 20:30 UTC is already the next day in Almaty
    expect(formatDate('2026-11-28T20:30:00Z', 'en')).toBe('29 Nov 2026');
    expect(formatDate('2026-11-28T20:30:00Z', 'kk')).toBe('29 қараша 2026 ж.');
  });

  it('says the zone of every time, and the older offset for times before March 2024', () => {
    expect(formatTime(AT, 'ru')).toBe('14:05 (UTC+5)');
    expect(formatTime(AT, 'en', { seconds: true })).toBe('14:05:07 (UTC+5)');
    expect(kzTimeParts('2023-06-01T00:00:00Z')?.offsetMinutes).toBe(360);
    expect(formatTime('2023-06-01T00:00:00Z', 'kk')).toBe('06:00 (UTC+6)');
    expect(kzZoneLabel(330)).toBe('UTC+5:30');
  });

  it('gives the calendar day and a language-neutral form for documents in two languages', () => {
    expect(kzCalendarDay('2026-11-28T19:00:00Z')).toBe('2026-11-29');
    expect(formatNumericDateTime('2026-11-20T09:30:00Z')).toBe('2026-11-20 14:30:00 (UTC+5)');
  });

  it('answers an invalid instant as given', () => {
    expect(formatDateTime('not a date', 'kk')).toBe('not a date');
    expect(kzCalendarDay('nope')).toBe('');
  });
});
