import { z } from 'zod';
import { DOCUMENT_SEARCH_MAX } from '../documents/lists';
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

/** Query of `listCounterparties`: an optional search by name (Russian or Kazakh) or BIN/IIN. */
export const counterpartyListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(DOCUMENT_SEARCH_MAX, { error: 'QUERY_PARAM_TOO_LONG' })
    .optional()
    .meta({ description: 'Part of the name, or the start of the BIN/IIN; case does not matter.' }),
});
/** See {@link counterpartyListQuerySchema}. */
export type CounterpartyListQuery = z.infer<typeof counterpartyListQuerySchema>;
