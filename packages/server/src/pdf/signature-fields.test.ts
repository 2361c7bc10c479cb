import type { SignatureReport } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { signatureFieldLines } from './signature-fields.js';

// The printed capacity of a signer (the signature sheet and the verification report PDF share these lines).

const report: SignatureReport = {
  indication: 'TOTAL_PASSED',
  subIndication: null,
  signer: {
    iin: '880101300123',
    bin: '990340000123',
    fullName: 'ТЕСТОВ ТЕСТ',
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
    patronymic: null,
    organisation: 'ТОО «QOLTANBA TEST»',
    email: null,
    role: 'employee',
    roles: ['employee', 'legal_entity'],
  },
  certificate: null,
  signingTime: null,
  signatureType: 'ECDSA',
  packaging: 'detached',
  revocation: { status: 'good', source: 'ocsp', revokedAt: null, checkedAt: null },
};
const circumstances = { fallbackName: '—', fileName: 'order.pdf', ip: null, fallbackTime: null };
const texts = (r: SignatureReport, lang: 'kk' | 'ru' | 'en') =>
  signatureFieldLines(r, circumstances, lang).map((line) => line.text);

describe('the capacity printed for a signature', () => {
  it('says the capacity and flags a company certificate whose role may not sign for it, in each language', () => {
    expect(texts(report, 'en')).toEqual(
      expect.arrayContaining([
        'Signed as: Employee, on behalf of the company',
        expect.stringMatching(/^The certificate's role gives no right to sign for the company/),
      ]),
    );
    expect(texts(report, 'ru')).toContain('Подписано в качестве: Сотрудник, от имени организации');
    expect(
      texts(report, 'kk').some((t) => t.startsWith('Сертификат рөлі ұйым атынан қол қоюға құқық бермейді')),
    ).toBe(true);
  });

  it('prints no flag for the first head nor for an individual', () => {
    const head = {
      ...report,
      capacity: { role: 'first_head' as const, forCompany: true, maySignForCompany: true },
    };
    expect(texts(head, 'en')).toContain('Signed as: First head, on behalf of the company');
    const individual = {
      ...report,
      signer: { ...report.signer, bin: null, organisation: null, role: 'individual' as const, roles: [] },
    };
    const lines = texts(individual, 'en');
    expect(lines).toContain('Signed as: Individual, on their own behalf');
    for (const r of [head, individual]) {
      expect(texts(r, 'en').some((t) => t.includes('no right to sign'))).toBe(false);
    }
  });
});
