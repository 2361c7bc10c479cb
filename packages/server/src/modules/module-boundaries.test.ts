import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = fileURLToPath(new URL('.', import.meta.url));

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
 * queue (`outbox/`), the blob folder's marker (`blob/`) and the blob deletion queue (`files/`).
 */
const INFRASTRUCTURE_TABLES: Record<string, readonly string[]> = {
  migrations: ['schema_migrations'],
  blob: ['blob_folder'],
  outbox: ['outbox_messages', 'message_queue'],
  files: ['blob_deletions'],
};

/** One file per owner, `db/tables/<owner>.ts`, types its tables in an `export interface …Tables { table: Row }`. */
const TABLES_DIR = fileURLToPath(new URL('../db/tables/', import.meta.url));

const TABLE_CALL =
  /\.(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|\w+Join)\(\s*'(\w+)/g;

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

  it('recognises table access in the forms the modules use', () => {
    const sample = `db.selectFrom('users'); trx.updateTable( 'sessions' ).set(); q.innerJoin('companies', 'a', 'b');`;
    expect(Array.from(sample.matchAll(TABLE_CALL), (match) => match[1])).toEqual([
      'users',
      'sessions',
      'companies',
    ]);
  });
});
