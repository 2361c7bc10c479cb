import {
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportEvent,
  type SupportMessage,
  supportSystemText,
} from '@qoltanba/core';
import { testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { loggedInOn } from '../test-support/real-server';
import { sleepGate } from '../test-support/support';
import { closeSupportConversation } from './supportApi';
import {
  followSupportInbox,
  openSupportEventStream,
  type SupportStreamConnection,
} from './supportEventStream';

const test = testServerPerFile();

/** A visitor writes through the help widget's route (a new visitor unless `visitorToken` is given). */
async function visitorWrites(text: string, options: { visitorToken?: string } = {}) {
  const { server } = test;
  let visitorToken = options.visitorToken;
  if (!visitorToken) {
    const issued = await server.directFetch(`${server.baseUrl}${SUPPORT_PATHS.visitors}`, { method: 'POST' });
    visitorToken = ((await issued.json()) as { visitorToken: string }).visitorToken;
  }
  const res = await server.directFetch(`${server.baseUrl}${SUPPORT_PATHS.myMessages}`, {
    method: 'POST',
    headers: { [SUPPORT_VISITOR_HEADER]: visitorToken, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (res.status !== 201) throw new Error(`visitor message: ${res.status} ${await res.text()}`);
  return { visitorToken, message: (await res.json()) as SupportMessage };
}

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
    const { server } = await loggedInOn(test.server, 'operator');
    const seen = recorder();
    const stream = followSupportInbox(seen);
    await vi.waitFor(() => expect(seen.connections.at(-1)).toEqual(['open', undefined]));
    const { message } = await visitorWrites('Сәлем');
    await closeSupportConversation(message.conversationId);
    // The first message opens the conversation; closing says so in the thread (a system message in the visitor's
    // language) and changes the status.
    await vi.waitFor(() =>
      expect(seen.texts()).toEqual(['open', 'Сәлем', supportSystemText('closed', null), 'closed']),
    );
    expect(seen.events.map((event) => event.seq)).toEqual([1, 2, 3, 4]);
    const [call] = server.callsTo(['GET', SUPPORT_PATHS.inboxEvents]);
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(call?.headers.get('last-event-id')).toBeNull();
    stream.stop();
    await stream.done;
    expect(seen.connections.at(-1)).toEqual(['closed', undefined]);
    await vi.waitFor(() => expect(server.openStreams()).toBe(0));
  });

  it('reconnects after the server ends the stream and catches up from Last-Event-ID, without repeats', async () => {
    const { server } = await loggedInOn(test.server, 'operator');
    const gate = sleepGate();
    const seen = recorder();
    const stream = followSupportInbox({ ...seen, sleep: gate.sleep });
    await vi.waitFor(() => expect(seen.connections.at(-1)?.[0]).toBe('open'));
    const { visitorToken } = await visitorWrites('один');
    await vi.waitFor(() => expect(seen.texts()).toEqual(['open', 'один']));

    server.dropStreams();
    await vi.waitFor(() => expect(gate.pending()).toBe(1));
    expect(seen.connections.at(-1)).toEqual(['reconnecting', undefined]);
    // Written while nobody listens.
    await visitorWrites('два', { visitorToken });
    await visitorWrites('три', { visitorToken });
    gate.release();
    await vi.waitFor(() => expect(seen.texts()).toEqual(['open', 'один', 'два', 'три']));
    const calls = server.callsTo(['GET', SUPPORT_PATHS.inboxEvents]);
    expect(calls.map((call) => call.headers.get('last-event-id'))).toEqual([null, '2']);
    // The server's `retry:` field sets the base delay.
    expect(gate.delays).toEqual([3_000]);
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
    await loggedInOn(test.server, 'aigerim');
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
