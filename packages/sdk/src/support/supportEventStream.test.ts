import { SUPPORT_PATHS, type SupportEvent, supportSystemText } from '@qoltanba/core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { setupOperator, sleepGate } from '../testing/supportSession';
import { closeSupportConversation } from './supportApi';
import {
  followSupportInbox,
  openSupportEventStream,
  type SupportStreamConnection,
} from './supportEventStream';

function recorder() {
  const events: SupportEvent[] = [];
  const connections: Array<[SupportStreamConnection, string | undefined]> = [];
  return {
    events,
    connections,
    onEvent: (event: SupportEvent) => events.push(event),
    onConnection: (connection: SupportStreamConnection, code?: string) =>
      connections.push([connection, code]),
    texts: () => events.map((event) => (event.type === 'message' ? event.message.text : event.status)),
  };
}

const eventStream = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('the inbox event stream', () => {
  it('delivers new messages and status changes as they happen, with the bearer and no Last-Event-ID at first', async () => {
    const { server } = await setupOperator();
    const seen = recorder();
    const stream = followSupportInbox(seen);
    await vi.waitFor(() => expect(seen.connections.at(-1)).toEqual(['open', undefined]));
    const { message } = server.support.visitorWrites('Сәлем');
    await closeSupportConversation(message.conversationId);
    // Closing says so in the thread (a system message in the visitor's language) and changes the status.
    await vi.waitFor(() =>
      expect(seen.texts()).toEqual(['Сәлем', supportSystemText('closed', null), 'closed']),
    );
    expect(seen.events.map((event) => event.seq)).toEqual([1, 2, 3]);
    const [call] = server.callsTo('GET', SUPPORT_PATHS.inboxEvents);
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(call?.headers.get('last-event-id')).toBeNull();
    stream.stop();
    await stream.done;
    expect(seen.connections.at(-1)).toEqual(['closed', undefined]);
    expect(server.support.openStreams()).toBe(0);
  });

  it('reconnects after the server ends the stream and catches up from Last-Event-ID, without repeats', async () => {
    const { server } = await setupOperator();
    const gate = sleepGate();
    const seen = recorder();
    const stream = followSupportInbox({ ...seen, sleep: gate.sleep });
    await vi.waitFor(() => expect(seen.connections.at(-1)?.[0]).toBe('open'));
    const { visitorToken } = server.support.visitorWrites('один');
    await vi.waitFor(() => expect(seen.texts()).toEqual(['один']));

    server.support.dropStreams();
    await vi.waitFor(() => expect(gate.pending()).toBe(1));
    expect(seen.connections.at(-1)).toEqual(['reconnecting', undefined]);
    // Written while nobody listens.
    server.support.visitorWrites('два', { visitorToken });
    server.support.visitorWrites('три', { visitorToken });
    gate.release();
    await vi.waitFor(() => expect(seen.texts()).toEqual(['один', 'два', 'три']));
    const calls = server.callsTo('GET', SUPPORT_PATHS.inboxEvents);
    expect(calls.map((call) => call.headers.get('last-event-id'))).toEqual([null, '1']);
    expect(gate.delays).toEqual([1_000]);
    stream.stop();
    gate.release();
    await stream.done;
  });

  it('backs off, doubling up to the maximum, while connections fail, and starts over after one opens', async () => {
    const gate = sleepGate();
    const seen = recorder();
    let attempt = 0;
    const stream = openSupportEventStream({
      ...seen,
      sleep: gate.sleep,
      maxReconnectDelayMs: 5_000,
      connect: async () => {
        attempt += 1;
        if (attempt <= 4) throw new ApiError(attempt === 2 ? 503 : 0, 'NETWORK_ERROR', 'offline');
        return eventStream(
          `id: ${attempt}\ndata: {"type":"conversation","seq":${attempt},"conversationId":1,"status":"open"}\n\n`,
        );
      },
    });
    for (let released = 0; released < 5; released += 1) {
      await vi.waitFor(() => expect(gate.pending()).toBe(1));
      gate.release();
    }
    await vi.waitFor(() => expect(gate.pending()).toBe(1));
    expect(gate.delays).toEqual([1_000, 2_000, 4_000, 5_000, 1_000, 1_000]);
    expect(seen.texts()).toEqual(['open', 'open']);
    stream.stop();
    gate.release();
    await stream.done;
  });

  it('takes the base delay from the server’s retry field and resumes from the last id it was given', async () => {
    const gate = sleepGate();
    const sent: Array<string | undefined> = [];
    const stream = openSupportEventStream({
      onEvent: () => undefined,
      sleep: gate.sleep,
      lastEventId: '41',
      connect: async ({ lastEventId }) => {
        sent.push(lastEventId);
        return eventStream(`retry: 250\nid: ${Number(lastEventId) + 1}\ndata: not json\n\n`);
      },
    });
    await vi.waitFor(() => expect(gate.pending()).toBe(1));
    gate.release();
    await vi.waitFor(() => expect(gate.pending()).toBe(1));
    expect(gate.delays).toEqual([250, 250]);
    expect(sent).toEqual(['41', '42']);
    expect(stream.lastEventId()).toBe('43');
    stream.stop();
    gate.release();
    await stream.done;
  });

  it('ends for good on a refusal: a user who is not an operator', async () => {
    await setupOperator(false);
    const seen = recorder();
    const stream = followSupportInbox(seen);
    await stream.done;
    expect(seen.connections).toEqual([
      ['connecting', undefined],
      ['closed', 'SUPPORT_OPERATOR_ONLY'],
    ]);
  });

  it('ends for good when the address answers something other than an event stream', async () => {
    const seen = recorder();
    const stream = openSupportEventStream({
      ...seen,
      connect: async () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    });
    await stream.done;
    expect(seen.connections.at(-1)).toEqual(['closed', 'INTERNAL_ERROR']);
  });
});
