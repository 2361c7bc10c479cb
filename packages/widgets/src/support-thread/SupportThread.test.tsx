import { setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CLOSED, SAMPLE_MESSAGES, SAMPLE_THREAD } from '../story-support/support-fixtures';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SupportThread } from './SupportThread';
import * as stories from './SupportThread.stories';

const href = (attachment: { id: number }) => `/files/${attachment.id}`;

describe('SupportThread', () => {
  beforeEach(() => setLocale('en'));

  it('shows the visitor and the messages oldest first, by author, as text only', () => {
    render(<SupportThread conversation={SAMPLE_THREAD} messages={SAMPLE_MESSAGES} attachmentHref={href} />);
    expect(screen.getByRole('heading', { name: 'Visitor #12' })).toBeTruthy();
    expect(screen.getByText('Language: Kazakh')).toBeTruthy();
    // The page is text, never a link a visitor chose.
    expect(screen.getByText('Page: https://qoltanba.kz/cabinet/incoming')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /qoltanba\.kz/ })).toBeNull();
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Visitor',
      'Visitor',
      'Operator Айгерім',
      'Visitor',
    ]);
    expect(items[0]?.textContent).toContain('Құжатқа қол қоя алмай жатырмын.\nNCALayer қосулы.');
    expect(items[3]?.textContent).toContain('<b>ошибка</b> <script>alert(1)</script>');
    expect(log.querySelector('b, script')).toBeNull();
  });

  it('offers the earlier messages when there are more, outside the live region', () => {
    const onLoadEarlier = vi.fn();
    const { rerender } = render(
      <SupportThread
        conversation={SAMPLE_THREAD}
        messages={SAMPLE_MESSAGES.slice(2)}
        attachmentHref={href}
        onLoadEarlier={onLoadEarlier}
      />,
    );
    const earlier = screen.getByRole('button', { name: 'Earlier messages' });
    expect(screen.getByRole('log').contains(earlier)).toBe(false);
    fireEvent.click(earlier);
    expect(onLoadEarlier).toHaveBeenCalledTimes(1);
    rerender(
      <SupportThread
        conversation={SAMPLE_THREAD}
        messages={SAMPLE_MESSAGES.slice(2)}
        attachmentHref={href}
        onLoadEarlier={onLoadEarlier}
        loadingEarlier
      />,
    );
    expect(screen.getByRole('button', { name: 'Earlier messages' }).getAttribute('aria-busy')).toBe('true');
    rerender(<SupportThread conversation={SAMPLE_THREAD} messages={SAMPLE_MESSAGES} attachmentHref={href} />);
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).toBeNull();
    expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(SAMPLE_MESSAGES.length);
  });

  it('offers attachments as download links, downloaded in place when asked', () => {
    const onDownload = vi.fn();
    render(
      <SupportThread
        conversation={SAMPLE_THREAD}
        messages={SAMPLE_MESSAGES}
        attachmentHref={href}
        onDownload={onDownload}
      />,
    );
    const link = screen.getByRole('link', { name: /^Download қате\.png, 47/ });
    expect([link.getAttribute('href'), link.getAttribute('download')]).toEqual(['/files/7', 'қате.png']);
    expect(fireEvent.click(link)).toBe(false);
    expect(onDownload).toHaveBeenCalledWith(SAMPLE_MESSAGES[1]?.attachment, SAMPLE_MESSAGES[1]);
  });

  it('keeps its live region when a message arrives, and starts a new one for another conversation', () => {
    const { rerender } = render(
      <SupportThread
        conversation={SAMPLE_THREAD}
        messages={SAMPLE_MESSAGES.slice(0, 2)}
        attachmentHref={href}
      />,
    );
    const log = screen.getByRole('log');
    act(() =>
      rerender(
        <SupportThread conversation={SAMPLE_THREAD} messages={SAMPLE_MESSAGES} attachmentHref={href} />,
      ),
    );
    expect(screen.getByRole('log')).toBe(log);
    expect(within(log).getAllByRole('listitem')).toHaveLength(4);
    const other = { ...SAMPLE_THREAD, id: 99 };
    rerender(<SupportThread conversation={other} messages={SAMPLE_MESSAGES} attachmentHref={href} />);
    expect(screen.getByRole('log')).not.toBe(log);
  });

  it('shows a closed conversation, the back button, loading and errors', () => {
    const onBack = vi.fn();
    const onRetry = vi.fn();
    const { rerender } = render(
      <SupportThread
        conversation={SAMPLE_CLOSED[0]}
        messages={SAMPLE_MESSAGES}
        attachmentHref={href}
        onBack={onBack}
        backLabel="All conversations"
      />,
    );
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText(/^Closed .*2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All conversations' }));
    expect(onBack).toHaveBeenCalledOnce();
    rerender(<SupportThread conversation={undefined} messages={[]} loading attachmentHref={href} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(
      <SupportThread
        conversation={undefined}
        messages={[]}
        error="ENTITY_NOT_FOUND"
        onRetry={onRetry}
        attachmentHref={href}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('SupportThread stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('section')).toBeTruthy());
});
