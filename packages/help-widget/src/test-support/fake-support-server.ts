// A small in-memory stand-in for the support chat routes (SUPPORT_PATHS) behind a `fetch`, for the widget's unit
// tests: it answers as the contract says (core's schemas), records every request, and lets a test push live events,
// drop the event streams and reply as an operator.
import {
  apiPath,
  type HelpConfig,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_UPLOAD_PARTS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversation,
  type SupportEvent,
  type SupportMessage,
  supportEventSchema,
  supportMessageSchema,
} from '@qoltanba/core';
import type { Uploader } from '../chat/support-api';

/** One request the fake saw. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export const ORIGIN = 'https://qoltanba.test';

export const DEFAULT_HELP_CONFIG: HelpConfig = {
  helpPages: {
    kk: 'https://qoltanba.test/kk/help',
    ru: 'https://qoltanba.test/ru/help',
    en: 'https://qoltanba.test/en/help',
  },
  whatsapp: 'https://wa.me/77001234567',
  telegram: 'https://t.me/qoltanba_support',
  chat: true,
};

interface OpenStream {
  controller: ReadableStreamDefaultController<Uint8Array>;
  owner: string;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const refuse = (status: number, code: string) => json(status, { code, message: `server text of ${code}` });

/** The fake server; `fetch` and `upload` go to it. */
export function createFakeSupportServer(options: { config?: HelpConfig; identities?: string[] } = {}) {
  const requests: SeenRequest[] = [];
  const visitors = new Set<string>();
  const identities = new Set(options.identities ?? ['identity-of-aigerim']);
  /** Each owner's conversations, oldest first: the last is the current one. */
  const conversations = new Map<string, SupportConversation[]>();
  const latest = (owner: string) => conversations.get(owner)?.at(-1);
  const messages: SupportMessage[] = [];
  const log: Array<{ seq: number; owner: string; event: SupportEvent }> = [];
  const streams = new Set<OpenStream>();
  const encoder = new TextEncoder();
  let nextId = 1;
  let seq = 0;
  let config = options.config ?? DEFAULT_HELP_CONFIG;

  // Who a request is: the identity's owner when one is sent (claiming the visitor's history), else the visitor.
  function ownerOf(headers: Headers): string | Response {
    const identity = headers.get(SUPPORT_IDENTITY_HEADER);
    const visitor = headers.get(SUPPORT_VISITOR_HEADER);
    if (identity !== null)
      return identities.has(identity) ? `user:${identity}` : refuse(401, 'SUPPORT_IDENTITY_INVALID');
    if (visitor !== null && visitors.has(visitor)) return `visitor:${visitor}`;
    return refuse(401, 'SUPPORT_VISITOR_REQUIRED');
  }

  const frame = (entry: { seq: number; event: SupportEvent }) =>
    encoder.encode(`id: ${entry.seq}\ndata: ${JSON.stringify(entry.event)}\n\n`);

  function publish(owner: string, event: SupportEvent): void {
    const entry = { seq: event.seq, owner, event: supportEventSchema.parse(event) };
    log.push(entry);
    for (const stream of streams) if (stream.owner === owner) stream.controller.enqueue(frame(entry));
  }

  function addMessage(
    owner: string,
    author: SupportMessage['author'],
    text: string,
    attachment: SupportMessage['attachment'] = null,
  ) {
    let conversation = latest(owner);
    if (!conversation || conversation.status === 'closed') {
      conversation = {
        id: nextId++,
        status: 'open',
        createdAt: new Date().toISOString(),
        closedAt: null,
        unreadCount: 0,
      };
      conversations.set(owner, [...(conversations.get(owner) ?? []), conversation]);
    }
    if (author === 'operator') conversation.unreadCount += 1;
    const message = supportMessageSchema.parse({
      id: nextId++,
      conversationId: conversation.id,
      author,
      authorName: author === 'operator' ? 'Dana' : null,
      text,
      attachment,
      createdAt: new Date().toISOString(),
    });
    messages.push(message);
    seq += 1;
    publish(owner, { type: 'message', seq, message });
    return message;
  }

  function events(owner: string, lastEventId: string | null): Response {
    let open: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open = { controller, owner };
        streams.add(open);
        controller.enqueue(encoder.encode(': connected\n\n'));
        if (lastEventId !== null)
          for (const entry of log)
            if (entry.owner === owner && entry.seq > Number(lastEventId)) controller.enqueue(frame(entry));
      },
      cancel() {
        if (open) streams.delete(open);
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }

  /** The newest `limit` messages of a conversation before the cursor (a message id here), oldest first. */
  function messagePage(conversationId: number | undefined, limit: number, cursor: string | null) {
    const older = messages.filter(
      (message) =>
        message.conversationId === conversationId && (cursor === null || message.id < Number(cursor)),
    );
    const items = older.slice(-limit);
    return { items, nextCursor: older.length > limit && items[0] ? String(items[0].id) : null };
  }

  async function handle(
    method: string,
    path: string,
    headers: Headers,
    body: unknown,
    query: URLSearchParams,
  ): Promise<Response> {
    if (method === 'GET' && path === SUPPORT_PATHS.helpConfig) return json(200, config);
    if (method === 'POST' && path === SUPPORT_PATHS.visitors) {
      const token = `visitor-${nextId++}`;
      visitors.add(token);
      return json(201, { visitorToken: token });
    }
    const owner = ownerOf(headers);
    if (owner instanceof Response) return owner;
    const conversation = latest(owner) ?? null;
    const owned = conversations.get(owner) ?? [];
    if (method === 'GET' && path === SUPPORT_PATHS.myConversation) {
      const page = messagePage(conversation?.id, Number(query.get('limit') ?? 50), null);
      const hasEarlierConversations = owned.some(
        (each) => conversation !== null && each.id < conversation.id,
      );
      return json(200, {
        conversation,
        messages: page.items,
        nextCursor: page.nextCursor,
        hasEarlierConversations,
      });
    }
    if (method === 'GET' && path === SUPPORT_PATHS.myConversations) {
      const cursor = query.get('cursor');
      const older = owned.filter((each) => cursor === null || each.id < Number(cursor)).reverse();
      const items = older.slice(0, Number(query.get('limit') ?? 20));
      const lastOf = (id: number) => messages.findLast((message) => message.conversationId === id) ?? null;
      return json(200, {
        items: items.map((each) => ({ ...each, lastMessage: lastOf(each.id) })),
        nextCursor: older.length > items.length ? String(items.at(-1)?.id) : null,
      });
    }
    // Another owner's conversation answers 404, like a missing one.
    const mine = owned.find(
      (each) => path === apiPath(SUPPORT_PATHS.myConversationMessages, { id: String(each.id) }),
    );
    if (method === 'GET' && mine)
      return json(200, messagePage(mine.id, Number(query.get('limit') ?? 50), query.get('cursor')));
    if (method === 'POST' && path === SUPPORT_PATHS.myMessages) {
      const text = String((body as { text?: unknown }).text ?? '');
      return json(201, addMessage(owner, 'visitor', text));
    }
    if (method === 'POST' && path === SUPPORT_PATHS.myAttachments) {
      const form = body as FormData;
      const file = form.get(SUPPORT_UPLOAD_PARTS.file) as File;
      const attachment = {
        id: nextId++,
        name: file.name,
        contentType: 'application/pdf' as const,
        size: file.size,
      };
      return json(
        201,
        addMessage(owner, 'visitor', String(form.get(SUPPORT_UPLOAD_PARTS.text) ?? ''), attachment),
      );
    }
    if (method === 'POST' && path === SUPPORT_PATHS.myRead) {
      if (conversation) conversation.unreadCount = 0;
      return json(204, undefined);
    }
    if (method === 'GET' && path === SUPPORT_PATHS.myEvents)
      return events(owner, headers.get('last-event-id'));
    if (method === 'GET' && path.startsWith(SUPPORT_PATHS.myAttachments))
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
    return refuse(404, 'ROUTE_NOT_FOUND');
  }

  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ method, path: url.pathname, headers, body });
    if (url.origin !== ORIGIN) throw new TypeError('Failed to fetch');
    return handle(method, url.pathname, headers, body, url.searchParams);
  };

  /** The uploader: reports progress in two steps, then answers like `fetch`. */
  const upload: Uploader = async ({ url, headers, body, onProgress }) => {
    onProgress(0.5);
    onProgress(1);
    return fetch(url, { method: 'POST', headers, body });
  };

  return {
    fetch,
    upload,
    requests,
    /** Requests to `path` (a SUPPORT_PATHS value). */
    requestsTo: (path: string) => requests.filter((request) => request.path === path),
    setConfig(next: HelpConfig) {
      config = next;
    },
    /** An operator answers the conversation of `owner` (`visitor:<token>` or `user:<identity>`). */
    reply: (owner: string, text: string) => addMessage(owner, 'operator', text),
    /** An operator closes the current conversation of `owner`: the next visitor message opens a new one. */
    close(owner: string) {
      const conversation = latest(owner);
      if (!conversation) return;
      conversation.status = 'closed';
      conversation.closedAt = new Date().toISOString();
      seq += 1;
      publish(owner, { type: 'conversation', seq, conversationId: conversation.id, status: 'closed' });
    },
    /** A visitor message in the conversation of `owner` (a new one when the last is closed), as if sent elsewhere. */
    write: (owner: string, text: string) => addMessage(owner, 'visitor', text),
    /** Deletes the earlier conversations of `owner`, as the retention purge does, keeping the latest. */
    purgeEarlier(owner: string) {
      const current = latest(owner);
      conversations.set(owner, current ? [current] : []);
    },
    /** Drops every open event stream, as a network failure would. */
    dropStreams() {
      for (const stream of streams) stream.controller.close();
      streams.clear();
    },
    openStreams: () => streams.size,
    visitors,
  };
}

/** The fake's type. */
export type FakeSupportServer = ReturnType<typeof createFakeSupportServer>;
