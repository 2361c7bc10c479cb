import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimestamptz, poolTypes, TIMESTAMPTZ_OID } from './timestamp-parser.js';

const pgParser = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;

/** What a parser answered, comparable: a Date's instant, or the value itself (Infinity, null). */
const instant = (value: unknown) => (value instanceof Date ? { time: value.getTime() } : { value });

const pad = (value: number, length: number) => String(value).padStart(length, '0');

describe('parseTimestamptz', () => {
  it("answers pg's own parser's instant for every ISO text PostgreSQL writes", () => {
    fc.assert(
      fc.property(
        fc.record({
          year: fc.integer({ min: 1000, max: 9999 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 31 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
          second: fc.integer({ min: 0, max: 59 }),
          fraction: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
          sign: fc.constantFrom('+', '-'),
          zoneHours: fc.integer({ min: 0, max: 15 }),
          zoneMinutes: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
          zoneSeconds: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
        }),
        (t) => {
          const zone =
            `${t.sign}${pad(t.zoneHours, 2)}` +
            (t.zoneMinutes === undefined
              ? ''
              : `:${pad(t.zoneMinutes, 2)}${t.zoneSeconds === undefined ? '' : `:${pad(t.zoneSeconds, 2)}`}`);
          const text =
            `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)} ` +
            `${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}` +
            `${t.fraction === undefined ? '' : `.${t.fraction}`}${zone}`;
          expect(instant(parseTimestamptz(text))).toEqual(instant(pgParser(text)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("leaves every other form to pg's parser", () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0099-03-04 05:06:07+00',
      '0001-01-01 00:00:00+00 BC',
      '2020-01-01 00:00:00+00 BC',
      '12020-01-01 00:00:00+00',
      '2020-01-01 00:00:00.+00',
      '2020-01-01 00:00:00Z',
      '2020-01-01T00:00:00+00',
      '2020-01-01 00:00:00+0530',
      '2020-01-01 00:00:00',
      '2020-01-01',
    ]) {
      expect(instant(parseTimestamptz(text)), text).toEqual(instant(pgParser(text)));
    }
  });

  it('reads a fraction and an offset with seconds', () => {
    expect((parseTimestamptz('2026-03-02 11:00:00.123456+05') as Date).toISOString()).toBe(
      '2026-03-02T06:00:00.123Z',
    );
    expect((parseTimestamptz('1890-01-01 00:19:32+00:19:32') as Date).toISOString()).toBe(
      '1890-01-01T00:00:00.000Z',
    );
    expect((parseTimestamptz('2026-03-02 01:00:00-03:30') as Date).toISOString()).toBe(
      '2026-03-02T04:30:00.000Z',
    );
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('timestamptz from PostgreSQL, in several time zones', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: url, types: poolTypes() });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it("parses what the server writes as pg's parser does", async () => {
    for (const zone of ['UTC', 'Asia/Almaty', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam']) {
      await client.query(`set timezone = '${zone}'`);
      const { rows } = await client.query<{ text: string; parsed: unknown }>(
        `select t::text as text, t as parsed from (values
           (timestamptz '2026-03-02 06:00:00.123456Z'), (timestamptz '1890-01-01 00:00:00Z'),
           (timestamptz '1999-12-31 23:59:59.999999Z'), (timestamptz 'infinity'), (timestamptz '0050-06-01 12:00:00Z'),
           (now())) v(t)`,
      );
      for (const row of rows) {
        expect(instant(row.parsed), `${zone}: ${row.text}`).toEqual(instant(pgParser(row.text)));
      }
    }
  });
});
