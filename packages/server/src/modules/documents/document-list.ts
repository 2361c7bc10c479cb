import {
  AppError,
  BOX_FILTERS,
  DOCUMENT_PAGE_SIZE,
  type DocumentFilter,
  type DocumentListCursor,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentSort,
  decodeListCursor,
  encodeListCursor,
  type SortOrder,
  withoutUnsafeCharacters,
} from '@qoltanba/core';
import { type ExpressionBuilder, sql } from 'kysely';
import { PLAN_EACH_CALL } from '../../db/prepared-statements.js';
import { QueryTemplates } from '../../db/query-templates.js';
import type { Database } from '../../db/schema.js';
import { membershipCondition, requireMembership } from '../registry/index.js';
import { type Db, DOCUMENT_CORE_COLUMNS, documentCore } from './document-access.js';
import { toSummary } from './document-view.js';

const SORT_COLUMNS = {
  createdAt: 'p.doc_created_at',
  updatedAt: 'p.doc_updated_at',
  number: 'p.doc_number',
  name: 'p.doc_name',
} as const satisfies Record<DocumentSort, string>;

/** An opaque cursor (core's {@link encodeListCursor}). */
export function encodeCursor(cursor: DocumentListCursor): string {
  return encodeListCursor(cursor);
}

/** The cursor of a request, or VALIDATION_FAILED {field: cursor} when it is garbage or from another sort. */
export function decodeCursor(raw: string, sort: DocumentSort, order: SortOrder): DocumentListCursor {
  const cursor = decodeListCursor(raw, sort, order);
  if (!cursor) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  return cursor;
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

/**
 * What a search text is: a document number (up to 9 digits, also matched exactly), one word or BIN/IIN part
 * (`text`), or several words (`phrase`: found through its key word's trigrams, then checked whole).
 */
type SearchKind = 'text' | 'number' | 'phrase';

function searchKind(q: string): SearchKind {
  if (/^\d{1,9}$/.test(q)) return 'number';
  return keyWord(q) === undefined ? 'text' : 'phrase';
}

/**
 * The word of a several-word search most likely rare, the one the trigram index looks up: one with digits (a
 * number), else the longest; none for a single word or words too short for a trigram. A common word's trigrams have
 * posting lists as long as the table (the index reads them whole: 21 ms at 1M documents for "документ", 0.8 ms for
 * a number), so the phrase itself is checked on the rows the key word finds.
 */
export function keyWord(q: string): string | undefined {
  const words = withoutUnsafeCharacters(q.toLowerCase())
    .split(/\s+/)
    .filter((word) => word.length >= 3);
  if (words.length < 2) return undefined;
  const byRarity = [...words].sort(
    (a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length,
  );
  return byRarity[0];
}

/**
 * Columns of the documents table only, each with a trigram index, so one bitmap scan serves the search: the names
 * (`search_text`) and, for a query longer than a document number, the BIN/IINs (`search_ids`, substring and
 * prefix); a digits-only query of up to 9 digits finds that number exactly, through the number's own index.
 */
function searchCondition(eb: ListEb, kind: SearchKind, values: ListValues) {
  const ids = eb('d.search_ids', 'like', values.pattern);
  if (kind === 'phrase') {
    // The index takes the key word; the whole phrase is checked on an expression it cannot take, whose statistics
    // (migration 0028) tell the planner how common the phrase is: a common one walks the keyset index.
    const phrase = eb(sql<string>`(d.search_text || '')`, 'like', values.pattern);
    return eb.or([eb.and([eb('d.search_text', 'like', values.keyPattern), phrase]), ids]);
  }
  const text = eb('d.search_text', 'like', values.pattern);
  return kind === 'number' ? eb.or([text, eb('d.number', '=', values.number)]) : eb.or([text, ids]);
}

interface SignerSummaryJson {
  identity_number: string;
  name_ru: string;
  name_kk: string | null;
  state: 'WAITING' | 'SIGNED' | 'REJECTED';
}

/** Everything a list query's SQL text depends on (its values aside). */
export interface ListShape {
  filter: DocumentFilter;
  sort: DocumentSort;
  order: SortOrder;
  /** Rows to read: the page size and one more, to know whether a next page exists. */
  rows: number;
  cursor: boolean;
  /** The caller's membership is checked in the query. */
  member: boolean;
  folder: boolean;
  search: SearchKind | null;
}

/** The values of a list query; only those its shape uses are read. */
export interface ListValues {
  bin: string;
  box: DocumentListQuery['box'];
  memberUserId: string | undefined;
  folderId: number | undefined;
  /** `like` pattern of the search text. */
  pattern: string;
  /** `like` pattern of a phrase's key word ({@link keyWord}); the whole pattern otherwise. */
  keyPattern: string;
  /** The search text as a document number. */
  number: number;
  cursorValue: Date | string | number | undefined;
  cursorId: number | undefined;
}

/**
 * The list query of `shape`. It may be handed placeholders instead of values ({@link QueryTemplates}), so it
 * only passes `values` on to kysely, never looks at them: what changes the SQL is in the shape.
 */
export function listQuery(db: Db, shape: ListShape, values: ListValues) {
  const column = SORT_COLUMNS[shape.sort];
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
    .select(DOCUMENT_CORE_COLUMNS.map((name) => `d.${name}` as const))
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
    .where('p.company_bin', '=', values.bin)
    .where('p.box', '=', values.box)
    .where((eb) => filterCondition(eb, shape.filter));
  // Checked in the same query; an empty page then tells a non-member (FORBIDDEN) from an empty box.
  if (shape.member) select = select.where(membershipCondition(values.memberUserId as string, values.bin));
  if (shape.folder) select = select.where('p.folder_id', '=', values.folderId as number);
  const search = shape.search;
  // A search is planned for its own text on every call: a rare word is best found through the trigram index,
  // a common one by walking the keyset index, and one generic plan would pick one of them for both.
  if (search)
    select = select.where((eb) => searchCondition(eb, search, values)).modifyEnd(sql.raw(PLAN_EACH_CALL));
  if (shape.cursor) {
    select = select.where((eb) =>
      eb(
        eb.refTuple(column, 'p.document_id'),
        shape.order === 'desc' ? '<' : '>',
        eb.tuple(values.cursorValue as Date, values.cursorId as number),
      ),
    );
  }
  // The row count is part of the text (a validated integer), not a parameter: PostgreSQL keeps one generic
  // plan for a prepared statement only when it costs about what planning each call would, and with `limit $n`
  // it would assume a whole box and plan every call again.
  return select.orderBy(column, shape.order).orderBy('p.document_id', shape.order).limit(sql.lit(shape.rows));
}

const LIST_QUERIES = new QueryTemplates();

/** The compiled list query of a shape with its values, built by kysely once per shape. */
export function compileListQuery(db: Db, shape: ListShape, values: ListValues) {
  const key = `${shape.filter}|${shape.sort}|${shape.order}|${shape.rows}|${shape.cursor}|${shape.member}|${shape.folder}|${shape.search}`;
  return LIST_QUERIES.compile(db, key, values, (slots) => listQuery(db, shape, slots));
}

/**
 * One page of a company's box: keyset pagination over (sort value, id), stable under inserts, served by the
 * participant indexes (company, box, sort column, id) so the first and the thousandth page cost the same.
 * Search `q` matches a substring of the name, a counterparty's name or a BIN/IIN, or (digits only) the number.
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
  const q = query.q || undefined;
  const shape: ListShape = {
    filter,
    sort,
    order,
    rows: limit + 1,
    cursor: cursor !== undefined,
    member: memberUserId !== undefined,
    folder: query.folderId !== undefined,
    search: q === undefined ? null : searchKind(q),
  };
  const values: ListValues = {
    bin,
    box: query.box,
    memberUserId,
    folderId: query.folderId,
    pattern: q === undefined ? '' : likePattern(q),
    keyPattern: q === undefined ? '' : likePattern(keyWord(q) ?? q),
    number: q === undefined ? 0 : Number(q),
    cursorValue: cursor && (sort === 'createdAt' || sort === 'updatedAt') ? new Date(cursor.v) : cursor?.v,
    cursorId: cursor?.i,
  };
  const { rows } = await db.executeQuery(compileListQuery(db, shape, values));

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
