import { describe, expect, it } from 'vitest';
import {
  ETSI_INDICATIONS,
  ETSI_SUB_INDICATIONS,
  SIGNATURE_PACKAGINGS,
  SIGNATURE_TYPES,
  SIGNER_ROLES,
} from '../schemas/verification';
import { LANGS } from './lang';
import {
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  type LangTexts,
  OVERALL_VERDICT_TEXTS,
  SIGNATURE_PACKAGING_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  SIGNER_ROLE_TEXTS,
} from './verification-texts';

const catalogues: ReadonlyArray<[string, readonly string[], Readonly<Record<string, LangTexts>>]> = [
  ['indications', ETSI_INDICATIONS, ETSI_INDICATION_TEXTS],
  ['overall verdicts', ETSI_INDICATIONS, OVERALL_VERDICT_TEXTS],
  ['sub-indications', ETSI_SUB_INDICATIONS, ETSI_SUB_INDICATION_TEXTS],
  ['signer roles', SIGNER_ROLES, SIGNER_ROLE_TEXTS],
  ['signature types', SIGNATURE_TYPES, SIGNATURE_TYPE_TEXTS],
  ['packagings', SIGNATURE_PACKAGINGS, SIGNATURE_PACKAGING_TEXTS],
];

describe('verification texts', () => {
  it.each(catalogues)(
    '%s: every value and nothing else, a non-empty text in each language',
    (_n, values, texts) => {
      expect(Object.keys(texts).sort()).toEqual([...values].sort());
      for (const value of values) {
        for (const lang of LANGS) expect(texts[value]?.[lang].trim(), `${value} ${lang}`).not.toBe('');
      }
    },
  );

  it('kk and ru say it in their own words where the meaning is text (not a standard name)', () => {
    for (const texts of [
      ETSI_INDICATION_TEXTS,
      OVERALL_VERDICT_TEXTS,
      ETSI_SUB_INDICATION_TEXTS,
      SIGNER_ROLE_TEXTS,
    ]) {
      for (const text of Object.values(texts)) {
        expect(text.kk).not.toBe(text.en);
        expect(text.ru).not.toBe(text.en);
      }
    }
  });
});
