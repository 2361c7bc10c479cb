import { validateIdentityNumber } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import {
  createFixturePhoneRegistry,
  createFixtureStatisticsRegister,
  FIXTURE_PARTIES,
} from './fixture-registers.js';

describe('fixture registers', () => {
  it('hold only valid numbers whose kind matches the party (NCA TEST numbers in test mode)', () => {
    for (const { entry } of FIXTURE_PARTIES) {
      const result = validateIdentityNumber(entry.bin, { testMode: true });
      expect(result.ok, entry.bin).toBe(true);
      if (result.ok) expect(result.kind, entry.bin).toBe(entry.kind === 'legal' ? 'BIN' : 'IIN');
    }
  });

  it('look parties up by number and people up by phone', async () => {
    const register = createFixtureStatisticsRegister();
    expect((await register.lookup('123456789021'))?.nameRu).toBe('АО "ТЕСТ"');
    expect((await register.lookup('123456789011'))?.kind).toBe('individual');
    expect(await register.lookup('781105201234')).toBeUndefined();
    const phones = createFixturePhoneRegistry();
    expect(await phones.phoneForIin('850312300459')).toBe('+77011234567');
    expect(await phones.phoneForIin('990340005977')).toBeUndefined();
  });
});
