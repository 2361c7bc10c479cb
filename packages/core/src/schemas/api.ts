import { z } from 'zod';

/**
 * Every error response body. `code` is an ErrorCode of the catalogue (narrow it with
 * `isErrorCode`: clients must tolerate codes added later); `message` is its text in the request's language.
 */
export const errorResponseSchema = z.object({
  code: z
    .string()
    .min(1)
    .meta({ description: 'Stable error code (ErrorCode).', examples: ['NOT_FOUND'] }),
  message: z.string().meta({ description: "Human-readable text in the request's language." }),
});

/** `GET /healthz`: the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** `GET /readyz`: the process and its database answer. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

/** See {@link errorResponseSchema}. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
/** See {@link healthSchema}. */
export type Health = z.infer<typeof healthSchema>;
/** See {@link readinessSchema}. */
export type Readiness = z.infer<typeof readinessSchema>;
