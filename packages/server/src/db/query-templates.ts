import type { Compilable, CompiledQuery, QueryExecutor } from 'kysely';

/** Stands for one value while a template is built; compiled, it marks where that value goes. */
class Slot {
  constructor(readonly key: string) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each parameter: the slot whose value goes there, or the constant the build put there. */
  parameters: readonly unknown[];
}

/**
 * Compiled queries by shape, for hot paths. A query of one shape (a string naming every choice that changes its
 * SQL: filter, sort, which optional conditions apply) is built and compiled by kysely once per database (its
 * transactions share it), with placeholders for its values; later calls of that shape put their values in the placeholders' places. Building
 * and compiling a list query cost the server more CPU than PostgreSQL spent running it. Values stay bound
 * parameters; only the text is reused.
 */
export class QueryTemplates {
  readonly #templates = new WeakMap<object, Map<string, Template>>();
  readonly #max: number;

  /** @param max shapes kept per database; past it they are built again from scratch */
  constructor(max = 512) {
    this.#max = max;
  }

  /**
   * The query `build` makes, with `values` in place. `build` receives placeholders instead of the values: it must
   * pass them to kysely as they are and never look at them (no branches, no arithmetic, no formatting), and
   * `shape` must name everything else the query depends on. `database` is the Kysely instance or transaction the
   * query runs on.
   */
  compile<V extends object, R>(
    database: { getExecutor(): QueryExecutor },
    shape: string,
    values: V,
    build: (values: V) => Compilable<R>,
  ): CompiledQuery<R> {
    // A database and its transactions share one dialect adapter, and compile alike.
    const dialect = database.getExecutor().adapter;
    let templates = this.#templates.get(dialect);
    if (!templates) {
      templates = new Map();
      this.#templates.set(dialect, templates);
    }
    let template = templates.get(shape);
    if (!template) {
      const slots = Object.fromEntries(Object.keys(values).map((key) => [key, new Slot(key)])) as V;
      const compiled = build(slots).compile();
      template = { compiled, parameters: compiled.parameters };
      if (templates.size >= this.#max) templates.clear();
      templates.set(shape, template);
    }
    const parameters = template.parameters.map((parameter) =>
      parameter instanceof Slot ? (values as Record<string, unknown>)[parameter.key] : parameter,
    );
    return { ...template.compiled, parameters } as CompiledQuery<R>;
  }
}
