import { mdiLoading } from '@mdi/js';
import { useStore } from '@nanostores/react';
import {
  BOX_FILTERS,
  type DocumentBox,
  type DocumentFilter,
  type DocumentSort,
  type DocumentSummary,
  type ErrorCode,
  type Lang,
  type SortOrder,
} from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { type JSX, type MouseEvent, type ReactNode, useState } from 'react';
import {
  button,
  codeText,
  documentsT,
  formatDate,
  formatDaysLeft,
  muted,
  partyName,
  StateView,
  StatusBadge,
  spinner,
  widgetRoot,
} from '../documents-common';
import { Icon } from '../icon';
import {
  body,
  cell,
  cellLabel,
  cellValue,
  footer,
  head,
  headCell,
  layout,
  nameButton,
  row,
  table,
} from './DocumentsTable.css';
import { DocumentsToolbar } from './DocumentsToolbar';
import { documentsTableT } from './texts';

/** Props of {@link DocumentsTable}. */
export interface DocumentsTableProps {
  /** The list screen: its filters come from core's BOX_FILTERS; trash adds the deletion column. */
  box: DocumentBox;
  /** The rows loaded so far (every page, in order). */
  documents: readonly DocumentSummary[];
  /** The chosen filter; default the box's first. */
  filter?: DocumentFilter;
  onFilterChange?: (filter: DocumentFilter) => void;
  /** Search text to start with (e.g. from the address). */
  defaultSearch?: string;
  /** Called with the trimmed text once typing pauses for `searchDelayMs` (default 300), or on Enter. */
  onSearch?: (query: string) => void;
  searchDelayMs?: number;
  sort?: DocumentSort;
  order?: SortOrder;
  onSortChange?: (sort: DocumentSort, order: SortOrder) => void;
  /** The acting company: left out of a row's counterparties. */
  actingBin?: string;
  /** The first page (or a new filter/search/sort) is loading. */
  loading?: boolean;
  /** Loading failed: with no rows the table shows the error, else an alert under the rows. */
  error?: ErrorCode;
  onRetry?: () => void;
  /** The server has more rows (keyset pagination: the next cursor is not null). */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Called when a row is clicked or its name activated with the keyboard. */
  onOpen: (id: number) => void;
  className?: string;
}

/** A document's counterparties: the signers for its sender, else the sender and the other signers. */
function counterparties(document: DocumentSummary, lang: Lang, actingBin: string | undefined): string {
  const parties = document.role === 'sender' ? document.signers : [document.sender, ...document.signers];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const party of parties) {
    const bin = 'bin' in party ? party.bin : party.identityNumber;
    if (bin === actingBin || seen.has(bin)) continue;
    seen.add(bin);
    names.push(partyName(party, lang));
  }
  return names.join(', ');
}

/**
 * The list screen of a box (incoming, outgoing, drafts, trash): filter segments, debounced search, sort, rows
 * with number, name, counterparties, status, dates (and days left in the trash), and "Load more". A row click
 * or its name button (Enter/Space) opens the document. Below 640 px of width the rows become cards.
 *
 * @example <DocumentsTable box="incoming" documents={page.items} hasMore={!!page.nextCursor} onOpen={open} />
 */
