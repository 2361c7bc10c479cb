import { LANGS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { attachCompanyTexts } from '../attach-company/texts';
import { authFormTexts, EXAMPLE_PHONE } from './texts';

// A phone number broken over two lines reads as two numbers: the hints' example keeps to one line.
describe('the example phone of the hints', () => {
  it('is written with no-break spaces', () => {
    expect(EXAMPLE_PHONE.replaceAll('\u00a0', ' ')).toBe('+7 701 234 56 78');
    expect(EXAMPLE_PHONE).not.toMatch(/ /);
  });

  it.each(LANGS)('appears whole, with no ordinary space, in the login and attach hints in %s', (lang) => {
    for (const hint of [authFormTexts[lang].loginHint, attachCompanyTexts[lang].phoneHint]) {
      expect(hint).toContain(EXAMPLE_PHONE);
      expect(hint).not.toContain('+7 701');
    }
  });
});
