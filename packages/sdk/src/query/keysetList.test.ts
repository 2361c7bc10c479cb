import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { createKeysetList, type KeysetListState, type KeysetPage } from './keysetList';

interface Call {
  cursor: string | undefined;
  signal: AbortSignal;
  resolve(page: KeysetPage<number>): void;
  reject(error: unknown): void;
}

/** A list whose pages the test answers by hand, with the state its changes build. */
function harness(
  options: { ready?: () => boolean; merge?: (shown: number[], page: number[]) => number[] } = {},
) {
  const calls: Call[] = [];
  let state: KeysetListState<number> = {
    items: [],
    status: 'idle',
    loadingMore: false,
    error: undefined,
    hasMore: false,
  };
  const settled = vi.fn();
  const list = createKeysetList<number>({
    fetchPage: (cursor, signal) =>
      new Promise((resolve, reject) => {
        calls.push({ cursor, signal, resolve, reject });
      }),
    onChange: (changes) => {
      state = { ...state, ...changes };
    },
    items: () => state.items,
    action: 'test-list',
    onLoadSettled: settled,
    ...options,
  });
  return { list, calls, settled, state: () => state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keyset list', () => {
  it('loads the first page, then the next ones by cursor until the end', async () => {
    const { list, calls, state } = harness();
    const first = list.reload();
    expect(state().status).toBe('loading');
    calls[0]?.resolve({ items: [1, 2], nextCursor: 'c2' });
    await first;
    expect(state()).toMatchObject({ items: [1, 2], status: 'loaded', hasMore: true });

    const more = list.loadMore();
    expect(state().loadingMore).toBe(true);
    expect(calls[1]?.cursor).toBe('c2');
    calls[1]?.resolve({ items: [3], nextCursor: null });
    await more;
    expect(state()).toMatchObject({ items: [1, 2, 3], loadingMore: false, hasMore: false });

    await list.loadMore();
    expect(calls).toHaveLength(2);
  });

  it('sends one request for concurrent loadMore calls, and waits for a reload in progress instead', async () => {
    const { list, calls, state } = harness();
    const first = list.reload();
    const during = list.loadMore();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve({ items: [1], nextCursor: 'c2' });
    await Promise.all([first, during]);

    const a = list.loadMore();
    const b = list.loadMore();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve({ items: [2], nextCursor: 'c3' });
    await Promise.all([a, b]);
    expect(state().items).toEqual([1, 2]);

    // The shared request is over: the next call asks again.
    const c = list.loadMore();
    expect(calls).toHaveLength(3);
    calls[2]?.resolve({ items: [3], nextCursor: null });
    await c;
    expect(state().items).toEqual([1, 2, 3]);
  });

  it('never lands a stale first page after a reload', async () => {
    const { list, calls, state, settled } = harness();
    const old = list.reload();
    const fresh = list.reload();
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[1]?.resolve({ items: [10], nextCursor: null });
    await fresh;
    calls[0]?.resolve({ items: [1, 2], nextCursor: 'c2' });
    await old;
    expect(state()).toMatchObject({ items: [10], status: 'loaded', hasMore: false });
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('never lands a stale next page after a reload, nor after cancel', async () => {
    const { list, calls, state } = harness();
    const first = list.reload();
    calls[0]?.resolve({ items: [1], nextCursor: 'c2' });
    await first;

    const more = list.loadMore();
    const again = list.reload();
    calls[2]?.resolve({ items: [5], nextCursor: null });
    await again;
    calls[1]?.resolve({ items: [2], nextCursor: 'c3' });
    await more;
    expect(state()).toMatchObject({ items: [5], hasMore: false });

    const next = list.reload();
    calls[3]?.resolve({ items: [7], nextCursor: 'c8' });
    await next;
    const late = list.loadMore();
    list.cancel();
    expect(calls[4]?.signal.aborted).toBe(true);
    calls[4]?.resolve({ items: [8], nextCursor: null });
    await late;
    expect(state().items).toEqual([7]);
    // After cancel there is no cursor: loadMore asks nothing until a reload.
    await list.loadMore();
    expect(calls).toHaveLength(5);
  });

  it('reports a failed first page with its code and empties the list', async () => {
    const { list, calls, state, settled } = harness();
    const first = list.reload();
    calls[0]?.reject(new ApiError(503, 'DATABASE_UNAVAILABLE', 'down'));
    await first;
    expect(state()).toMatchObject({
      items: [],
      status: 'failed',
      error: 'DATABASE_UNAVAILABLE',
      hasMore: false,
    });
    expect(settled).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows when a next page fails, and the next call tries the same cursor again', async () => {
    const { list, calls, state } = harness();
    const first = list.reload();
    calls[0]?.resolve({ items: [1], nextCursor: 'c2' });
    await first;
    const more = list.loadMore();
    calls[1]?.reject(new ApiError(503, 'DATABASE_UNAVAILABLE', 'down'));
    await more;
    expect(state()).toMatchObject({
      items: [1],
      loadingMore: false,
      error: 'DATABASE_UNAVAILABLE',
      hasMore: true,
    });
    const retry = list.loadMore();
    expect(calls[2]?.cursor).toBe('c2');
    calls[2]?.resolve({ items: [2], nextCursor: null });
    await retry;
    expect(state()).toMatchObject({ items: [1, 2], error: undefined, hasMore: false });
  });

  it('empties to idle without a request while it may not load', async () => {
    let ready = false;
    const { list, calls, state } = harness({ ready: () => ready });
    await list.reload();
    expect(calls).toHaveLength(0);
    expect(state()).toMatchObject({ items: [], status: 'idle', hasMore: false });
    ready = true;
    const first = list.reload();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve({ items: [1], nextCursor: null });
    await first;
    expect(state().status).toBe('loaded');
  });

  it('joins next pages with the given merge', async () => {
    const { list, calls, state } = harness({
      merge: (shown, page) => [...shown, ...page.filter((item) => !shown.includes(item))],
    });
    const first = list.reload();
    calls[0]?.resolve({ items: [1, 2], nextCursor: 'c2' });
    await first;
    const more = list.loadMore();
    calls[1]?.resolve({ items: [2, 3], nextCursor: null });
    await more;
    await flush();
    expect(state().items).toEqual([1, 2, 3]);
  });
});
