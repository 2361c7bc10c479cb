import { z } from 'zod';
import { BILLING_PRODUCT } from '../api/paths';
import { PAID_PLAN_IDS, PLAN_IDS } from '../tariff/plans';
import { STATEMENT_UNMATCHED_REASONS } from '../tariff/statement-match';
import { TARIFF_TYPES } from '../tariff/tariff-state';
import { decimalInteger, pathIdSchema } from './decimal';
import { langSchema } from './fields';
import { singleLineTextSchema } from './text';

/** Tariff short info the interface shows (SPEC section 3). */
export const tariffShortInfoSchema = z.object({
  active: z.boolean(),
  type: z.enum(TARIFF_TYPES),
});

/**
 * Body of `POST documents-interceptor.bpmn/api/v1/document/payment-invoice/generate`. SPEC names the
 * fields but not their types; ids the billing system issues are strings, catalogue ids integers.
 */
export const paymentInvoiceRequestSchema = z.object({
  abonentId: singleLineTextSchema.trim().min(1).meta({ description: 'Personal account (abonent) id.' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .meta({ description: 'ISO 4217 code.', examples: ['KZT'] }),
  uin: singleLineTextSchema
    .trim()
    .min(1, { error: 'UIN_INVALID' })
    .meta({ description: 'Unique payment identifier.' }),
  lang: langSchema,
  filialId: z.number().int().nonnegative(),
  customerAccountCategoryId: z.number().int().nonnegative(),
  balance: z.number().nonnegative().meta({ description: 'Personal account balance, in currency units.' }),
});

/** See {@link tariffShortInfoSchema}. */
export type TariffShortInfo = z.infer<typeof tariffShortInfoSchema>;
/** See {@link paymentInvoiceRequestSchema}. */
export type PaymentInvoiceRequest = z.infer<typeof paymentInvoiceRequestSchema>;

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });
const companyBin = z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' });
/** Money in tenge with at most two decimals (tiyn); the server keeps whole tiyn. */
const tenge = z
  .number()
  .nonnegative()
  .multipleOf(0.01)
  .max(1e12)
  .meta({ description: 'Amount in tenge (two decimals at most).', examples: [21500] });
const trueFalse = z.enum(['true', 'false']);

/** Path of `createOrder`: the company and a plan it may buy. */
export const createOrderParamsSchema = z.object({ bin: companyBin, plan: z.enum(PAID_PLAN_IDS) });

/** Query of `createOrder`: `checkPaid=true` pays the order from the personal account when the balance covers it. */
export const createOrderQuerySchema = z.object({
  checkPaid: trueFalse
    .default('false')
    .transform((value) => value === 'true')
    .meta({ description: 'Pay from the personal account balance at once when it covers the price.' }),
});

/** Path of one order, invoice or payment result by its numeric id. */
export const billingIdParamsSchema = z.object({ id: pathIdSchema });

/** Order statuses: waiting for payment, or paid (the tariff period is set). */
export const ORDER_STATUSES = ['NEW', 'PAID'] as const;

