import type { DocumentSummary } from '@qoltanba/core';
import type { Meta, StoryObj } from '@storybook/react';
import { type ComponentProps, useState } from 'react';
import { ACTING, SAMPLE_SUMMARIES, TRASH_SUMMARIES } from '../story-support/document-fixtures';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { DocumentsTable } from './DocumentsTable';

// Filters, sorts, searches and pages the sample rows in memory, as the sdk's list store would on the server.
function Stateful(props: ComponentProps<typeof DocumentsTable>) {
  const [filter, setFilter] = useState(props.filter);
  const [sort, setSort] = useState(props.sort ?? 'createdAt');
  const [order, setOrder] = useState(props.order ?? 'desc');
  const [query, setQuery] = useState('');
  const [pages, setPages] = useState(1);
  const [opened, setOpened] = useState<number>();
  const matches = (doc: DocumentSummary) =>
    !query || `${doc.number} ${doc.name}`.toLowerCase().includes(query.toLowerCase());
  const sorted = props.documents.filter(matches).sort((a, b) => {
    const sign = order === 'asc' ? 1 : -1;
    return String(a[sort]).localeCompare(String(b[sort]), 'ru', { numeric: true }) * sign;
  });
  const shown = sorted.slice(0, pages * 4);
  return (
    <>
      <DocumentsTable
        {...props}
        documents={props.loading || props.error ? props.documents : shown}
        filter={filter}
        onFilterChange={setFilter}
        sort={sort}
        order={order}
        onSortChange={(nextSort, nextOrder) => {
          setSort(nextSort);
          setOrder(nextOrder);
        }}
        onSearch={setQuery}
        hasMore={props.hasMore ?? shown.length < sorted.length}
        onLoadMore={() => setPages((n) => n + 1)}
        onOpen={setOpened}
      />
      <p>{opened ? `onOpen(${opened})` : null}</p>
    </>
  );
}

const meta = {
  title: 'Documents/DocumentsTable',
  component: DocumentsTable,
  args: { box: 'outgoing', documents: SAMPLE_SUMMARIES, actingBin: ACTING.bin, onOpen: () => undefined },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof DocumentsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Outgoing documents, one in each status; four rows a page, then "Load more". */
export const Outgoing: Story = {};

/** Incoming documents with their filters. */
export const Incoming: Story = { args: { box: 'incoming' } };

/** The trash: TRASH badges and the days left before deletion. */
export const Trash: Story = { args: { box: 'trash', documents: TRASH_SUMMARIES } };

/** The first page is loading. */
export const Loading: Story = { args: { documents: [], loading: true } };

/** Nothing in the box yet. */
export const Empty: Story = { args: { box: 'draft', documents: [] } };

/** The first page failed. */
export const LoadError: Story = {
  args: { documents: [], error: 'NETWORK_ERROR', onRetry: () => undefined },
};

/** A later page is loading. */
export const LoadingMore: Story = { args: { hasMore: true, loadingMore: true } };

/** A later page failed: the rows stay, an alert and "Try again" show under them. */
export const LoadMoreError: Story = { args: { error: 'INTERNAL_ERROR', onRetry: () => undefined } };

/** Rows become cards at phone width. */
export const OnPhone: Story = onPhone;

/** In Russian. */
export const Russian: Story = inRussian;

/** In English. */
export const English: Story = inEnglish;
