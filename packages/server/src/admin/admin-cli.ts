import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { type DatabaseHandle, openConfiguredDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  grantSupportOperator,
  listSupportOperators,
  operatorLogin,
  revokeSupportOperator,
} from '../modules/support/index.js';

/** Where the command writes. */
export interface AdminIo {
  stdout: { write(text: string): void };
  stderr: { write(text: string): void };
}

/** Replaceable parts of {@link runAdmin} (tests pass their own database). */
export interface AdminOptions {
  /** Use this database instead of the configured one (it is migrated, not closed). */
  database?: DatabaseHandle;
  clock?: () => Date;
}

/** The usage text. */
export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  support-operator grant <login>    give the support operator role to an e-mail or phone (before or after it registers)
  support-operator revoke <login>   take it away (at once)
  support-operator list             the logins that have it

The database is the server's: DATABASE_URL (PostgreSQL; runs beside the server), else PGlite in
QOLTANBA_DATA_DIR (.data by default), which only one process may open: stop the server first.
`;

type Command = { action: 'grant' | 'revoke'; login: string } | { action: 'list' };

function parse(args: readonly string[]): Command | undefined {
  const [group, action, login, ...rest] = args;
  if (group !== 'support-operator' || rest.length > 0) return undefined;
  if (action === 'list' && login === undefined) return { action };
  if ((action === 'grant' || action === 'revoke') && login !== undefined) return { action, login };
  return undefined;
}

/**
 * Runs one administration command against the server's database and answers the exit code: 0 done, 1 the database
 * could not be opened (invalid configuration, PGlite folder in use), 2 a usage error.
 *
 * @example await runAdmin(['support-operator', 'grant', 'operator@example.kz'], process.env, process)
 */
export async function runAdmin(
  args: readonly string[],
  env: Record<string, string | undefined>,
  io: AdminIo,
  options: AdminOptions = {},
): Promise<number> {
  const command = parse(args);
  if (!command) {
    io.stderr.write(ADMIN_USAGE);
    return 2;
  }
  const login = command.action === 'list' ? undefined : operatorLogin(command.login);
  if (command.action !== 'list' && !login) {
    io.stderr.write(
      `qoltanba admin: "${command.login}" is neither an e-mail nor a Kazakhstan phone number\n`,
    );
    return 2;
  }
  let database = options.database;
  if (!database) {
    try {
      database = await openConfiguredDatabase(loadConfig(env).config);
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
      const hint =
        error instanceof DataDirLockedError
          ? ' (the server holds the PGlite data folder: stop it, or use DATABASE_URL)'
          : '';
      io.stderr.write(`qoltanba admin: ${error.message}${hint}\n`);
      return 1;
    }
  }
  const clock = options.clock ?? (() => new Date());
  try {
    await migrate(database.db);
    if (command.action === 'list') {
      for (const grant of await listSupportOperators(database.db)) {
        io.stdout.write(`${grant.login}\t${grant.grantedAt.toISOString()}\n`);
      }
    } else if (login && command.action === 'grant') {
      const granted = await grantSupportOperator(database.db, login, clock());
      io.stdout.write(`${granted ? 'granted' : 'already an operator'}: ${login.value}\n`);
    } else if (login) {
      const revoked = await revokeSupportOperator(database.db, login);
      io.stdout.write(`${revoked ? 'revoked' : 'not an operator'}: ${login.value}\n`);
    }
    return 0;
  } finally {
    if (!options.database) await database.close();
  }
}
