import { z } from 'zod';

/**
 * The building blocks of the environment schemas each module declares (its `*-env.ts`) and `config.ts` merges: every
 * field treats an empty or blank variable as unset, then parses the text into the value the module needs.
 */

/** What an environment schema is: variable name -> field. */
export type EnvShape = Record<string, z.ZodType>;

/** The parsed values of an environment schema, as a module's settings function receives them. */
export type EnvValues<Shape extends EnvShape> = z.output<z.ZodObject<Shape>>;

/** A field built by {@link unsetWhenEmpty} around `T`. */
export type EnvField<T extends z.ZodType> = z.ZodPreprocess<T, unknown>;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A field that reads an empty or blank variable as unset, then parses it with `schema`. */
export function unsetWhenEmpty<T extends z.ZodType>(schema: T): EnvField<T> {
  return z.preprocess(emptyToUndefined, schema);
}

const booleanText = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    return value;
  },
  z.boolean({ error: 'expected true/false' }),
);

/** A switch: 1/true/yes/on or 0/false/no/off (any case); unset gives `fallback`, or undefined without one. */
export function envFlag(): EnvField<z.ZodOptional<typeof booleanText>>;
export function envFlag(fallback: boolean): EnvField<z.ZodDefault<typeof booleanText>>;
export function envFlag(fallback?: boolean) {
  return unsetWhenEmpty(fallback === undefined ? booleanText.optional() : booleanText.default(fallback));
}

/** Bounds of a number field: inclusive `min` and `max`, or `positive` (above 0). */
export interface NumberBounds {
  min?: number;
  max?: number;
  positive?: boolean;
}

function bounded(schema: z.ZodCoercedNumber, bounds: NumberBounds): z.ZodCoercedNumber {
  let result = bounds.positive ? schema.positive() : schema;
  if (bounds.min !== undefined) result = result.min(bounds.min);
  if (bounds.max !== undefined) result = result.max(bounds.max);
  return result;
}

/** A whole number within `bounds`; unset gives `fallback`, or undefined without one. */
export function envInteger(bounds: NumberBounds): EnvField<z.ZodOptional<z.ZodCoercedNumber>>;
export function envInteger(
  bounds: NumberBounds,
  fallback: number,
): EnvField<z.ZodDefault<z.ZodCoercedNumber>>;
export function envInteger(bounds: NumberBounds, fallback?: number) {
  const schema = bounded(z.coerce.number().int(), bounds);
  return unsetWhenEmpty(fallback === undefined ? schema.optional() : schema.default(fallback));
}

/** A number within `bounds`, fractions allowed (seconds a test shortens, MiB); unset gives `fallback`. */
export function envNumber(bounds: NumberBounds, fallback: number) {
  return unsetWhenEmpty(bounded(z.coerce.number(), bounds).default(fallback));
}

/** An absolute URL with one of `protocols` (e.g. `/^https?$/`); unset gives `fallback`, or undefined without one. */
export function envUrl(protocol: RegExp): EnvField<z.ZodOptional<z.ZodURL>>;
export function envUrl(protocol: RegExp, fallback: string): EnvField<z.ZodDefault<z.ZodURL>>;
export function envUrl(protocol: RegExp, fallback?: string) {
  const schema = z.url({ protocol });
  return unsetWhenEmpty(fallback === undefined ? schema.optional() : schema.default(fallback));
}

/** A connection URL whose scheme matches `scheme` (e.g. `/^smtps?:\/\//`), refused with `message`; optional. */
export function envConnectionUrl(scheme: RegExp, message: string) {
  return unsetWhenEmpty(z.string().regex(scheme, message).optional());
}

/** Free text (a path, a name); unset gives `fallback`, or undefined without one. */
export function envText(): EnvField<z.ZodOptional<z.ZodString>>;
export function envText(fallback: string): EnvField<z.ZodDefault<z.ZodString>>;
export function envText(fallback?: string) {
  const schema = z.string();
  return unsetWhenEmpty(fallback === undefined ? schema.optional() : schema.default(fallback));
}

/** One of `choices`, written exactly; unset gives `fallback`. */
export function envChoice<const T extends readonly [string, ...string[]]>(choices: T, fallback: T[number]) {
  return unsetWhenEmpty(z.enum(choices).default(fallback as never));
}

/**
 * Parses `env` with the schema `shape`; throws an Error whose message names each invalid variable
 * (`NAME: problem; NAME: problem`).
 */
export function parseEnv<Shape extends EnvShape>(
  shape: Shape,
  env: Record<string, string | undefined>,
): EnvValues<Shape> {
  const parsed = z.object(shape).safeParse(env);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
}

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void
  ? I
  : never;

/** One schema of several modules' schemas; a variable two of them declare is a programming error, thrown at once. */
export function mergeEnv<const Shapes extends readonly EnvShape[]>(
  ...shapes: Shapes
): UnionToIntersection<Shapes[number]> {
  const merged: EnvShape = {};
  for (const shape of shapes) {
    for (const [name, field] of Object.entries(shape)) {
      if (name in merged) throw new Error(`${name} is declared by two environment schemas`);
      merged[name] = field;
    }
  }
  return merged as UnionToIntersection<Shapes[number]>;
}
