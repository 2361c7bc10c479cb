import { describe, expect, it } from 'vitest';
import {
  activeTariffSchema,
  parseTariffDate,
  TARIFF_LOADING,
  tariffStateFromError,
  tariffStateFromResponse,
} from './tariff-state';

const NOW = new Date('2026-11-22T12:00:00Z'); // 17:00 in Almaty

describe('parseTariffDate', () => {
  it('reads dd.MM.yyyy HH:mm:ss as Almaty time (UTC+5)', () => {
    expect(parseTariffDate('01.01.2027 00:00:00')?.toISOString()).toBe('2026-12-31T19:00:00.000Z');
    expect(parseTariffDate('22.11.2026 17:00:01')?.toISOString()).toBe('2026-11-22T12:00:01.000Z');
    expect(parseTariffDate(' 29.02.2028 23:59:59 ')?.toISOString()).toBe('2028-02-29T18:59:59.000Z');
  });

  it.each([
    '2026-12-31T00:00:00Z',
    '31.12.2026',
    '1.1.2027 00:00:00',
    '31.02.2027 00:00:00',
    '29.02.2027 00:00:00',
    '01.13.2027 00:00:00',
    '01.01.2027 24:00:00',
    '01.01.2027 12:60:00',
    '',
  ])('refuses %j', (value) => {
    expect(parseTariffDate(value)).toBeUndefined();
  });
});

describe('tariffStateFromResponse', () => {
  it('by_count, active while documents remain', () => {
    const res = { tariff: { maxNumOfDocs: 3 }, docCount: 2 };
    expect(tariffStateFromResponse(res, NOW)).toEqual({ active: true, type: 'by_count' });
  });

  it('by_count, inactive when all documents are used (or more)', () => {
    expect(tariffStateFromResponse({ tariff: { maxNumOfDocs: 3 }, docCount: 3 }, NOW)).toEqual({
      active: false,
      type: 'by_count',
    });
    expect(tariffStateFromResponse({ tariff: { maxNumOfDocs: 3 }, docCount: 5 }, NOW).active).toBe(false);
  });

  it('by_count ignores end dates', () => {
    const res = { tariff: { maxNumOfDocs: 10, endDate: '01.01.2020 00:00:00' }, endDate: null, docCount: 1 };
    expect(tariffStateFromResponse(res, NOW)).toEqual({ active: true, type: 'by_count' });
  });

  it('by_date, active while the end date is in the future', () => {
    const res = { tariff: { maxNumOfDocs: 0 }, endDate: '22.11.2026 17:00:01', docCount: 40 };
    expect(tariffStateFromResponse(res, NOW)).toEqual({ active: true, type: 'by_date' });
  });

  it('by_date, inactive once the end date has passed (Almaty time)', () => {
    // 17:00:00 in Almaty is exactly NOW: not in the future any more.
    const res = { tariff: { maxNumOfDocs: 0 }, endDate: '22.11.2026 17:00:00', docCount: 0 };
    expect(tariffStateFromResponse(res, NOW)).toEqual({ active: false, type: 'by_date' });
  });

  it('by_date, inactive without an end date or with an unreadable one', () => {
    expect(tariffStateFromResponse({ tariff: { maxNumOfDocs: 0 }, docCount: 0 }, NOW)).toEqual({
      active: false,
      type: 'by_date',
    });
    const unreadable = { tariff: { maxNumOfDocs: 0 }, endDate: 'tomorrow', docCount: 0 };
    expect(tariffStateFromResponse(unreadable, NOW)).toEqual({ active: false, type: 'by_date' });
  });

  it('by_date uses the top-level endDate first', () => {
    const res = {
      tariff: { maxNumOfDocs: 0, endDate: '01.01.2030 00:00:00' },
      endDate: '01.01.2020 00:00:00',
      docCount: 0,
    };
    expect(tariffStateFromResponse(res, NOW).active).toBe(false);
  });

  it('by_date falls back to tariff.endDate when the top-level one is absent', () => {
    const res = { tariff: { maxNumOfDocs: 0, endDate: '01.01.2030 00:00:00' }, endDate: null, docCount: 0 };
    expect(tariffStateFromResponse(res, NOW)).toEqual({ active: true, type: 'by_date' });
  });
});

describe('tariffStateFromError', () => {
  it("by_count when the free tariff is used up: 'Free tariff already used'", () => {
    expect(tariffStateFromError('Free tariff already used')).toEqual({ active: false, type: 'by_count' });
  });

  it('by_date for any other error', () => {
    expect(tariffStateFromError('Internal Server Error')).toEqual({ active: false, type: 'by_date' });
    expect(tariffStateFromError(undefined)).toEqual({ active: false, type: 'by_date' });
  });
});

describe('TARIFF_LOADING and activeTariffSchema', () => {
  it('starts inactive and loading', () => {
    expect(TARIFF_LOADING).toEqual({ active: false, type: 'loading' });
    expect(Object.isFrozen(TARIFF_LOADING)).toBe(true);
  });

  it('parses a response and refuses a malformed one', () => {
    const body = { tariff: { maxNumOfDocs: 0, endDate: null }, endDate: '01.01.2027 00:00:00', docCount: 2 };
    expect(activeTariffSchema.parse(body)).toEqual(body);
    expect(activeTariffSchema.safeParse({ tariff: {}, docCount: 1 }).success).toBe(false);
    expect(activeTariffSchema.safeParse({ tariff: { maxNumOfDocs: -1 }, docCount: 1 }).success).toBe(false);
  });
});
