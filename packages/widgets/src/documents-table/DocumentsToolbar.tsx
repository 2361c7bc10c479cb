import { mdiMagnify } from '@mdi/js';
import {
  DOCUMENT_SEARCH_MAX,
  DOCUMENT_SORTS,
  type DocumentFilter,
  type DocumentSort,
  type Lang,
  SORT_ORDERS,
  type SortOrder,
} from '@qoltanba/core';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { documentsT } from '../documents-common';
import { Icon } from '../icon';
import { segment } from '../styles/segmented.css';
import { visuallyHidden } from '../styles/visually-hidden.css';
import {
  filterGroup,
  filterSegment,
  searchBox,
  searchIcon,
  searchInput,
  select,
  sortLabel,
  toolbar,
} from './DocumentsTable.css';
import { documentsTableT } from './texts';

/** Props of the table's toolbar. */
export interface DocumentsToolbarProps {
  lang: Lang;
  filters: readonly DocumentFilter[];
  filter: DocumentFilter;
  onFilterChange?: (filter: DocumentFilter) => void;
  defaultSearch: string;
  searchDelayMs: number;
  onSearch?: (query: string) => void;
  sort: DocumentSort;
  order: SortOrder;
  onSortChange?: (sort: DocumentSort, order: SortOrder) => void;
}

/** Filter segments of the box, the debounced search box and the sort select. */
export function DocumentsToolbar(props: DocumentsToolbarProps): JSX.Element {
  const { lang, filters, filter, onFilterChange, onSearch, searchDelayMs, sort, order, onSortChange } = props;
  const t = documentsTableT(lang);
  const common = documentsT(lang);
  const id = useId();
  const [query, setQuery] = useState(props.defaultSearch);
  const sent = useRef(props.defaultSearch.trim());
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  const emit = (value: string): void => {
    const trimmed = value.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearchRef.current?.(trimmed);
  };

  const emitRef = useRef(emit);
  emitRef.current = emit;

  // Typing settles for searchDelayMs before the search is reported; Enter reports at once.
  useEffect(() => {
    const timer = setTimeout(() => emitRef.current(query), searchDelayMs);
    return () => clearTimeout(timer);
  }, [query, searchDelayMs]);

  return (
    <div className={toolbar}>
      {filters.length > 1 ? (
        <fieldset aria-label={t('filters')} className={filterGroup}>
          {filters.map((value) => (
            <button
              key={value}
              type="button"
              className={`${segment} ${filterSegment}`}
              aria-pressed={value === filter}
              onClick={() => value !== filter && onFilterChange?.(value)}
            >
              {common(`filter.${value}`)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className={searchBox}>
        <label htmlFor={`${id}-search`} className={visuallyHidden}>
          {t('search')}
        </label>
        <Icon path={mdiMagnify} className={searchIcon} />
        <input
          id={`${id}-search`}
          type="search"
          className={searchInput}
          value={query}
          maxLength={DOCUMENT_SEARCH_MAX}
          placeholder={t('searchHint')}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') emit(query);
          }}
        />
        <span id={`${id}-search-hint`} className={visuallyHidden}>
          {t('searchHint')}
        </span>
      </div>
      <label className={sortLabel}>
        <span>{t('sort')}</span>
        <select
          className={select}
          value={`${sort}:${order}`}
          onChange={(event) => {
            const [nextSort, nextOrder] = event.target.value.split(':') as [DocumentSort, SortOrder];
            onSortChange?.(nextSort, nextOrder);
          }}
        >
          {DOCUMENT_SORTS.flatMap((key) =>
            SORT_ORDERS.map((direction) => (
              <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {t(`sortOption.${key}.${direction}`)}
              </option>
            )),
          )}
        </select>
      </label>
    </div>
  );
}
