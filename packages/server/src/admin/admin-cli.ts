import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { errorMessage, isAppError, type StatementImport } from '@qoltanba/core';
import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { type DatabaseHandle, openConfiguredDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  billingOperatorLogin,
  grantBillingOperator,
  importStatement,
  registerPayment,
  revokeBillingOperator,
} from '../modules/billing/index.js';
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
  database?: Pick<DatabaseHandle, 'kind' | 'db' | 'close'>;
  clock?: () => Date;
}

/** The usage text. */
export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  support-operator grant <login>    give the support operator role to an e-mail or phone (before or after it registers)
  support-operator revoke <login>   take it away (at once)
  support-operator list             the logins that have it
  billing-operator grant <login>    give the payments operator role (registers payments through the admin API)
  billing-operator revoke <login>   take it away (at once)
  payment register <invoice number or UIN> <amount in tenge> <bank reference> [--by <name>] [--confirm-duplicate]
                                    register a payment received: paid in full, the tariff starts at once and an
                                    overpayment goes to the balance; the same reference again changes nothing.
                                    Refused when the invoice has a payment of the same amount from a bank statement
                                    (perhaps the same money): --confirm-duplicate if it is other money
  payment import <statement file> [--by <name>]
                                    import a bank statement (1C ClientBank, Windows-1251 or UTF-8): registers the
                                    payments it matches to invoices, lists the rest; the same file again changes
                                    nothing; a malformed file changes nothing