/** An order of a plan (ours: SPEC does not show its shape). */
export const orderSchema = z.object({
  id: z.number().int().positive(),
  bin: z.string(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(ORDER_STATUSES),
  amount: tenge,
  currency: z.literal('KZT'),
  /** The payment reference (UIN) the invoice and the bank statement carry. */
  uin: z.string(),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  /** The paid period: from `startsAt` (when the previous one ends, if later than the payment) to `endsAt`. */
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  /** Paid so far (bank payments and the balance); the rest of an overpayment went to the balance. */
  paid: tenge,
});

/** Query of `generatePaymentInvoice`: `{product}Docs=true` and `{product}DocsTariff` 1 (monthly) or 2 (otherwise). */
export const paymentInvoiceQuerySchema = z.object({
  [`${BILLING_PRODUCT}Docs` as const]: z.literal('true'),
  [`${BILLING_PRODUCT}DocsTariff` as const]: z
    .enum(['1', '2'])
    .meta({ description: '1: monthly, 2: otherwise (yearly).' }),
});

/** An issued invoice (ours). */
export const paymentInvoiceSchema = z.object({
  id: z.number().int().positive(),
  number: z.string(),
  orderId: z.number().int().positive(),
  bin: z.string(),
  amount: tenge,
  currency: z.literal('KZT'),
  uin: z.string(),
  lang: langSchema,
  issuedAt: isoDate,
});

/** Answer of `getPaymentInvoicePath`: `path` goes into the public download's `?path=` query. */
export const paymentInvoicePathSchema = z.object({
  path: z.string(),
  /** The download address relative to the server, ready to open. */
  url: z.string(),
});

/** Query of the public invoice download. */
export const publicInvoiceQuerySchema = z.object({
  path: z.string().min(1).max(200),
  download: trueFalse.optional(),
});

/** Path of `getBalance`: the filial (branch) and the customer account, which is the company's BIN/IIN. */
export const balanceParamsSchema = z.object({ filialId: pathIdSchema, bin: companyBin });

/** The personal account of a company (ours). */
export const balanceSchema = z.object({
  filialId: z.number().int().positive(),
  customerAccountId: z.string(),
  currency: z.literal('KZT'),
  balance: tenge,
});

/** Where a payment came from. */
export const PAYMENT_SOURCES = ['bank', 'statement', 'balance'] as const;

/** One payment counted for an order. */
export const paymentSchema = z.object({
  id: z.number().int().positive(),
  source: z.enum(PAYMENT_SOURCES),
  amount: tenge,
  /** The bank's document reference, for bank and statement payments. */
  reference: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  registeredAt: isoDate,
});

/** Answer of `getPaymentResult` (ours). */
export const paymentResultSchema = z.object({
  orderId: z.number().int().positive(),
  status: z.enum(['PAID', 'PARTIALLY_PAID', 'NOT_PAID']),
  amount: tenge,
  paid: tenge,
  payments: z.array(paymentSchema),
});

/** Body of `registerPayment`: a payment the bank received, against an invoice (by number or UIN). */
export const registerPaymentRequestSchema = z
  .object({
    invoiceNumber: singleLineTextSchema.trim().min(1).max(40).optional(),
    uin: singleLineTextSchema.trim().min(1).max(40).optional(),
    amount: tenge.refine((value) => value > 0, { error: 'VALIDATION_FAILED' }),
    /** The bank document's reference: registering it again changes nothing. */
    reference: singleLineTextSchema.trim().min(1).max(100),
    paidAt: z.iso.datetime({ offset: true }).optional(),
    /**
     * The operator confirms this is other money than a payment of the same amount the invoice already has from a
     * bank statement (without it: 409 PAYMENT_POSSIBLE_DUPLICATE); recorded with the payment.
     */
    confirmDuplicate: z
      .boolean()
      .optional()
      .meta({
        description:
          'Set when the invoice already has a payment of the same amount from a bank statement (409 ' +
          'PAYMENT_POSSIBLE_DUPLICATE names it) and this is other money: it is counted, and the confirmation recorded.',
      }),
  })
  .refine((body) => body.invoiceNumber !== undefined || body.uin !== undefined, {
    error: 'VALIDATION_FAILED',
    path: ['invoiceNumber'],
  });

/** What registering a payment did. */
export const PAYMENT_OUTCOMES = ['activated', 'underpaid', 'credited', 'already_registered'] as const;

/** Answer of `registerPayment`. */
export const registeredPaymentSchema = z.object({
  outcome: z.enum(PAYMENT_OUTCOMES),
  payment: paymentSchema,
  order: orderSchema,
  /** The company's balance after it (an overpayment, or a payment of an order already paid, is credited). */
  balance: tenge,
  /** The statement payment (its id) the operator confirmed this is not (`confirmDuplicate`); null when none. */
  confirmedDuplicateOf: z.number().int().positive().nullable(),
});

/** What importing one payment of a bank statement did: a registration outcome, or not matched. */
export const STATEMENT_LINE_OUTCOMES = [...PAYMENT_OUTCOMES, 'unmatched'] as const;

/** One incoming payment of an imported statement. */
export const statementLineSchema = z.object({
  /** The bank document's number and date (dd.MM.yyyy) as the statement gives them. */
  number: z.string(),
  date: z.string(),
  amount: tenge,
  payer: z.string(),
  payerBin: z.string().nullable(),
  purpose: z.string(),
  outcome: z.enum(STATEMENT_LINE_OUTCOMES),
  /** Why it was not matched (`unmatched` only). */
  reason: z.enum(STATEMENT_UNMATCHED_REASONS).nullable(),
  invoiceNumber: z.string().nullable(),
  orderId: z.number().int().positive().nullable(),
  /** Still due on the order after it: above 0 when underpaid. */
  due: tenge,
});

/** Answer of `importStatement`: every incoming payment of the file and what it did (ours). */
export const statementImportSchema = z.object({
  encoding: z.enum(['utf-8', 'windows-1251']),
  /** The account (IIK) the statement is of, and its period, as the file gives them. */
  account: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Documents of the file that are not incoming payments to the account (left alone). */
  skipped: z.number().int().nonnegative(),
  lines: z.array(statementLineSchema),
});

/** See {@link statementLineSchema}. */
export type StatementLine = z.infer<typeof statementLineSchema>;
/** See {@link statementImportSchema}. */
export type StatementImport = z.infer<typeof statementImportSchema>;
/** See {@link orderSchema}. */
export type Order = z.infer<typeof orderSchema>;
/** See {@link paymentInvoiceSchema}. */
export type PaymentInvoice = z.infer<typeof paymentInvoiceSchema>;
/** See {@link paymentInvoicePathSchema}. */
export type PaymentInvoicePath = z.infer<typeof paymentInvoicePathSchema>;
/** See {@link balanceSchema}. */
export type Balance = z.infer<typeof balanceSchema>;
/** See {@link paymentSchema}. */
export type Payment = z.infer<typeof paymentSchema>;
/** Orders per page of the billing history. */
export const BILLING_HISTORY_PAGE = { default: 20, max: 100 } as const;

/** Path of `listBillingHistory`: the company. */
export const billingHistoryParamsSchema = z.object({ bin: companyBin });

/** Query of `listBillingHistory`: page size and the cursor of the previous page. */
export const billingHistoryQuerySchema = z.object({
  limit: decimalInteger(z.number().int().min(1).max(BILLING_HISTORY_PAGE.max)).default(
    BILLING_HISTORY_PAGE.default,
  ),
  cursor: z.string().max(200).optional().meta({ description: '`nextCursor` of the previous page.' }),
});

/** One order of the billing history with its invoice (when issued) and the payments counted for it. */
export const billingHistoryEntrySchema = z.object({
  order: orderSchema,
  invoice: paymentInvoiceSchema
    .nullable()
    .meta({ description: 'The invoice of the order; null until one is issued.' }),
  payments: z.array(paymentSchema).meta({ description: 'Payments counted for the order, oldest first.' }),
});

/** A page of the company's billing history, newest order first, and its personal account balance. */
export const billingHistoryPageSchema = z.object({
  items: z.array(billingHistoryEntrySchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
  balance: tenge.meta({ description: "The company's personal account balance now." }),
});

/** See {@link billingHistoryQuerySchema}. */
export type BillingHistoryQuery = z.input<typeof billingHistoryQuerySchema>;
/** See {@link billingHistoryEntrySchema}. */
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntrySchema>;
/** See {@link billingHistoryPageSchema}. */
export type BillingHistoryPage = z.infer<typeof billingHistoryPageSchema>;
/** See {@link paymentResultSchema}. */
export type PaymentResult = z.infer<typeof paymentResultSchema>;
/** See {@link registerPaymentRequestSchema}. */
export type RegisterPaymentRequest = z.infer<typeof registerPaymentRequestSchema>;
/** See {@link registeredPaymentSchema}. */
export type RegisteredPayment = z.infer<typeof registeredPaymentSchema>;
