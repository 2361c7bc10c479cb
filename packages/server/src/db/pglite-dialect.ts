import type { PGlite } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** FIFO mutex: PGlite has one session, so each kysely connection must have it alone (transactions included). */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; resolves to the function that releases it. */
  lock(): Promise<() => void> {
    let release: () => void = () => {};
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

const MUTATING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    if (parameters.length === 0) {
      // The simple protocol (exec) allows multi-statement scripts such as migrations; report the last statement.
      const results = await this.#pglite.exec(sql);
      const last = results.at(-1);
      if (!last) return { rows: [] };
      return toQueryResult<R>(last.rows as R[], last.command, last.affectedRows);
    }
    const result = await this.#pglite.query<R>(sql, [...parameters]);
    return toQueryResult<R>(result.rows, result.command, result.affectedRows);
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by this dialect.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming queries');
  }
}

function toQueryResult<R>(
  rows: R[],
  command: string | undefined,
  affectedRows: number | undefined,
): QueryResult<R> {
  if (command === 'ROLLBACK' || command === 'COMMIT') {
    return { rows: [{ command } as R] };
  }
  return {
    rows,
    numAffectedRows:
      command !== undefined && MUTATING_COMMANDS.has(command) ? BigInt(affectedRows ?? 0) : undefined,
  };
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new Map<DatabaseConnection, () => void>();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    // One physical session: the same connection object is handed out to one holder at a time.
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await connection.executeQuery<{ command?: string }>(CompiledQuery.raw('commit'));
    if (rows[0]?.command === 'ROLLBACK') throw new AbortedTransactionError();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (see openDatabase), so tests can share one instance.
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A kysely dialect over one PGlite instance. All acquirers share PGlite's single session, so they are
 * serialised: a transaction holds the session until it commits or rolls back.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
