import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** How many distinct statements are prepared at most (each connection keeps a plan of each it has run). */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * PostgreSQL errors after which a connection's prepared statements cannot be trusted: a statement the server no
 * longer has (DEALLOCATE or DISCARD ALL by someone else), or one whose result columns changed under it (a
 * migration on another instance).
 */
function isStaleStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '26000') return true;
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan');
}

/**
 * A comment that keeps a query unnamed, so PostgreSQL plans it with its values on every call: for queries whose
 * best plan depends on the values (a search text), where one generic plan would be wrong for some of them.
 */
export const PLAN_EACH_CALL = '/* plan each call */';

/** Statement names by SQL text, shared by every connection of a pool (a text always gets the same name). */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #max: number;

  constructor(max = MAX_PREPARED_STATEMENTS) {
    this.#max = max;
  }

  /** The name of `sql`, or undefined when the table is full or `sql` has {@link PLAN_EACH_CALL} (it then runs unnamed, planned each time). */
  nameOf(sql: string): string | undefined {
    if (sql.includes(PLAN_EACH_CALL)) return undefined;
    const known = this.#names.get(sql);
    if (known !== undefined || this.#names.size >= this.#max) return known;
    const name = `qoltanba_${this.#names.size + 1}`;
    this.#names.set(sql, name);
    return name;
  }

  /** How many statements have a name. */
  get size(): number {
    return this.#names.size;
  }
}

/**
 * A pool for kysely's PostgresDialect whose connections run each parameterised query as a named prepared
 * statement, so PostgreSQL parses and plans it once per connection instead of on every call (the document lists
 * spent longer being planned than executed). Queries without parameters keep the simple protocol, which allows
 * several statements in one text (migrations). Values are still bound separately: a name stands for a text, never
 * for data. After a stale-statement error the connection is destroyed when released, and a query that failed
 * outside a transaction is run once more without a name.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = preparingClient(client, names);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  let stale = false;
  async function run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const values = [...parameters];
    const name = values.length > 0 && !stale ? names.nameOf(sql) : undefined;
    if (name === undefined) return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>;
    try {
      return (await client.query({ name, text: sql, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (!isStaleStatement(error)) throw error;
      stale = true;
      // Inside a transaction the error has aborted it: the caller must see it.
      if (client.getTransactionStatus() !== 'I') throw error;
      return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>;
    }
  }
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      return client.query(sqlOrCursor as never) as unknown as PostgresCursor<R>;
    }
    return run<R>(sqlOrCursor, parameters ?? []);
  }
  return {
    query,
    release(destroy?: boolean) {
      client.release(destroy || stale);
    },
  };
}
