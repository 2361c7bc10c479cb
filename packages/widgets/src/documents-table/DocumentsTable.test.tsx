import { setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTING, SAMPLE_SUMMARIES, TRASH_SUMMARIES } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { DocumentsTable, type DocumentsTableProps } from './DocumentsTable';
import * as stories from './DocumentsTable.stories';

function renderTable(props: Partial<DocumentsTableProps> = {}) {
  const onOpen = vi.fn();
  const view = render(
    <DocumentsTable
      box="outgoing"
      documents={SAMPLE_SUMMARIES}
      actingBin={ACTING.bin}
      onOpen={onOpen}
      {...props}
    />,
  );
  return { ...view, onOpen };
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('DocumentsTable', () => {
  beforeEach(() => setLocale('en'));
  afterEach(() => vi.useRealTimers());

  it('shows number, name, counterparties, localized status and dates of each row', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No.',
      'Name',
      'Counterparties',
      'Status',
      'Created',
      'Changed',
    ]);
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByRole('button', { name: 'Договор поставки № 15/2025' })).toBeTruthy();
    expect(first.getByText('1001')).toBeTruthy();
    expect(first.getByText('АО «Бета», ТОО «Гамма Логистик»')).toBeTruthy();
    expect(first.getByText('Out for signing')).toBeTruthy();
    expect(first.getByText('Files: 3')).toBeTruthy();
    expect(first.getAllByText(/2025/).length).toBeGreaterThanOrEqual(2);
    const statuses = rows().map((row) => row.querySelector('[data-status]')?.textContent);
    expect(statuses).toEqual([
      'Out for signing',
      'Signed',
      'Rejected',
      'Revoked',
      'Draft',
      'Out for signing',
    ]);
  });

  it('lists the sender and the other signers of an incoming document, not the acting company', () => {
    renderTable();
    expect(within(rows()[5] as HTMLElement).getByText('АО «Бета», ТОО «Дельта Строй»')).toBeTruthy();
    expect(within(rows()[4] as HTMLElement).getByText('—')).toBeTruthy();
  });

  it.each([
    ['ru', ['На подписании', 'Подписан', 'Отклонён', 'Отозван', 'Черновик']],
    ['kk', ['Қол қоюда', 'Қол қойылған', 'Қабылданбаған', 'Кері шақырылған', 'Жоба']],
  ] as const)('names the statuses in %s', (lang, names) => {
    setLocale(lang);
    renderTable();
    const statuses = rows().map((row) => row.querySelector('[data-status]')?.textContent);
    expect(statuses.slice(0, 5)).toEqual(names);
  });

  it('opens a document by a row click or its name button, once', () => {
    const { onOpen } = renderTable();
    fireEvent.click(within(rows()[1] as HTMLElement).getByText('1002'));
    expect(onOpen).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Счёт-фактура 0042' }));
    expect(onOpen).toHaveBeenLastCalledWith(4);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("offers the box's filters and reports a change", () => {
    const onFilterChange = vi.fn();
    renderTable({ box: 'incoming', filter: 'needToSign', onFilterChange });
    const group = screen.getByRole('group', { name: 'Filter' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'All',
      'Need to sign',
      'Signed by you',
      'Signed by everyone',
      'In process',
      'Signed by you or in process',
      'Canceled',
    ]);
    expect(
      buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.textContent),
    ).toEqual(['Need to sign']);
    fireEvent.click(within(group).getByRole('button', { name: 'Canceled' }));
    expect(onFilterChange).toHaveBeenCalledExactlyOnceWith('canceled');
    fireEvent.click(within(group).getByRole('button', { name: 'Need to sign' }));
    expect(onFilterChange).toHaveBeenCalledOnce();
  });

  it('reports the search once typing pauses, trimmed, and at once on Enter', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderTable({ onSearch, searchDelayMs: 300 });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'дог' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'договор ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('договор');
    fireEvent.change(box, { target: { value: '0042' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('0042');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('says nothing was found for the search', () => {
    vi.useFakeTimers();
    renderTable({ documents: [], defaultSearch: 'xyz' });
    expect(screen.getByText('Nothing found for “xyz”')).toBeTruthy();
  });

  it('reports a sort choice as key and order', () => {
    const onSortChange = vi.fn();
    renderTable({ sort: 'createdAt', order: 'desc', onSortChange });
    const select = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Newest first');
    fireEvent.change(select, { target: { value: 'name:asc' } });
    expect(onSortChange).toHaveBeenCalledExactlyOnceWith('name', 'asc');
  });

  it('loads more while the server has more, and not twice while loading', () => {
    const onLoadMore = vi.fn();
    const { rerender, onOpen } = renderTable({ hasMore: true, onLoadMore });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    rerender(
      <DocumentsTable
        box="outgoing"
        documents={SAMPLE_SUMMARIES}
        hasMore
        loadingMore
        onLoadMore={onLoadMore}
        onOpen={onOpen}
      />,
    );
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    expect(onLoadMore).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Shown: 6');
    rerender(<DocumentsTable box="outgoing" documents={SAMPLE_SUMMARIES} onOpen={onOpen} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows loading, empty and error states, with retry', () => {
    const onRetry = vi.fn();
    const { rerender, onOpen } = renderTable({ documents: [], loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<DocumentsTable box="draft" documents={[]} onOpen={onOpen} />);
    expect(screen.getByText('No documents here yet')).toBeTruthy();
    rerender(
      <DocumentsTable box="draft" documents={[]} error="NETWORK_ERROR" onRetry={onRetry} onOpen={onOpen} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not reach the server. Check your internet connection',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the rows when a later page fails', () => {
    renderTable({ error: 'INTERNAL_ERROR', onRetry: vi.fn(), hasMore: true });
    expect(rows()).toHaveLength(6);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the days left in the trash', () => {
    renderTable({ box: 'trash', documents: TRASH_SUMMARIES });
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Deleted');
    expect(rows().map((row) => row.lastElementChild?.textContent)).toEqual([
      'Deletedtoday',
      'Deletedtomorrow',
      'Deletedin 12 days',
    ]);
  });

  it('has no axe violations with rows, filters and paging', async () => {
    const { container } = renderTable({ box: 'incoming', hasMore: true });
    await expectNoAxeViolations(container);
  });
});

describe('DocumentsTable stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) =>
    expect(container.querySelector('input[type="search"]')).toBeTruthy(),
  );
});
