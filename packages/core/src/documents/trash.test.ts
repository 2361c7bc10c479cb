import { describe, expect, it } from 'vitest';
import { trashInfo } from './trash';

describe('trashInfo', () => {
  const trashedAt = new Date('2026-03-01T10:00:00.000Z');

  it('is null for a document not in the trash', () => {
    expect(trashInfo(null, trashedAt, 30)).toBeNull();
  });

  it.each([
    ['right after trashing', '2026-03-01T10:00:00.000Z', 30],
    ['a moment later', '2026-03-01T10:00:01.000Z', 29],
    ['on the last day', '2026-03-30T10:00:01.000Z', 0],
    ['past the deletion time', '2026-04-05T00:00:00.000Z', 0],
  ])('%s: %i days left', (_case, now, daysLeft) => {
    expect(trashInfo(trashedAt, new Date(now), 30)).toEqual({
      trashedAt: '2026-03-01T10:00:00.000Z',
      deleteAt: '2026-03-31T10:00:00.000Z',
      daysLeft,
    });
  });
});
