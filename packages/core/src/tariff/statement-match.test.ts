import { describe, expect, it } from 'vitest';
import {
  type EarlierPayment,
  handPaymentDecision,
  matchStatementPayment,
  type StatementInvoice,
  statementReferences,
} from './statement-match';

const UIN = 'QT1234567890123456';
const invoice = (overrides: Partial<StatementInvoice> = {}): StatementInvoice => ({
  invoiceNumber: '12',
  uin: UIN,
  bin: '180240021505',
  dueTiyn: 500_000,
  ...overrides,
});

describe('statementReferences', () => {
  it.each([
    ['Оплата по счёту № 12, УИН QT1234567890123456', [UIN], ['12']],
    ['оплата по счету 12 за тариф', [], ['12']],
    ['Төлем шоты №7 бойынша, qt 1234567890123456', [UIN], ['7']],
    ['Payment for invoice 0031', [], ['31']],
    ['QT1234567890123456 QT1234567890123456', [UIN], []],
    ['Оплата за услуги, без НДС', [], []],
    // 17 digits are not a UIN, and the digits of a UIN are not an invoice number.
    ['QT12345678901234567', [], []],
  ])('%s', (purpose, uins, invoiceNumbers) => {
    expect(statementReferences(purpose)).toEqual({ uins, invoiceNumbers });
  });
});

describe('matchStatementPayment', () => {
  const pay = (purpose: string, amountTiyn = 500_000, payerBin: string | null = null) => ({
    purpose,
    amountTiyn,
    payerBin,
  });

  it('a UIN decides alone, whatever the amount (under- and overpayment are the registration’s to tell)', () => {
    for (const amount of [100, 500_000, 900_000]) {
      expect(matchStatementPayment(pay(`УИН ${UIN}`, amount), [invoice()])).toEqual({
        matched: true,
        invoice: invoice(),
        by: 'uin',
      });
    }
  });

  it('an invoice number needs the amount due or the buyer as payer', () => {
    expect(matchStatementPayment(pay('по счёту № 12'), [invoice()])).toMatchObject({
      matched: true,
      by: 'invoice_number',
    });
    expect(matchStatementPayment(pay('по счёту № 12', 1_000, '180240021505'), [invoice()])).toMatchObject({
      matched: true,
      by: 'invoice_number',
    });
    expect(matchStatementPayment(pay('по счёту № 12', 1_000, '990240021505'), [invoice()])).toEqual({
      matched: false,
      reason: 'AMOUNT_MISMATCH',
    });
  });

  it('several candidates: the one whose due amount is paid, else ambiguous', () => {
    const other = invoice({ invoiceNumber: '13', uin: 'QT0000000000000013', dueTiyn: 5_000_000 });
    const both = [invoice(), other];
    expect(matchStatementPayment(pay('счета № 12 и № 13', 5_000_000), both)).toMatchObject({
      matched: true,
      invoice: { invoiceNumber: '13' },
    });
    expect(matchStatementPayment(pay(`${UIN} QT0000000000000013`, 1_000), both)).toEqual({
      matched: false,
      reason: 'AMBIGUOUS',
    });
  });

  it('no reference, or references nobody issued', () => {
    expect(matchStatementPayment(pay('Оплата за услуги'), [invoice()])).toEqual({
      matched: false,
      reason: 'NO_REFERENCE',
    });
    expect(matchStatementPayment(pay('счёт № 99'), [])).toEqual({
      matched: false,
      reason: 'UNKNOWN_REFERENCE',
    });
    expect(matchStatementPayment(pay('QT9999999999999999'), [])).toEqual({
      matched: false,
      reason: 'UNKNOWN_REFERENCE',
    });
  });

  it('a UIN wins over an invoice number that names another invoice', () => {
    const other = invoice({ invoiceNumber: '13', uin: 'QT0000000000000013' });
    expect(matchStatementPayment(pay(`счёт № 13, ${UIN}`), [invoice(), other])).toMatchObject({
      matched: true,
      invoice: { invoiceNumber: '12' },
      by: 'uin',
    });
  });

  it('the same amount as a payment registered by hand on the order: listed, not counted twice', () => {
    const handPaid = invoice({ dueTiyn: 250_000, handPaymentsTiyn: [250_000] });
    expect(matchStatementPayment(pay(`УИН ${UIN}`, 250_000), [handPaid])).toEqual({
      matched: false,
      reason: 'REGISTERED_BY_HAND',
    });
    expect(matchStatementPayment(pay('по счёту № 12', 250_000), [handPaid])).toEqual({
      matched: false,
      reason: 'REGISTERED_BY_HAND',
    });
    // Another amount is other money: matched as usual.
    expect(matchStatementPayment(pay(`УИН ${UIN}`, 100_000), [handPaid])).toMatchObject({
      matched: true,
      by: 'uin',
    });
  });
});

describe('handPaymentDecision', () => {
  const earlier = (overrides: Partial<EarlierPayment> = {}): EarlierPayment => ({
    id: 7,
    source: 'statement',
    amountTiyn: 250_000,
    reference: '1c:KZ86125KZT5004100100:02.03.2026:71:KZ21601A861000269501',
    ...overrides,
  });

  it('no earlier payment, or none of the same amount from a statement: counted, nothing to confirm', () => {
    expect(handPaymentDecision(250_000, [], false)).toEqual({ allowed: true, confirmedDuplicateOf: null });
    expect(handPaymentDecision(250_000, [earlier({ amountTiyn: 250_001 })], false)).toEqual({
      allowed: true,
      confirmedDuplicateOf: null,
    });
    // Registered by hand or paid from the balance: another bank reference, so other money.
    for (const source of ['bank', 'balance'] as const) {
      expect(handPaymentDecision(250_000, [earlier({ source })], false)).toEqual({
        allowed: true,
        confirmedDuplicateOf: null,
      });
    }
    // Confirming what needs no confirmation records nothing.
    expect(handPaymentDecision(250_000, [], true)).toEqual({ allowed: true, confirmedDuplicateOf: null });
  });

  it('the same amount from a statement: refused naming the oldest such payment, unless confirmed', () => {
    const payments = [
      earlier({ id: 3, source: 'bank' }),
      earlier({ id: 5, amountTiyn: 100 }),
      earlier({ id: 7 }),
      earlier({ id: 9, reference: '1c:other' }),
    ];
    expect(handPaymentDecision(250_000, payments, false)).toEqual({
      allowed: false,
      reason: 'POSSIBLE_DUPLICATE',
      duplicateOf: earlier({ id: 7 }),
    });
    expect(handPaymentDecision(250_000, payments, true)).toEqual({
      allowed: true,
      confirmedDuplicateOf: earlier({ id: 7 }),
    });
  });
});
