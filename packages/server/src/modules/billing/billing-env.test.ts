import { DEFAULT_PLAN_PRICES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { billingConfigFromEnv } from './billing-env.js';

const SELLER = {
  QOLTANBA_SELLER_NAME: 'ТОО «Qoltanba Services»',
  QOLTANBA_SELLER_BIN: '180240021505',
  QOLTANBA_SELLER_IIK: 'KZ86125KZT5004100100',
  QOLTANBA_SELLER_BIK: 'HSBKKZKX',
};

describe('billingConfigFromEnv', () => {
  it('defaults: the default prices, the VAT line "none", tariffs enforced except under NODE_ENV=test', () => {
    const { billing, warnings } = billingConfigFromEnv({}, 'development');
    expect(billing).toMatchObject({
      enforceTariffs: true,
      prices: DEFAULT_PLAN_PRICES,
      filialId: 1,
      endingNoticeDays: 3,
      seller: { vatRate: null },
    });
    expect(warnings).toEqual([]);
    expect(billingConfigFromEnv({}, 'test').billing.enforceTariffs).toBe(false);
    expect(billingConfigFromEnv({ QOLTANBA_TARIFF_ENFORCEMENT: 'on' }, 'test').billing.enforceTariffs).toBe(
      true,
    );
  });

  it('prices in tenge and the seller with its VAT rate from the environment', () => {
    const { billing } = billingConfigFromEnv(
      {
        ...SELLER,
        QOLTANBA_PRICE_MONTHLY_KZT: '21500',
        QOLTANBA_PRICE_YEARLY_KZT: ' 200000 ',
        QOLTANBA_SELLER_VAT: '12',
      },
      'production',
    );
    expect(billing.prices).toEqual({ monthly: 21_500, yearly: 200_000 });
    expect(billing.seller).toMatchObject({
      name: SELLER.QOLTANBA_SELLER_NAME,
      bin: SELLER.QOLTANBA_SELLER_BIN,
      iik: SELLER.QOLTANBA_SELLER_IIK,
      bik: SELLER.QOLTANBA_SELLER_BIK,
      vatRate: 12,
    });
  });

  it.each([
    [{ QOLTANBA_PRICE_MONTHLY_KZT: '0' }, 'QOLTANBA_PRICE_MONTHLY_KZT'],
    [{ QOLTANBA_PRICE_YEARLY_KZT: '49999.5' }, 'QOLTANBA_PRICE_YEARLY_KZT'],
    [{ QOLTANBA_SELLER_IIK: 'KZ123' }, 'QOLTANBA_SELLER_IIK'],
    [{ QOLTANBA_SELLER_VAT: '12 %' }, 'QOLTANBA_SELLER_VAT'],
    [{ QOLTANBA_SELLER_KNP: '85' }, 'QOLTANBA_SELLER_KNP'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => billingConfigFromEnv(env, 'development')).toThrow(name);
  });

  it('production: sending cannot be made free, and the demo seller is warned about', () => {
    expect(() =>
      billingConfigFromEnv({ ...SELLER, QOLTANBA_TARIFF_ENFORCEMENT: 'false' }, 'production'),
    ).toThrow('QOLTANBA_TARIFF_ENFORCEMENT=false is not allowed with NODE_ENV=production');
    expect(billingConfigFromEnv({}, 'production').warnings).toEqual([
      'QOLTANBA_SELLER_BIN is not set: invoices show the demo seller and cannot be paid.',
    ]);
  });
});
