import type { Config } from '../config/config.js';
import { type EnvValues, envConnectionUrl, envFlag, envNumber } from '../config/env-fields.js';

/** The database's variables: PostgreSQL when DATABASE_URL is set (PGlite in the data folder otherwise). */
export const dbEnv = {
  DATABASE_URL: envConnectionUrl(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
  // Off only behind a pooler that cannot keep prepared statements (PgBouncer before 1.21, transaction mode).
  QOLTANBA_DB_PREPARED_STATEMENTS: envFlag(true),
  // Bounded so that a database that does not answer fails requests fast instead of piling them up.
  QOLTANBA_DB_CONNECT_TIMEOUT_SECONDS: envNumber({ min: 0, max: 300 }, 10),
};

/** The database settings of {@link dbEnv}'s values. */
export function dbSettings(
  e: EnvValues<typeof dbEnv>,
): Pick<Config, 'databaseUrl' | 'databasePreparedStatements' | 'databaseConnectTimeoutSeconds'> {
  return {
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.QOLTANBA_DB_PREPARED_STATEMENTS,
    databaseConnectTimeoutSeconds: e.QOLTANBA_DB_CONNECT_TIMEOUT_SECONDS,
  };
}
