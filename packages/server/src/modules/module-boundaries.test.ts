import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = fileURLToPath(new URL('.', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('../', import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/** Each module folder and the tables it owns: only its own files query them; others call its functions. */
const OWNED_TABLES: Record<string, readonly string[]> = {
  account: ['users', 'one_time_codes', 'login_throttles', 'sessions', 'refresh_tokens'],
  registry: ['companies', 'memberships'],
  folders: ['folders'],
  counterparties: ['counterparties'],
  documents: [
    'documents',
    'document_participants',
    'document_signers',
    'document_files',
    'document_history',
    'company_document_counters',
    'document_previews',
    'document_preview_failures',
  ],
  signing: [
    'signatures',
    'signing_links',
    'qr_signing_sessions',
    'attach_challenges',
    'signing_locks',
    'signing_link_resends',
    'approval_links',
    'signer_reminders',
    'document_schedules',
  ],
  profile: [],
  health: [],
  openapi: [],
  'dev-outbox': [],
  housekeeping: [],
  verification: [],
  evidence: [],
  'external-links': ['external_links'],
  partner: ['api_keys', 'webhook_deliveries'],
  embed: ['embed_tokens', 'embed_sessions'],
  billing: [
    'billing_accounts',
    'billing_orders',
    'billing_sends',
    'billing_invoices',
    'billing_payments',
    'billing_operators',
    'billing_tariff_notices',
  ],
  notifications: ['notifications', 'notification_mailboxes', 'notification_email_opt_outs'],
  support: [
    'support_visitors',
    'support_conversations',
    'support_attachments',
    'support_messages',
    'support_events',
    'support_event_counter',
    'support_operators',
  ],
};

/**
 * Tables outside the domain modules: the migrations' bookkeeping (`db/migrate.ts`), the dev outbox and the message
 * queue (`outbox/`), the blob folder's marker (`blob/`) and the blob deletion queue and the pending blob records (`files/`).
 */
const INFRASTRUCTURE_TABLES: Record<string, readonly string[]> = {
  migrations: ['schema_migrations'],
  blob: ['blob_folder'],
  outbox: ['outbox_messages', 'message_queue'],
  files: ['blob_deletions', 'pending_blobs'],
};

/** One file per owner, `db/tables/<owner>.ts`, types its tables in an `export interface …Tables { table: Row }`. */
const TABLES_DIR = fileURLToPath(new URL('../db/tables/', import.meta.url));

const TABLE_CALL =
  /\.(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|\w+Join)\(\s*'(\w+)/g;

/** Relative specifiers of static imports and re-exports, dynamic `import()` and `vi.mock()`. */
const RELATIVE_IMPORT =
  /(?:\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?|\bimport\(\s*|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Route files: they register routes and export nothing else (helpers others use live in named files). */
const ROUTE_FILE = /-routes?\.ts$/;

/** Every `.ts` file under `folder`, tests included (a test is held to the front doors like any other importer). */
async function allFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The module folder a path is in (`documents` for `modules/documents/x.ts`), or undefined outside the modules. */
function moduleOf(path: string): string | undefined {
  const [top, name, ...rest] = relative(SRC_DIR, path).split('/');
  return top === 'modules' && rest.length > 0 ? name : undefined;
}

/**
 * Imports from `file` into another module's internals: anything but that module's `index.ts`. A module's own
 * files (its tests too) import each other freely, but never their own `index.ts`, which would make a cycle.
 */
function frontDoorViolations(file: string, source: string): string[] {
  const from = moduleOf(file);
  const violations: string[] = [];
  for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
    if (!specifier) continue;
    const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
    const to = moduleOf(target);
    if (to === undefined) continue;
    const isIndex = relative(join(MODULES_DIR, to), target) === 'index.ts';
    if (to === from ? isIndex : !isIndex)
      violations.push(`${relative(SRC_DIR, file)} -> ${relative(SRC_DIR, target)}`);
  }
  return violations;
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('module boundaries', () => {
  it('every module folder is listed with the tables it owns', async () => {
    const folders = (await readdir(MODULES_DIR, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(Object.keys(OWNED_TABLES).sort());
  });

  it("no module queries another module's tables", async () => {
    const trespasses: string[] = [];
    for (const [module, owned] of Object.entries(OWNED_TABLES)) {
      for (const file of await sourceFiles(join(MODULES_DIR, module))) {
        const source = await readFile(file, 'utf8');
        for (const [, table] of source.matchAll(TABLE_CALL)) {
          if (table && !owned.includes(table))
            trespasses.push(`${module}: ${file.slice(MODULES_DIR.length)} -> ${table}`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it("each owner's tables are typed in its own db/tables/<owner>.ts", async () => {
    const typed: Record<string, string[]> = {};
    for (const file of await readdir(TABLES_DIR)) {
      const source = await readFile(join(TABLES_DIR, file), 'utf8');
      const owned = /^export interface \w+Tables \{([^}]*)\}/m.exec(source)?.[1];
      if (owned !== undefined)
        typed[file.replace(/\.ts$/, '')] = Array.from(
          owned.matchAll(/^ {2}(\w+):/gm),
          (match) => match[1] ?? '',
        ).sort();
    }
    const owners = Object.entries({ ...OWNED_TABLES, ...INFRASTRUCTURE_TABLES })
      .filter(([, tables]) => tables.length > 0)
      .map(([owner, tables]) => [owner, [...tables].sort()]);
    expect(typed).toEqual(Object.fromEntries(owners));
  });

  it('route files (*-module.ts) hold no queries: they call their stores', async () => {
    const inline: string[] = [];
    for (const file of await sourceFiles(MODULES_DIR)) {
      if (!file.endsWith('-module.ts')) continue;
      const source = await readFile(file, 'utf8');
      for (const [, table] of source.matchAll(TABLE_CALL))
        inline.push(`${file.slice(MODULES_DIR.length)} -> ${table}`);
    }
    expect(inline).toEqual([]);
  });

  it('every module has a front door, modules/<m>/index.ts', async () => {
    const missing: string[] = [];
    for (const module of Object.keys(OWNED_TABLES)) {
      const files = await readdir(join(MODULES_DIR, module));
      if (!files.includes('index.ts')) missing.push(module);
    }
    expect(missing).toEqual([]);
  });

  it("nothing imports another module's internal files: only its index.ts", async () => {
    const offenders: string[] = [];
    // This file is skipped: its samples below are offenders on purpose.
    for (const file of (await allFiles(SRC_DIR)).filter((path) => path !== THIS_FILE))
      offenders.push(...frontDoorViolations(file, await readFile(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('route files export only their register… function', async () => {
    const extra: string[] = [];
    for (const file of await sourceFiles(MODULES_DIR)) {
      if (!ROUTE_FILE.test(file)) continue;
      const source = await readFile(file, 'utf8');
      for (const [, name] of source.matchAll(
        /^export\s+(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+(\w+)/gm,
      ))
        if (!name?.startsWith('register')) extra.push(`${file.slice(MODULES_DIR.length)}: ${name}`);
      if (/^export\s*(?:type\s*)?\{/m.test(source))
        extra.push(`${file.slice(MODULES_DIR.length)}: export { … }`);
    }
    expect(extra).toEqual([]);
  });

  it('recognises the import forms and tells front doors from internals', () => {
    const importer = join(MODULES_DIR, 'embed', 'embed-routes.ts');
    const source = [
      "import { a } from '../documents/index.js';",
      "import type { B } from '../documents/document-access.js';",
      "import {\n  c,\n  type D,\n} from '../registry/company-store.js';",
      "export { e } from '../signing/sign-flow.js';",
      "const f = await import('../account/user-store.js');",
      "vi.mock('../partner/api-keys.js');",
      "import { g } from './embed-store.js';",
      "import { h } from './index.js';",
      "import { i } from '../../files/file-name.js';",
      "import { j } from '../module.js';",
    ].join('\n');
    expect(frontDoorViolations(importer, source)).toEqual([
      'modules/embed/embed-routes.ts -> modules/documents/document-access.ts',
      'modules/embed/embed-routes.ts -> modules/registry/company-store.ts',
      'modules/embed/embed-routes.ts -> modules/signing/sign-flow.ts',
      'modules/embed/embed-routes.ts -> modules/account/user-store.ts',
      'modules/embed/embed-routes.ts -> modules/partner/api-keys.ts',
      'modules/embed/embed-routes.ts -> modules/embed/index.ts',
    ]);
    expect(
      frontDoorViolations(
        join(SRC_DIR, 'app.ts'),
        "import { x } from './modules/documents/document-store.js';",
      ),
    ).toEqual(['app.ts -> modules/documents/document-store.ts']);
  });

  it('recognises table access in the forms the modules use', () => {
    const sample = `db.selectFrom('users'); trx.updateTable( 'sessions' ).set(); q.innerJoin('companies', 'a', 'b');`;
    expect(Array.from(sample.matchAll(TABLE_CALL), (match) => match[1])).toEqual([
      'users',
      'sessions',
      'companies',
    ]);
  });
});
