import { z } from 'zod';

/**
 * The values of an error text's `{name}` placeholders (core's `ERROR_PARAMS`), language-neutral so a client can
 * write the text in any language. Clients must tolerate names added later.
 */
export const errorResponseParamsSchema = z
  .object({
    field: z
      .string()
      .optional()
      .meta({ description: 'VALIDATION_FAILED: path of the invalid field.', examples: ['signers.0.email'] }),
    retryAfter: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({
        description: 'RATE_LIMITED: seconds until a retry may succeed (the same as the Retry-After header).',
        examples: [30],
      }),
    until: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({
        description: 'ACCOUNT_BLOCKED: when the lock ends, an ISO 8601 instant.',
        examples: ['2026-11-20T09:30:00.000Z'],
      }),
    wait: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({
        description: 'REMINDER_TOO_EARLY: seconds until another reminder may be sent.',
        examples: [3600],
      }),
    origin: z
      .string()
      .optional()
      .meta({
        description: 'EMBED_ORIGIN_NOT_ALLOWED: the origin sent.',
        examples: ['http://127.0.0.1:5173'],
      }),
    expected: z
      .string()
      .optional()
      .meta({
        description: 'EMBED_ORIGIN_NOT_ALLOWED: the origins allowed instead, comma-separated.',
        examples: ['http://localhost:5173'],
      }),
    reference: z
      .string()
      .optional()
      .meta({
        description:
          'PAYMENT_POSSIBLE_DUPLICATE: the bank reference of the earlier payment of the same amount (from a statement).',
        examples: ['1c:KZ86125KZT5004100100:02.03.2026:71:KZ21601A861000269501'],
      }),
  })
  .catchall(z.union([z.string(), z.number()]));

/**
 * Every error response body. `code` is an ErrorCode of the catalogue (narrow it with
 * `isErrorCode`: clients must tolerate codes added later); `message` is its text in the request's language;
 * `params`, present when the text has placeholders, holds their values.
 */
export const errorResponseSchema = z.object({
  code: z
    .string()
    .min(1)
    .meta({ description: 'Stable error code (ErrorCode).', examples: ['NOT_FOUND'] }),
  message: z.string().meta({ description: "Human-readable text in the request's language." }),
  params: errorResponseParamsSchema.optional().meta({
    description:
      "Values of the text's placeholders, for clients that show the code's text in a language of their own.",
  }),
  link: z
    .string()
    .optional()
    .meta({
      description:
        'A portal page where the user can fix the cause (e.g. `/tariffs` when sending needs a tariff).',
      examples: ['/tariffs'],
    }),
});

/** `GET /healthz`: the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** `GET /readyz`: the process and its database answer. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  /** The object store, when files are kept in one (absent on local disk). */
  storage: z.enum(['ok', 'unavailable']).optional(),
});

/** See {@link errorResponseParamsSchema}. */
export type ErrorResponseParams = z.infer<typeof errorResponseParamsSchema>;
/** See {@link errorResponseSchema}. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
/** See {@link healthSchema}. */
export type Health = z.infer<typeof healthSchema>;
/** See {@link readinessSchema}. */
export type Readiness = z.infer<typeof readinessSchema>;