export function DocumentsTable(props: DocumentsTableProps): JSX.Element {
  const { box, documents, loading = false, error, loadingMore = false, onOpen } = props;
  const lang = useStore($locale);
  const t = documentsTableT(lang);
  const filters = BOX_FILTERS[box];
  const filter = props.filter ?? filters[0] ?? 'all';
  const search = props.defaultSearch ?? '';
  const [query, setQuery] = useState(search.trim());
  const inTrash = box === 'trash';
  const columns = ['number', 'name', 'counterparties', 'status', 'created', 'updated'] as const;

  const openRow = (event: MouseEvent, id: number) => {
    // The name button opens on its own; a click on it must not open twice.
    if (event.target instanceof Element && event.target.closest('button, a')) return;
    onOpen(id);
  };

  const content = (() => {
    if (documents.length === 0 && loading) return <StateView kind="loading" />;
    if (documents.length === 0 && error)
      return <StateView kind="error" error={error} onRetry={props.onRetry} />;
    if (documents.length === 0) {
      return <StateView kind="empty">{query ? t('nothingFound', { q: query }) : t('empty')}</StateView>;
    }
    return (
      <table className={table} aria-busy={loading || undefined}>
        <thead className={head}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={headCell}>
                {t(`column.${column}`)}
              </th>
            ))}
            {inTrash ? (
              <th scope="col" className={headCell}>
                {t('column.deletion')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={body}>
          {/* The name button is each row's keyboard target; the row's click is a larger mouse target. */}
          {documents.map((document) => (
            <tr key={document.id} className={row} onClick={(event) => openRow(event, document.id)}>
              <Cell label={t('column.number')} nowrap>
                {document.number}
              </Cell>
              <Cell label={t('column.name')}>
                <button type="button" className={nameButton} onClick={() => onOpen(document.id)}>
                  {document.name}
                </button>
                {document.fileCount > 1 ? (
                  <div className={muted}>{t('files', { n: document.fileCount })}</div>
                ) : null}
              </Cell>
              <Cell label={t('column.counterparties')}>
                {counterparties(document, lang, props.actingBin) || '—'}
              </Cell>
              <Cell label={t('column.status')}>
                <StatusBadge status={document.status} />
              </Cell>
              <Cell label={t('column.created')} nowrap>
                {formatDate(document.createdAt, lang)}
              </Cell>
              <Cell label={t('column.updated')} nowrap>
                {formatDate(document.updatedAt, lang)}
              </Cell>
              {inTrash ? (
                <Cell label={t('column.deletion')} nowrap>
                  {document.trash ? formatDaysLeft(document.trash.daysLeft, lang) : '—'}
                </Cell>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    );
  })();

  return (
    <section
      aria-label={documentsT(lang)(`box.${box}`)}
      className={[widgetRoot, layout, props.className].filter(Boolean).join(' ')}
    >
      <DocumentsToolbar
        lang={lang}
        filters={filters}
        filter={filter}
        onFilterChange={props.onFilterChange}
        defaultSearch={search}
        searchDelayMs={props.searchDelayMs ?? 300}
        onSearch={(next) => {
          setQuery(next);
          props.onSearch?.(next);
        }}
        sort={props.sort ?? 'createdAt'}
        order={props.order ?? 'desc'}
        onSortChange={props.onSortChange}
      />
      {content}
      {documents.length > 0 ? (
        <div className={footer}>
          <span role="status" className={muted}>
            {loading ? null : t('shown', { n: documents.length })}
          </span>
          {error ? <span role="alert">{codeText(error, lang)}</span> : null}
          {error && props.onRetry ? (
            <button type="button" className={button.secondary} onClick={props.onRetry}>
              {documentsT(lang)('retry')}
            </button>
          ) : null}
          {props.hasMore && !error ? (
            <button
              type="button"
              className={button.secondary}
              aria-busy={loadingMore || undefined}
              aria-disabled={loadingMore || undefined}
              onClick={() => {
                if (!loadingMore) props.onLoadMore?.();
              }}
            >
              {loadingMore ? <Icon path={mdiLoading} className={spinner} /> : null}
              {loadingMore ? t('loadingMore') : t('loadMore')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A cell with its own label for the card layout. */
function Cell({
  label,
  nowrap,
  children,
}: {
  label: string;
  nowrap?: boolean;
  children: ReactNode;
}): JSX.Element {
  return (
    <td className={cell} data-nowrap={nowrap || undefined}>
      <span className={cellLabel} aria-hidden="true">
        {label}
      </span>
      <span className={cellValue}>{children}</span>
    </td>
  );
}
