import { DEFAULT_PLAN_PRICES, type PaidPlanId } from '@qoltanba/core';
import { z } from 'zod';

/** The seller's requisites an invoice prints (a Kazakh "Счёт на оплату"). */
export interface SellerRequisites {
  name: string;
  bin: string;
  address: string;
  /** ИИК: the seller's account, an IBAN (KZ + 18 characters). */
  iik: string;
  bank: string;
  /** БИК: the bank's SWIFT-style code. */
  bik: string;
  /** КБе: the beneficiary code (residency and sector), two digits. */
  kbe: string;
  /** КНП: the payment purpose code, three digits. */
  knp: string;
  /** VAT rate in percent, or null when the seller is not a VAT payer ("Без НДС"). */
  vatRate: number | null;
}

/** The billing module's settings. */
export interface BillingConfig {
  /**
   * Whether sending counts against the sender company's tariff and is refused without one
   * (QOLTANBA_TARIFF_ENFORCEMENT): on in production and development, off by default in tests, refused off in
   * production.
   */
  enforceTariffs: boolean;
  /** Prices of the paid plans in whole tenge (QOLTANBA_PRICE_MONTHLY_KZT, QOLTANBA_PRICE_YEARLY_KZT). */
  prices: Record<PaidPlanId, number>;
  /** The filial (branch) id of the personal accounts (QOLTANBA_BILLING_FILIAL_ID, 1). */
  filialId: number;
  seller: SellerRequisites;
  /**
   * Seconds between rounds of the notices job (QOLTANBA_BILLING_NOTICES_SECONDS, 3600; 0 stops it): payments
   * registered by the admin command, tariffs ending soon or ended. Payments registered through the API are told
   * at once.
   */
  noticesIntervalSeconds: number;
  /** Days before a paid tariff's end that its company is told (QOLTANBA_TARIFF_ENDING_DAYS, 3). */
  endingNoticeDays: number;
}

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const text = (fallback: string) => z.preprocess(emptyToUndefined, z.string().trim().min(1).default(fallback));
const price = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000_000).default(fallback));
const flag = z.preprocess((value) => {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === undefined || v === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(v as string)) return true;
  if (['0', 'false', 'no', 'off'].includes(v as string)) return false;
  return value;
}, z.boolean({ error: 'expected true/false' }).optional());

/** Local defaults: a made-up seller that is obviously not real, so a development invoice cannot be paid by mistake. */
const LOCAL_SELLER = {
  name: 'ТОО «Qoltanba (демо)»',
  bin: '000000000000',
  address: 'г. Алматы, ул. Демонстрационная, 1',
  iik: 'KZ000000000000000000',
  bank: 'АО «Демо Банк»',
  bik: 'DEMOKZKA',
  kbe: '17',
  knp: '859',
};

/** The billing module's environment variables. */
export const billingEnv = {
  QOLTANBA_TARIFF_ENFORCEMENT: flag,
  QOLTANBA_PRICE_MONTHLY_KZT: price(DEFAULT_PLAN_PRICES.monthly),
  QOLTANBA_PRICE_YEARLY_KZT: price(DEFAULT_PLAN_PRICES.yearly),
  QOLTANBA_BILLING_FILIAL_ID: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
  QOLTANBA_BILLING_NOTICES_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(3600),
  ),
  QOLTANBA_TARIFF_ENDING_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(60).default(3),
  ),
  QOLTANBA_SELLER_NAME: text(LOCAL_SELLER.name),
  QOLTANBA_SELLER_BIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{12}$/, 'must be 12 digits')
      .default(LOCAL_SELLER.bin),
  ),
  QOLTANBA_SELLER_ADDRESS: text(LOCAL_SELLER.address),
  QOLTANBA_SELLER_IIK: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^KZ[0-9A-Z]{18}$/, 'must be a Kazakh IBAN: KZ and 18 letters or digits')
      .default(LOCAL_SELLER.iik),
  ),
  QOLTANBA_SELLER_BANK: text(LOCAL_SELLER.bank),
  QOLTANBA_SELLER_BIK: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 letters and digits')
      .default(LOCAL_SELLER.bik),
  ),
  QOLTANBA_SELLER_KBE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{2}$/, 'must be two digits')
      .default(LOCAL_SELLER.kbe),
  ),
  QOLTANBA_SELLER_KNP: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{3}$/, 'must be three digits')
      .default(LOCAL_SELLER.knp),
  ),
  QOLTANBA_SELLER_VAT: z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal('none'), z.coerce.number().int().min(1).max(99)], {
        error: 'must be none or a whole percent (e.g. 12)',
      })
      .default('none'),
  ),
};

/**
 * The billing settings from the environment for a runtime mode, and warnings for the start log. Throws an Error
 * naming the variable when a value is invalid, and when tariffs are switched off in production.
 */
export function billingConfigFromEnv(
  env: Record<string, string | undefined>,
  mode: 'production' | 'development' | 'test',
): { billing: BillingConfig; warnings: string[] } {
  const parsed = z.object(billingEnv).safeParse(env);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  }
  const e = parsed.data;
  if (mode === 'production' && e.QOLTANBA_TARIFF_ENFORCEMENT === false) {
    throw new Error(
      'QOLTANBA_TARIFF_ENFORCEMENT=false is not allowed with NODE_ENV=production: sending would be free.',
    );
  }
  const warnings =
    mode === 'production' && e.QOLTANBA_SELLER_BIN === LOCAL_SELLER.bin
      ? ['QOLTANBA_SELLER_BIN is not set: invoices show the demo seller and cannot be paid.']
      : [];
  return {
    billing: {
      enforceTariffs: e.QOLTANBA_TARIFF_ENFORCEMENT ?? mode !== 'test',
      prices: { monthly: e.QOLTANBA_PRICE_MONTHLY_KZT, yearly: e.QOLTANBA_PRICE_YEARLY_KZT },
      filialId: e.QOLTANBA_BILLING_FILIAL_ID,
      noticesIntervalSeconds: e.QOLTANBA_BILLING_NOTICES_SECONDS,
      endingNoticeDays: e.QOLTANBA_TARIFF_ENDING_DAYS,
      seller: {
        name: e.QOLTANBA_SELLER_NAME,
        bin: e.QOLTANBA_SELLER_BIN,
        address: e.QOLTANBA_SELLER_ADDRESS,
        iik: e.QOLTANBA_SELLER_IIK,
        bank: e.QOLTANBA_SELLER_BANK,
        bik: e.QOLTANBA_SELLER_BIK,
        kbe: e.QOLTANBA_SELLER_KBE,
        knp: e.QOLTANBA_SELLER_KNP,
        vatRate: e.QOLTANBA_SELLER_VAT === 'none' ? null : e.QOLTANBA_SELLER_VAT,
      },
    },
    warnings,
  };
}
