import { testServerPerFile } from '@qoltanba/server/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { logout } from '../auth/authActions';
import { loggedInOn } from '../test-support/real-server';
import { createNotificationListStore, createUnreadNotificationsStore } from './notificationStore';
import { followUnreadNotifications } from './notificationsApi';

const test = testServerPerFile();
// The stream's first answer can take seconds on a loaded machine.
const SLOW = { timeout: 15_000 };
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A page whose visibility the test sets. */
function page() {
  let hidden = false;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    onVisibilityChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

describe('notification stores', () => {
  it('count live while the page shows, pause while hidden, and the list marks read with the counter', async () => {
    await loggedInOn(test.server, 'bolat');
    const visibility = page();
    let streams = 0;
    const unread = createUnreadNotificationsStore({
      ...visibility,
      follow: (options) => {
        streams += 1;
        return followUnreadNotifications({ ...options, reconnectDelayMs: 50 });
      },
    });
    const list = createNotificationListStore(unread, 1);
    stops.push(unread.listen(() => undefined));
    await expect.poll(() => unread.get(), SLOW).toBe(0);
    stops.push(list.listen(() => undefined));
    await expect.poll(() => list.get().status, SLOW).toBe('loaded');
    expect(list.get().items).toEqual([]);

    // Sent by ALFA to BETA twice: bolat, of BETA, receives both; the list reloads as the count rises.
    const first = await test.server.documents.sent({ name: 'Первый договор' });
    await expect.poll(() => unread.get(), SLOW).toBe(1);
    await expect.poll(() => list.get().items.map((n) => n.documentId), SLOW).toEqual([first.id]);

    // Hidden: the stream is closed (the server holds none open), the count stays; shown again, a new stream tells
    // the count.
    expect(test.server.openStreams()).toBe(1);
    visibility.setHidden(true);
    await expect.poll(() => test.server.openStreams(), SLOW).toBe(0);
    const second = await test.server.documents.sent({ name: 'Второй договор' });
    expect(unread.get()).toBe(1);
    visibility.setHidden(false);
    await expect.poll(() => unread.get(), SLOW).toBe(2);
    expect(test.server.openStreams()).toBe(1);
    expect(streams).toBe(1);

    // Pages of one: the newest first, the older one by loadMore.
    await expect.poll(() => list.get().items.map((n) => n.documentId), SLOW).toEqual([second.id]);
    expect(list.get().hasMore).toBe(true);
    await list.loadMore();
    expect(list.get().items.map((n) => n.documentId)).toEqual([second.id, first.id]);
    expect(list.get().hasMore).toBe(false);

    const newest = list.get().items[0];
    if (!newest) throw new Error('a notification');
    await list.markRead(newest.id);
    expect(unread.get()).toBe(1);
    expect(list.get().items.map((n) => n.readAt !== null)).toEqual([true, false]);
    await list.markAllRead();
    expect(unread.get()).toBe(0);
    expect(list.get().items.every((n) => n.readAt !== null)).toBe(true);

    // A notification of another user is refused and shown as the state's error.
    await list.markRead(987_654);
    expect(list.get().error).toBe('ENTITY_NOT_FOUND');

    // Signed out: no count, no list.
    await logout();
    await expect.poll(() => unread.get(), SLOW).toBeUndefined();
    await expect.poll(() => list.get().status, SLOW).toBe('idle');
    expect(list.get().items).toEqual([]);
    // Many server round trips: minutes on a loaded 2-core machine (the timeout catches hangs, not slowness).
  }, 180_000);
});
