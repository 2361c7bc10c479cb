import {
  AppError,
  BOX_FILTERS,
  DOCUMENT_PAGE_SIZE,
  type DocumentFilter,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentSort,
  type SortOrder,
} from '@qoltanba/core';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { membershipCondition } from '../registry/company-store.js';
import { requireMembership } from '../registry/membership-guard.js';
import { type Db, DOCUMENT_CORE_COLUMNS, documentCore } from './document-access.js';
import { toSummary } from './document-view.js';
import { withoutUnsafeCharacters } from './file-name.js';

const SORT_COLUMNS = {
  createdAt: 'p.doc_created_at',
  updatedAt: 'p.doc_updated_at',
  number: 'p.doc_number',
  name: 'p.doc_name',
} as const satisfies Record<DocumentSort, string>;

/** Where the next page starts: the last row's sort value and id, for the sort and order it was made for. */
interface Cursor {
  s: DocumentSort;
  o: SortOrder;
  v: string | number;
  i: number;
}

/** An opaque cursor: base64url JSON of {@link Cursor}. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor of a request, or VALIDATION_FAILED {field: cursor} when it is garbage or from another sort. */
export function decodeCursor(raw: string, sort: DocumentSort, order: SortOrder): Cursor {
  const invalid = () => new AppError('VALIDATION_FAILED', { field: 'cursor' });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null) throw invalid();
  const { s, o, v, i } = value as Record<string, unknown>;
  if (s !== sort || o !== order || !Number.isSafeInteger(i) || (i as number) < 1) throw invalid();
  if (sort === 'number' ? !Number.isSafeInteger(v) : typeof v !== 'string') throw invalid();
  if ((sort === 'createdAt' || sort === 'updatedAt') && Number.isNaN(Date.parse(v as string)))
    throw invalid();
  return { s: sort, o: order, v: v as string | number, i: i as number };
}

type ListEb = ExpressionBuilder<
  Database & { p: Database['document_participants']; d: Database['documents'] },
  'p' | 'd'
>;

function filterCondition(eb: ListEb, filter: DocumentFilter) {
  switch (filter) {
    case 'all':
      return eb.lit(true);
    case 'signedByMe':
      return eb('p.signed_at', 'is not', null);
    case 'needToSign':
      return eb.and([
        eb('p.role', '=', 'signer'),
        eb('p.doc_status', '=', 'AT_SIGNING'),
        eb('p.signed_at', 'is', null),
      ]);
    case 'signedByAll':
      return eb('p.doc_status', '=', 'SIGNED');
    case 'inProcess':
      return eb('p.doc_status', '=', 'AT_SIGNING');
    case 'signedByMeOrInProcess':
      return eb.or([eb('p.signed_at', 'is not', null), eb('p.doc_status', '=', 'AT_SIGNING')]);
    case 'canceled':
      return eb('p.doc_status', 'in', ['REJECTED', 'REVOKED']);
    case 'draft':
      return eb('p.doc_status', '=', 'DRAFT');
  }
}

