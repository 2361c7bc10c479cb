import { describe, expect, it } from 'vitest';
import { paidRunEnd, paymentNoticeDetail, tariffNotice, tariffNoticeDate } from './tariff-notices';

const at = (iso: string) => new Date(iso);
const period = (startsAt: string, endsAt: string) => ({ startsAt: at(startsAt), endsAt: at(endsAt) });
const NOV = period('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z');
const DEC = period('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z');

describe('tariff notices', () => {
  it('nothing without a paid period (the free plan is told by the send that spends it)', () => {
    expect(tariffNotice([], at('2026-11-20T00:00:00Z'))).toBeUndefined();
    expect(paidRunEnd([], at('2026-11-20T00:00:00Z'))).toBeUndefined();
  });

  it('ending: within the notice days before the end, with the whole days left rounded up', () => {
    expect(tariffNotice([NOV], at('2026-11-27T23:59:59Z'))).toBeUndefined();
    expect(tariffNotice([NOV], at('2026-11-28T00:00:00Z'))).toEqual({
      kind: 'ending',
      end: NOV.endsAt,
      daysLeft: 3,
    });
    expect(tariffNotice([NOV], at('2026-11-30T12:00:00Z'))).toMatchObject({ kind: 'ending', daysLeft: 1 });
    expect(tariffNotice([NOV], at('2026-11-24T00:00:00Z'), 7)).toMatchObject({ kind: 'ending', daysLeft: 7 });
  });

  it('a plan bought ahead extends the run: no ending notice until the run itself ends soon', () => {
    expect(paidRunEnd([DEC, NOV], at('2026-11-29T00:00:00Z'))).toEqual(DEC.endsAt);
    expect(tariffNotice([NOV, DEC], at('2026-11-29T00:00:00Z'))).toBeUndefined();
    expect(tariffNotice([NOV, DEC], at('2026-12-30T00:00:00Z'))).toMatchObject({
      kind: 'ending',
      end: DEC.endsAt,
    });
  });

  it('ended: once no period covers now, for a week after the end; a period bought ahead after a gap is not an end', () => {
    expect(tariffNotice([NOV], at('2026-12-01T00:00:00Z'))).toEqual({ kind: 'ended', end: NOV.endsAt });
    expect(tariffNotice([NOV], at('2026-12-07T23:59:59Z'))).toMatchObject({ kind: 'ended' });
    expect(tariffNotice([NOV], at('2026-12-08T00:00:00Z'))).toBeUndefined();
    const later = period('2026-12-05T00:00:00Z', '2027-01-05T00:00:00Z');
    expect(tariffNotice([NOV, later], at('2026-12-02T00:00:00Z'))).toBeUndefined();
  });

  it('the details read the same in every language', () => {
    // Midnight in Almaty is 19:00 UTC the day before.
    expect(tariffNoticeDate(at('2026-11-30T19:00:00Z'))).toBe('01.12.2026');
    expect(paymentNoticeDetail('12', 21500)).toBe('№\u00a012, 21\u00a0500\u00a0₸');
    expect(paymentNoticeDetail(null, 1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0₸');
    expect(paymentNoticeDetail('7', 1000)).toBe('№\u00a07, 1\u00a0000\u00a0₸');
  });
});
