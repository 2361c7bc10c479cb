import type { ErrorCode } from '../codes';
import { billingErrors } from './billing';
import { clientErrors } from './client';
import { documentErrors } from './documents';
import { embeddingErrors } from './embedding';
import type { ErrorEntry } from './entry';
import { loginErrors } from './login';
import { serverRuleErrors } from './server-rules';
import { supportErrors } from './support';
import { transportErrors } from './transport';
import { validationErrors } from './validation';

export type { ErrorEntry } from './entry';

/** The keys of each member of a union, as one union (plain `keyof` of a union keeps only the shared keys). */
type KeysOfEach<T> = T extends unknown ? keyof T : never;

/** Codes that more than one of `Groups` defines: a spread would silently keep only the later text. */
type SharedCodes<Groups extends readonly object[]> = Groups extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & KeysOfEach<Rest[number]>) | SharedCodes<Rest>
  : never;

/** The groups spread into {@link errorCatalogue}; list a new group both here and there. */
type Groups = [
  typeof transportErrors,
  typeof documentErrors,
  typeof serverRuleErrors,
  typeof clientErrors,
  typeof loginErrors,
  typeof validationErrors,
  typeof embeddingErrors,
  typeof supportErrors,
  typeof billingErrors,
];

/**
 * Texts of every {@link ErrorCode} in Kazakh, Russian and English. `{name}` marks a placeholder
 * filled by `errorMessage`. Numbers of limits come from `limits.ts`, so texts follow the rules.
 * Each group checks its codes against {@link ErrorCode}; the type here fails on a missing code or
 * on a code two groups define.
 */
export const errorCatalogue: Record<ErrorCode, ErrorEntry> = {
  ...transportErrors,
  ...documentErrors,
  ...serverRuleErrors,
  ...clientErrors,
  ...loginErrors,
  ...validationErrors,
  ...embeddingErrors,
  ...supportErrors,
  ...billingErrors,
} satisfies Record<ErrorCode, ErrorEntry> & Record<SharedCodes<Groups>, never>;
