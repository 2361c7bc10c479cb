import { z } from 'zod';
import { COUNTERPARTY_EMAILS_MAX } from '../limits';
import { emailSchema } from './contact-fields';
import { companyNameSchema, companyParamsSchema, resourceIdSchema } from './documents';
import { type IdentityNumberSchemaOptions, identityNumberSchema } from './fields';

/** An entry of the company's address book. */
export const counterpartySchema = z.object({
  id: z.number().int(),
  identityNumber: z.string().regex(/^\d{12}$/),
  nameRu: z.string(),
  nameKk: z.string().nullable(),
  emails: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** See {@link counterpartySchema}. */
export type Counterparty = z.infer<typeof counterpartySchema>;

/** Body of `createCounterparty` and `updateCounterparty`. A BIN/IIN appears once per company. */
export function counterpartyInputSchema(options?: IdentityNumberSchemaOptions) {
  return z.object({
    identityNumber: identityNumberSchema(options),
    nameRu: companyNameSchema,
    nameKk: companyNameSchema.nullable().optional(),
    emails: z.array(emailSchema).min(1, { error: 'INVALID_EMAIL' }).max(COUNTERPARTY_EMAILS_MAX),
  });
}
/** See {@link counterpartyInputSchema}. */
export type CounterpartyInput = z.infer<ReturnType<typeof counterpartyInputSchema>>;

/** Path parameters of one counterparty. */
export const counterpartyParamsSchema = companyParamsSchema.extend({ counterpartyId: resourceIdSchema });
