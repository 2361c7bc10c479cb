import { z } from 'zod';
import { TARIFF_TYPES } from '../tariff/tariff-state';
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
