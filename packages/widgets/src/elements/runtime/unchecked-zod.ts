// The elements build aliases `zod` to this module. Core defines its schemas with zod, and the sdk checks every
// response against them; in the script-tag bundle zod alone would weigh ~25 kB gzipped, most of the runtime budget.
// Here every schema accepts what it is given: responses come from our own server (held to the same schemas by the
// contract tests), and input rules are still enforced by the server, whose refusal carries the same catalogue code.

type Schema = ((...args: unknown[]) => Schema) & { [key: string]: unknown };

const accept = (value: unknown) => ({ success: true as const, data: value });

/** A schema whose every builder method returns itself and whose parsing accepts anything. */
const schema: Schema = new Proxy((() => undefined) as unknown as Schema, {
  get(_target, key) {
    if (key === 'safeParse') return accept;
    if (key === 'safeParseAsync') return (value: unknown) => Promise.resolve(accept(value));
    if (key === 'parse') return (value: unknown) => value;
    if (key === 'parseAsync') return (value: unknown) => Promise.resolve(value);
    // Not a thenable, not a primitive.
    if (key === 'then' || typeof key === 'symbol') return undefined;
    return schema;
  },
  apply: () => schema,
});

/** Stand-in for zod's `z` namespace. */
export const z: Schema = schema;
export default schema;
