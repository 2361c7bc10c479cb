import { testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { loggedInOn } from '../test-support/real-server';
import {
  followUnreadNotifications,
  getNotificationSettings,
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
} from './notificationsApi';

const test = testServerPerFile();

describe('notifications API', () => {
  it('lists a received document, counts it live, marks it read, and keeps e-mail settings', async () => {
    await loggedInOn(test.server, 'bolat');
    expect(await getUnreadNotificationCount()).toEqual({ unread: 0 });
    const counts: number[] = [];
    const follower = followUnreadNotifications({ onUnread: (n) => counts.push(n), reconnectDelayMs: 50 });
    await expect.poll(() => counts).toEqual([0]);
    // Sent by ALFA to BETA: bolat, of BETA, receives it.
    const document = await test.server.documents.sent();
    await expect.poll(() => counts.at(-1)).toBe(1);
    const page = await listNotifications();
    expect(page.items).toMatchObject([{ event: 'document.received', documentId: document.id, readAt: null }]);
    const [first] = page.items;
    if (!first) throw new Error('a notification');
    expect(await markNotificationRead(first.id)).toEqual({ unread: 0 });
    await expect.poll(() => counts.at(-1)).toBe(0);
    follower.pause();
    expect(await markAllNotificationsRead()).toEqual({ unread: 0 });
    expect(await updateNotificationSettings({ emailOff: ['document.signed'] })).toEqual({
      emailOff: ['document.signed'],
    });
    expect(await getNotificationSettings()).toEqual({ emailOff: ['document.signed'] });
    follower.stop();
  });
});
