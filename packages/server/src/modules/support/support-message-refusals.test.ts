import { apiPath, SUPPORT_MESSAGE_MAX, SUPPORT_PATHS, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { testServerPerFile } from '../../testing/test-server/index.js';

// The contract table's message refusals that no other server test covered, on the real server in-process.
const test = testServerPerFile();

async function post(path: string, headers: Record<string, string>, text: string) {
  const { server } = test;
  const res = await server.fetch(`${server.baseUrl}${path}?lang=en`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

describe('support message texts', () => {
  it('refuses an empty visitor message and an operator reply over the limit, storing neither', async () => {
    const { server } = test;
    const issued = await server.fetch(`${server.baseUrl}${SUPPORT_PATHS.visitors}`, { method: 'POST' });
    const { visitorToken } = (await issued.json()) as { visitorToken: string };
    const visitor = { [SUPPORT_VISITOR_HEADER]: visitorToken };
    expect(await post(SUPPORT_PATHS.myMessages, visitor, '  \n ')).toMatchObject({
      status: 400,
      body: { code: 'SUPPORT_MESSAGE_EMPTY' },
    });
    const first = await post(SUPPORT_PATHS.myMessages, visitor, 'Hello');
    expect(first.status).toBe(201);
    const conversationId = String((first.body as { conversationId?: number }).conversationId);
    const { access_token } = await server.world.login('operator');
    const operator = { authorization: `Bearer ${access_token}` };
    const reply = apiPath(SUPPORT_PATHS.inboxMessages, { id: conversationId });
    expect(await post(reply, operator, 'я'.repeat(SUPPORT_MESSAGE_MAX + 1))).toMatchObject({
      status: 400,
      body: { code: 'SUPPORT_MESSAGE_TOO_LONG' },
    });
    expect((await post(reply, operator, 'я'.repeat(SUPPORT_MESSAGE_MAX))).status).toBe(201);
    const view = await server.fetch(`${server.baseUrl}${SUPPORT_PATHS.myConversation}`, { headers: visitor });
    const { messages } = (await view.json()) as { messages: Array<{ author: string }> };
    expect(messages.map((message) => message.author)).toEqual(['visitor', 'operator']);
  });
});