/** A search text for `like`: lower-cased, control characters dropped, wildcards escaped. */
export function likePattern(q: string): string {
  const text = withoutUnsafeCharacters(q.toLowerCase());
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(eb: ListEb, q: string) {
  const conditions = [eb('d.search_text', 'like', likePattern(q))];
  if (/^\d{1,9}$/.test(q)) conditions.push(eb('p.doc_number', '=', Number(q)));
  if (/^\d{12}$/.test(q)) {
    conditions.push(eb('d.sender_bin', '=', q));
    conditions.push(
      eb.exists(
        eb
          .selectFrom('document_signers as s')
          .select('s.document_id')
          .whereRef('s.document_id', '=', 'p.document_id')
          .where('s.identity_number', '=', q),
      ),
    );
  }
  return eb.or(conditions);
}

interface SignerSummaryJson {
  identity_number: string;
  name_ru: string;
  name_kk: string | null;
  state: 'WAITING' | 'SIGNED' | 'REJECTED';
}

/**
 * One page of a company's box: keyset pagination over (sort value, id), stable under inserts, served by the
 * participant indexes (company, box, sort column, id) so the first and the thousandth page cost the same.
 * Search `q` matches a substring of the name or a counterparty's name, the number, or a BIN/IIN exactly.
 * With `memberUserId`, the caller's membership of the company is checked in the same query (FORBIDDEN).
 */
export async function listDocuments(
  db: Db,
  bin: string,
  query: DocumentListQuery,
  now: Date,
  retentionDays: number,
  memberUserId?: string,
): Promise<DocumentPage> {
  const filter = query.filter ?? 'all';
  if (!BOX_FILTERS[query.box].includes(filter)) throw new AppError('VALIDATION_FAILED', { field: 'filter' });
  const sort = query.sort ?? 'createdAt';
  const order = query.order ?? 'desc';
  const limit = query.limit ?? DOCUMENT_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new AppError('VALIDATION_FAILED', { field: 'limit' });
  const cursor = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
  const column = SORT_COLUMNS[sort];

  let select = db
    .selectFrom('document_participants as p')
    .innerJoin('documents as d', 'd.id', 'p.document_id')
    .select([
      'p.document_id',
      'p.role',
      'p.folder_id',
      'p.trashed_at',
      'p.signed_at',
      `${column} as sort_value`,
    ])
    .select(DOCUMENT_CORE_COLUMNS.map((column) => `d.${column}` as const))
    .select(
      sql<SignerSummaryJson[]>`(select coalesce(json_agg(s order by s.position), '[]'::json) from (
        select identity_number, name_ru, name_kk, state, position from document_signers
        where document_id = p.document_id) s)`.as('signers'),
    )
    .select(
      sql<number>`(select count(*)::int from document_files f where f.document_id = p.document_id and f.state = 'READY')`.as(
        'file_count',
      ),
    )
    .where('p.company_bin', '=', bin)
    .where('p.box', '=', query.box)
    .where((eb) => filterCondition(eb, filter));
  // Checked in the same query; an empty page then tells a non-member (FORBIDDEN) from an empty box.
  if (memberUserId) select = select.where(membershipCondition(memberUserId, bin));
  if (query.folderId !== undefined) select = select.where('p.folder_id', '=', query.folderId);
  if (query.q) {
    const q = query.q;
    select = select.where((eb) => searchCondition(eb, q));
  }
  if (cursor) {
    const value = sort === 'createdAt' || sort === 'updatedAt' ? new Date(cursor.v) : cursor.v;
    select = select.where((eb) =>
      eb(eb.refTuple(column, 'p.document_id'), order === 'desc' ? '<' : '>', eb.tuple(value, cursor.i)),
    );
  }
  // The limit is part of the text (a validated integer, at most a page size), not a parameter: PostgreSQL
  // plans a prepared statement once for good only when its generic plan costs about what a planned-each-time
  // one would, and with `limit $n` it would assume a full box and plan every call again.
  const rows = await select
    .orderBy(column, order)
    .orderBy('p.document_id', order)
    .limit(sql.lit(limit + 1))
    .execute();

  if (rows.length === 0 && memberUserId) await requireMembership(db, memberUserId, bin);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          s: sort,
          o: order,
          v:
            last.sort_value instanceof Date
              ? last.sort_value.toISOString()
              : (last.sort_value as string | number),
          i: last.document_id,
        })
      : null;
  return {
    items: page.map((row) =>
      toSummary(
        documentCore(row),
        {
          role: row.role,
          folderId: row.folder_id,
          trashedAt: row.trashed_at ? new Date(row.trashed_at) : null,
          signedAt: row.signed_at ? new Date(row.signed_at) : null,
        },
        row.signers.map((s) => ({
          identityNumber: s.identity_number,
          nameRu: s.name_ru,
          nameKk: s.name_kk,
          state: s.state,
        })),
        row.file_count,
        now,
        retentionDays,
      ),
    ),
    nextCursor,
  };
}
