import type { FastifyReply } from 'fastify';
import { type EventStreams, writeEventStream } from '../../http/event-stream.js';
import type { UnreadHub } from './unread-hub.js';

/** What an unread-counter stream needs from the module. */
export interface UnreadStreamContext {
  hub: UnreadHub;
  /** The app's open event streams (heartbeats, the end at shutdown, the count in the metrics). */
  streams: EventStreams;
  /** The user's unread count now. */
  count(userId: string): Promise<number>;
}

/**
 * Takes the reply over and writes the user's unread counter as server-sent events (`data: {"unread":n}`): the count
 * now, then each time it changes, with heartbeat comments. Ends when the client goes (a hidden tab closes it) or the
 * server closes; a client that comes back opens a new stream and gets the count again.
 */
export async function streamUnread(
  context: UnreadStreamContext,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  let sent: number | undefined;
  await writeEventStream(context.streams, reply, {
    kind: 'unread',
    subscribe: (wake) => context.hub.subscribe(userId, wake),
    async deliver(send) {
      const unread = await context.count(userId);
      if (unread !== sent) {
        send({ data: JSON.stringify({ unread }) });
        sent = unread;
      }
      return true;
    },
  });
}
