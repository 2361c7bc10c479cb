import { setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CONVERSATIONS } from '../story-support/support-fixtures';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SupportConversationList, type SupportConversationListProps } from './SupportConversationList';
import * as stories from './SupportConversationList.stories';

function renderList(props: Partial<SupportConversationListProps> = {}) {
  const onOpen = vi.fn();
  const onStatusChange = vi.fn();
  const view = render(
    <SupportConversationList
      conversations={SAMPLE_CONVERSATIONS}
      status="open"
      selectedId={11}
      hrefOf={(conversation) => `/cabinet/support?conversation=${conversation.id}`}
      onOpen={onOpen}
      onStatusChange={onStatusChange}
      {...props}
    />,
  );
  return { ...view, onOpen, onStatusChange };
}

const links = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link');

describe('SupportConversationList', () => {
  beforeEach(() => setLocale('en'));

  it('shows each conversation as a link with visitor, kind, preview and unread count', () => {
    renderList();
    const rows = links();
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/cabinet/support?conversation=12',
      '/cabinet/support?conversation=11',
      '/cabinet/support?conversation=9',
    ]);
    expect(rows[0]?.textContent).toContain('Visitor #12');
    expect(rows[0]?.textContent).toContain('Anonymous visitor');
    // The preview is text: the markup a visitor typed is shown, not rendered.
    expect(rows[0]?.textContent).toContain('<b>ошибка</b> <script>alert(1)</script>');
    expect(rows[0]?.querySelector('b, script')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('3 unread')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Данияр Ахметов');
    expect(rows[1]?.getAttribute('aria-current')).toBe('page');
    expect(rows[2]?.textContent).toContain("Partner site's user");
    expect(rows[2]?.textContent).not.toContain('unread');
  });

  it('opens a conversation in place on a plain click, and leaves a modified click to the browser', () => {
    const { onOpen } = renderList();
    const [first] = links();
    if (!first) throw new Error('no row');
    expect(fireEvent.click(first)).toBe(false);
    expect(onOpen).toHaveBeenCalledWith(SAMPLE_CONVERSATIONS[0]);
    expect(fireEvent.click(first, { ctrlKey: true })).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('switches tabs by click and by arrow keys', () => {
    const { onStatusChange } = renderList();
    const open = screen.getByRole('tab', { name: 'Open' });
    expect(open.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(open.id);
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(onStatusChange).toHaveBeenLastCalledWith('closed');
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    expect(onStatusChange).toHaveBeenLastCalledWith('closed');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Closed' }));
  });

  it('shows loading, empty per tab, error with retry, and more pages', () => {
    const onRetry = vi.fn();
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <SupportConversationList conversations={[]} status="open" loading hrefOf={() => '#'} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<SupportConversationList conversations={[]} status="closed" hrefOf={() => '#'} />);
    expect(screen.getByText('No closed conversations')).toBeTruthy();
    rerender(
      <SupportConversationList
        conversations={[]}
        status="open"
        error="NETWORK_ERROR"
        onRetry={onRetry}
        hrefOf={() => '#'}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(
      <SupportConversationList
        conversations={SAMPLE_CONVERSATIONS}
        status="open"
        hasMore
        onLoadMore={onLoadMore}
        hrefOf={() => '#'}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('speaks Kazakh and Russian', () => {
    setLocale('kk');
    const { rerender } = renderList();
    expect(screen.getByRole('heading', { name: 'Сөйлесулер' })).toBeTruthy();
    expect(screen.getByText('Келуші №12')).toBeTruthy();
    setLocale('ru');
    rerender(
      <SupportConversationList conversations={SAMPLE_CONVERSATIONS} status="open" hrefOf={() => '#'} />,
    );
    expect(screen.getByText('непрочитанных: 3')).toBeTruthy();
  });
});

describe('SupportConversationList stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('section')).toBeTruthy());
});