The database is the server's: DATABASE_URL (PostgreSQL; runs beside the server), else PGlite in
QOLTANBA_DATA_DIR (.data by default), which only one process may open: stop the server first.
`;

type Command =
  | { action: 'grant' | 'revoke'; login: string }
  | { action: 'list' }
  | { action: 'billing-grant' | 'billing-revoke'; login: string }
  | {
      action: 'payment';
      target: string;
      amountTiyn: number;
      reference: string;
      by: string | undefined;
      confirmDuplicate: boolean;
    }
  | { action: 'statement'; file: string; by: string | undefined };

function parseStatementImport(rest: readonly string[]): Command | undefined {
  const [file, flag, by, ...extra] = rest;
  if (!file || extra.length > 0) return undefined;
  if (flag !== undefined && (flag !== '--by' || !by)) return undefined;
  return { action: 'statement', file, by };
}

/** The import as the operator reads it: one line per incoming payment, then the totals. */
function statementReport(result: StatementImport): string {
  const lines = result.lines.map((line) => {
    const target =
      line.outcome === 'unmatched'
        ? `not matched (${line.reason})`
        : `invoice ${line.invoiceNumber}, order ${line.orderId}${line.due > 0 ? `, still due ${line.due.toFixed(2)} KZT` : ''}`;
    return `${line.outcome}\t№ ${line.number} of ${line.date}\t${line.amount.toFixed(2)} KZT\t${target}\t${line.payer} ${line.purpose}\n`;
  });
  const count = (outcome: string) => result.lines.filter((line) => line.outcome === outcome).length;
  const totals = ['activated', 'underpaid', 'credited', 'already_registered', 'unmatched']
    .map((outcome) => `${outcome} ${count(outcome)}`)
    .join(', ');
  return `${lines.join('')}statement ${result.account ?? '-'} ${result.from ?? ''}-${result.to ?? ''} (${result.encoding}): ${totals}, skipped ${result.skipped} not incoming\n`;
}

function parsePayment(rest: readonly string[]): Command | undefined {
  const [target, amount, reference, ...flags] = rest;
  if (!target || !amount || !reference) return undefined;
  let by: string | undefined;
  let confirmDuplicate = false;
  for (let i = 0; i < flags.length; i += 1) {
    const flag = flags[i];
    if (flag === '--confirm-duplicate' && !confirmDuplicate) confirmDuplicate = true;
    else if (flag === '--by' && by === undefined && flags[i + 1]) {
      i += 1;
      by = flags[i];
    } else return undefined;
  }
  // Tenge with at most two decimals, a comma or a dot; the amount is kept in tiyn.
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(amount.trim());
  if (!match) return undefined;
  const amountTiyn = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  if (amountTiyn <= 0) return undefined;
  return {
    action: 'payment',
    target: target.trim(),
    amountTiyn,
    reference: reference.trim(),
    by,
    confirmDuplicate,
  };
}

function parse(args: readonly string[]): Command | undefined {
  const [group, action, login, ...rest] = args;
  if (group === 'payment' && action === 'register') return parsePayment(args.slice(2));
  if (group === 'payment' && action === 'import') return parseStatementImport(args.slice(2));
  if (
    group === 'billing-operator' &&
    (action === 'grant' || action === 'revoke') &&
    login &&
    rest.length === 0
  )
    return { action: action === 'grant' ? 'billing-grant' : 'billing-revoke', login };
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
  const typed = 'login' in command ? command.login : undefined;
  const login =
    typed === undefined
      ? undefined
      : command.action === 'billing-grant' || command.action === 'billing-revoke'
        ? billingOperatorLogin(typed)
        : operatorLogin(typed);
  if (typed !== undefined && !login) {
    io.stderr.write(`qoltanba admin: "${typed}" is neither an e-mail nor a Kazakhstan phone number\n`);
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
    } else if (command.action === 'statement') {
      const bytes = await readFile(command.file).catch((error: NodeJS.ErrnoException) => {
        io.stderr.write(`qoltanba admin: cannot read ${command.file}: ${error.code ?? error.message}\n`);
        return undefined;
      });
      if (!bytes) return 1;
      const imported = await importStatement(database.db, {
        bytes,
        fileName: basename(command.file),
        registeredBy: `admin-cli:${command.by ?? env.USER ?? 'unknown'}`,
        now: clock(),
      }).catch((error: unknown) => {
        if (!isAppError(error)) throw error;
        io.stderr.write(`qoltanba admin: ${errorMessage(error.code, 'en', error.params)}\n`);
        return undefined;
      });
      if (!imported) return 1;
      io.stdout.write(statementReport(imported));
    } else if (command.action === 'payment') {
      const byNumber = /^\d+$/.test(command.target);
      const registered = await registerPayment(database.db, {
        ...(byNumber ? { invoiceNumber: command.target } : { uin: command.target }),
        amountTiyn: command.amountTiyn,
        reference: command.reference,
        source: 'bank',
        registeredBy: `admin-cli:${command.by ?? env.USER ?? 'unknown'}`,
        paidAt: null,
        now: clock(),
        confirmDuplicate: command.confirmDuplicate,
      }).catch((error: unknown) => {
        if (!isAppError(error)) throw error;
        const hint =
          error.code === 'PAYMENT_POSSIBLE_DUPLICATE'
            ? ' (--confirm-duplicate registers it as other money)'
            : '';
        io.stderr.write(`qoltanba admin: ${errorMessage(error.code, 'en', error.params)}${hint}\n`);
        return undefined;
      });
      if (!registered) return 1;
      const { order } = registered;
      const period =
        order.starts_at && order.ends_at
          ? `, tariff ${new Date(order.starts_at).toISOString()} - ${new Date(order.ends_at).toISOString()}`
          : '';
      const confirmed = registered.payment.confirmed_duplicate_of;
      io.stdout.write(
        `${registered.outcome}: order ${order.id} of ${order.company_bin} (${order.status}${period}), ` +
          `balance ${(registered.balanceTiyn / 100).toFixed(2)} KZT` +
          `${confirmed === null ? '' : `, confirmed not a duplicate of payment ${confirmed}`}\n`,
      );
    } else if (login && command.action === 'billing-grant') {
      const granted = await grantBillingOperator(database.db, login, clock());
      io.stdout.write(`${granted ? 'granted' : 'already a payments operator'}: ${login.value}\n`);
    } else if (login && command.action === 'billing-revoke') {
      const revoked = await revokeBillingOperator(database.db, login);
      io.stdout.write(`${revoked ? 'revoked' : 'not a payments operator'}: ${login.value}\n`);
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
