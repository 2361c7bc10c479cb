/**
 * Live updates go through LISTEN/NOTIFY (`db/live-channel.ts`, issue 23): the notifications module's signals table,
 * which other instances polled once a second, is no longer written or read.
 */
export const id = '0025_live_notify';

export const sql = /* sql */ `
drop table if exists notification_signals;
`;
