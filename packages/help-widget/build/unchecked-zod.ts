// The panel build aliases `zod` to this module (the widgets' custom-element bundles do the same). Core defines its
// schemas with zod and the chat client checks responses with them; zod itself would weigh more than the whole panel
// budget. Here every schema accepts what it is given: responses come from our own server (held to the same schemas
// by its tests), and the unit tests run the real zod.

type Schema = ((...args: unknown[]) => Schema) & { [key: string]: unknown };

const accept = (value: unknown) => ({ success: true as const, data: value });

/** A schema whose every builder method returns itself and whose parsing accepts anything. */
const schema: Schema = new Proxy((() => undefined) as unknown as Schema, {
  get(_target, key) {
    if (key === 'safeParse') return accept;
    if (key === 'parse') return (value: unknown) => value;
    // Not a thenable, not a primitive.
    if (key === 'then' || typeof key === 'symbol') return undefined;
    return schema;
  },
  apply: () => schema,
});

/** Stand-in for zod's `z` namespace. */
export const z: Schema = schema;
export default schema;
