import { z } from 'zod';
import { codeSchema, phoneSchema } from './contact-fields';
import { langSchema } from './fields';

/**
 * A company of the context list, `GET profile-api.bpmn/api/v1/profile/companies-from-context`.
 * `bin` is the company's BIN, or the IIN of an individual or sole proprietor; only its shape is
 * checked here because responses may carry test numbers.
 */
export const companySchema = z.object({
  bin: z.string().regex(/^\d{12}$/),
  nameRu: z.string(),
  shortNameRu: z.string().nullable(),
  nameKk: z.string().nullable().optional(),
  shortNameKk: z.string().nullable().optional(),
  isMainCompany: z.boolean(),
  isAdmin: z.boolean().optional().meta({
    description: "Ours: true when the user is the company's administrator (manages its API keys).",
  }),
});

/** See {@link companySchema}. */
export type Company = z.infer<typeof companySchema>;

/** What kind of party a BIN/IIN is in the state statistics register. */
export const PARTY_KINDS = ['legal', 'sole_proprietor', 'individual'] as const;
/** See {@link PARTY_KINDS}. */
export type PartyKind = (typeof PARTY_KINDS)[number];

/** A record of the state statistics register, as `GET registry/:identityNumber` answers it (ours). */
export const registryEntrySchema = z.object({
  bin: z.string().regex(/^\d{12}$/),
  kind: z.enum(PARTY_KINDS),
  nameRu: z.string(),
  nameKk: z.string().nullable(),
  shortNameRu: z.string().nullable(),
  shortNameKk: z.string().nullable(),
});

/** `attach-by-iin` body (ours): attach an individual or sole proprietor by IIN and the phone linked to it. */
export const attachByIinRequestSchema = z.object({
  iin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
  phoneNumber: phoneSchema,
  lang: langSchema,
});
/** `attach-by-iin/confirm` body (ours): the SMS code sent to that phone. */
export const attachByIinConfirmRequestSchema = z.object({
  iin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
  phoneNumber: phoneSchema,
  code: codeSchema,
});

/** See {@link registryEntrySchema}. */
export type RegistryEntry = z.infer<typeof registryEntrySchema>;
/** See {@link attachByIinRequestSchema}. */
export type AttachByIinRequest = z.infer<typeof attachByIinRequestSchema>;
