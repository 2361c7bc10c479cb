import {
  BOX_FILTERS,
  companyParamsSchema,
  DOCUMENT_PAGE_SIZE,
  type DocumentListQuery,
  type DocumentSort,
  decodeListCursor,
  documentBox,
  documentListQuerySchema,
  encodeListCursor,
  type ListedPart,
  matchesFilter,
  type SortOrder,
} from '@qoltanba/core';
import { type FakeContext, json, parseInput, refuse } from '../fakeHttp';
import type { DocumentsParts } from './parts';
import type { FakeDocumentRecord } from './records';

// The document list of a company (listDocuments): box, filter and search as the server's, sorted and paged by
// a keyset cursor made for one sort and order.

/** The listDocuments route. */
export function documentListRoutes({
  store: { documents },
  access: { actingCompany, signerOf, visible },
  views: { summaryView },
}: DocumentsParts) {
  /** The company's part in `record` as core's list rules see it (its own signature: the sender's too). */
  function listedPart(record: FakeDocumentRecord, bin: string): ListedPart {
    const sender = record.sender.bin === bin;
    return {
      status: record.status,
      role: sender ? 'sender' : 'signer',
      trashed: record.trashedAt.has(bin),
      signed: sender ? record.senderSigned === true : signerOf(record, bin)?.state === 'SIGNED',
    };
  }

  /** The server's search: a substring of the name or a party's name, the number, or a BIN/IIN exactly. */
  function matchesSearch(record: FakeDocumentRecord, q: string | undefined): boolean {
    if (!q) return true;
    const needle = q.toLowerCase();
    const names = [record.name, record.sender.nameRu, record.sender.nameKk]
      .concat(record.signers.flatMap((signer) => [signer.nameRu, signer.nameKk]))
      .filter((name): name is string => typeof name === 'string');
    if (names.some((name) => name.toLowerCase().includes(needle))) return true;
    if (/^\d{1,9}$/.test(q) && record.number === Number(q)) return true;
    return (
      /^\d{12}$/.test(q) &&
      (record.sender.bin === q || record.signers.some((signer) => signer.identityNumber === q))
    );
  }

  type SortValue = string | number;
  function sortValue(record: FakeDocumentRecord, sort: NonNullable<DocumentListQuery['sort']>): SortValue {
    return record[sort];
  }

  function compareKeys(a: [SortValue, number], b: [SortValue, number]): number {
    if (a[0] < b[0]) return -1;
    if (a[0] > b[0]) return 1;
    return a[1] - b[1];
  }

  /** The cursor of a request (core's); VALIDATION_FAILED when it is garbage or made for another sort or order. */
  function decodeCursor(cursor: string, sort: DocumentSort, order: SortOrder): [SortValue, number] {
    const decoded = decodeListCursor(cursor, sort, order);
    if (!decoded) refuse('VALIDATION_FAILED', { field: 'cursor' });
    return [decoded.v, decoded.i];
  }

  function listDocuments(context: FakeContext): Response {
    const query = parseInput(documentListQuerySchema, Object.fromEntries(context.query));
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const filter = query.filter ?? 'all';
    if (!BOX_FILTERS[query.box].includes(filter)) refuse('VALIDATION_FAILED', { field: 'filter' });
    const sort = query.sort ?? 'createdAt';
    const order = query.order ?? 'desc';
    const direction = order === 'asc' ? 1 : -1;
    const keyOf = (record: FakeDocumentRecord): [SortValue, number] => [sortValue(record, sort), record.id];
    const after = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
    const matching = [...documents.values()]
      .filter(
        (record) =>
          visible(record, bin) &&
          documentBox(listedPart(record, bin)) === query.box &&
          matchesFilter(listedPart(record, bin), filter) &&
          matchesSearch(record, query.q) &&
          (query.folderId === undefined || record.folderOf.get(bin) === query.folderId),
      )
      .sort((a, b) => direction * compareKeys(keyOf(a), keyOf(b)))
      .filter((record) => after === undefined || direction * compareKeys(keyOf(record), after) > 0);
    const limit = query.limit ?? DOCUMENT_PAGE_SIZE;
    const page = matching.slice(0, limit);
    const last = page.at(-1);
    const nextCursor =
      matching.length > limit && last
        ? encodeListCursor({ s: sort, o: order, v: keyOf(last)[0], i: last.id })
        : null;
    return json(200, { items: page.map((record) => summaryView(record, bin)), nextCursor });
  }

  return { listDocuments };
}
