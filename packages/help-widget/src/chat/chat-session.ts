import {
  SUPPORT_MESSAGE_MAX,
  type SupportConversation,
  type SupportConversationPage,
  type SupportMessage,
  type SupportMessagePage,
} from '@qoltanba/core';
import { checkAttachment } from './attachment-check';
import { ChatError, toChatError } from './chat-error';
import { connectLiveEvents, type LiveEventsOptions } from './live-events';
import { createSupportApi, type SupportApiOptions } from './support-api';
import type { VisitorStore } from './visitor-store';

/** What the panel renders of the chat. */
export interface ChatState {
  conversation: SupportConversation | null;
  /** The latest conversation's messages, oldest first: the newest page, and earlier ones `loadEarlier` added. */
  messages: readonly SupportMessage[];
  /** Older messages of the conversation are left for `loadEarlier`. */
  hasEarlier: boolean;
  /** The visitor has conversations before the latest one (the server's view says so). */
  hasEarlierConversations: boolean;
  /** Operator messages the visitor has not read. */
  unread: number;
  /** The last failure, until the next action succeeds. */
  error: ChatError | null;
  /** A message is being sent. */
  sending: boolean;
  /** The attachment being uploaded and the fraction sent (0..1). */
  upload: { name: string; progress: number } | null;
}

/** What {@link createChatSession} needs. */
export interface ChatSessionOptions {
  /** The API client's options; the session supplies the credentials. */
  api: Omit<SupportApiOptions, 'credentials'>;
  visitors: VisitorStore;
  /** The page the visitor writes from, sent with each message. */
  pageUrl(): string;
  /** Back-off waits of the live stream (tests pass an immediate one). */
  wait?: LiveEventsOptions['wait'];
}

/** The visitor's chat: credentials, the conversation, live updates, sending, attachments and read marks. */
export type ChatSession = ReturnType<typeof createChatSession>;

const EMPTY: ChatState = {
  conversation: null,
  messages: [],
  hasEarlier: false,
  hasEarlierConversations: false,
  unread: 0,
  error: null,
  sending: false,
  upload: null,
};

/** Messages of both lists, each once (by id), oldest first. */
function mergeMessages(a: readonly SupportMessage[], b: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map<number, SupportMessage>();
  for (const message of [...a, ...b]) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/**
 * Creates the chat session. Nothing is requested until {@link ChatSession.start} (a visitor who chatted before, or an
 * identified user) or the first message: only then does an anonymous visitor get a token (createSupportVisitor).
 */
export function createChatSession(options: ChatSessionOptions) {
  const { visitors } = options;
  let state: ChatState = EMPTY;
  let identity: string | null = null;
  const api = createSupportApi({
    ...options.api,
    credentials: () => ({ identity, visitor: visitors.get() }),
  });
  let active = false;
  let started = false;
  /** The last message id marked read in this session. */
  let readUpTo = 0;
  let stopLive: (() => void) | undefined;
  let generation = 0;
  /** The cursor to the messages before those shown, and the page on its way. */
  let earlierCursor: string | null = null;
  let loadingEarlier: Promise<void> | undefined;
  const listeners = new Set<(state: ChatState) => void>();

  function update(patch: Partial<ChatState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  }

  const hasCredentials = () => identity !== null || visitors.get() !== null;
  /** The server no longer knows the stored visitor token (its retention purge deleted it): the next message gets a new one. */
  let visitorForgotten = false;
  const forgetsVisitor = (error: unknown) =>
    identity === null && error instanceof ChatError && error.code === 'SUPPORT_VISITOR_REQUIRED';

  // A result that arrives after the identity changed belongs to someone else's chat: drop it.
  const current = (started: number) => started === generation;

  async function loadConversation(): Promise<void> {
    const started = generation;
    try {
      const view = await api.conversation();
      if (!current(started)) return;
      const conversationId = view.conversation?.id;
      const shown = state.messages.filter((message) => message.conversationId === conversationId);
      const messages = mergeMessages(view.messages, shown);
      // Earlier pages already shown keep their own cursor; else the view's says what is left.
      if (!shown[0] || (view.messages[0]?.id ?? 0) <= shown[0].id) earlierCursor = view.nextCursor;
      // A view fetched before our own read mark landed still counts what we have read; operator messages that came
      // live after the view was made are not in its count.
      const viewLast = view.messages.at(-1)?.id ?? 0;
      const newer = messages.filter(
        (message) => message.author === 'operator' && message.id > Math.max(viewLast, readUpTo),
      ).length;
      const unread = (viewLast <= readUpTo ? 0 : (view.conversation?.unreadCount ?? 0)) + newer;
      if (unread === 0) readUpTo = Math.max(readUpTo, messages.at(-1)?.id ?? 0);
      update({
        conversation: view.conversation,
        messages,
        unread,
        hasEarlier: earlierCursor !== null,
        hasEarlierConversations: view.hasEarlierConversations,
      });
      if (active) void markRead();
    } catch (error) {
      if (!current(started)) return;
      if (forgetsVisitor(error)) visitorForgotten = true;
      else update({ error: toChatError(error) });
    }
  }

  async function loadEarlierPage(): Promise<void> {
    const started = generation;
    const conversationId = state.conversation?.id;
    const cursor = earlierCursor;
    if (conversationId === undefined || cursor === null) return;
    try {
      const page = await api.messages(conversationId, cursor);
      if (!current(started) || state.conversation?.id !== conversationId) return;
      earlierCursor = page.nextCursor;
      update({ messages: mergeMessages(page.items, state.messages), hasEarlier: earlierCursor !== null });
    } catch (error) {
      if (current(started)) update({ error: toChatError(error) });
    }
  }

  function receive(message: SupportMessage): void {
    if (state.messages.some((known) => known.id === message.id)) return;
    if (message.conversationId !== state.conversation?.id) {
      // A new conversation (the previous one was closed): its record comes with the view.
      update({ messages: [...state.messages, message] });
      void loadConversation();
      return;
    }
    const fromOperator = message.author === 'operator';
    update({
      messages: mergeMessages(state.messages, [message]),
      unread: fromOperator && !active ? state.unread + 1 : state.unread,
    });
    if (fromOperator && active) void markRead();
  }

  function goLive(): void {
    if (stopLive || !hasCredentials()) return;
    stopLive = connectLiveEvents({
      open: (lastEventId, signal) => api.events(lastEventId, signal),
      wait: options.wait,
      onOpen(resumed) {
        // Without a resume point, what happened while connecting is only in the conversation itself.
        if (!resumed) void loadConversation();
      },
      onEvent(event) {
        if (event.type === 'message') receive(event.message);
        else if (event.conversationId === state.conversation?.id)
          update({ conversation: { ...state.conversation, status: event.status } });
      },
      onFatal(error) {
        stopLive = undefined;
        if (forgetsVisitor(error)) visitorForgotten = true;
        else update({ error });
      },
    });
  }

  // Marks read up to the last message when an operator message is newer than the last mark (or the count says so).
  async function markRead(): Promise<void> {
    const last = state.messages.at(-1);
    const lastFromOperator = state.messages.findLast((message) => message.author === 'operator');
    if (!last || (state.unread === 0 && (lastFromOperator?.id ?? 0) <= readUpTo)) return;
    readUpTo = last.id;
    update({ unread: 0 });
    try {
      await api.markRead(last.id);
    } catch {
      // The count comes back with the next conversation load; nothing to tell the visitor.
    }
  }

  // The first message of a visitor nobody knows yet: a visitor token first, then the stream.
  async function ensureCredentials(): Promise<void> {
    if (hasCredentials() && !(visitorForgotten && identity === null)) return;
    visitors.set(await api.createVisitor());
    visitorForgotten = false;
    stopLive?.();
    stopLive = undefined;
    goLive();
  }

  async function act(work: () => Promise<SupportMessage>, busy: Partial<ChatState>): Promise<boolean> {
    const started = generation;
    update({ ...busy, error: null });
    try {
      await ensureCredentials();
      let message: SupportMessage;
      try {
        message = await work();
      } catch (error) {
        // Found out only now that the stored token is forgotten: once more with a new one.
        if (!forgetsVisitor(error) || !current(started)) throw error;
        visitorForgotten = true;
        await ensureCredentials();
        message = await work();
      }
      if (current(started)) receive(message);
      return true;
    } catch (error) {
      if (current(started)) update({ error: toChatError(error) });
      return false;
    } finally {
      if (current(started)) update({ sending: false, upload: null });
    }
  }

  return {
    state: () => state,
    /** Calls `listener` after every change; returns the unsubscribe. */
    subscribe(listener: (state: ChatState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Connects a known visitor or user: the conversation, the unread count and live updates. */
    start(): void {
      started = true;
      goLive();
    },
    /** Ties the chat to an identity token (or back to the anonymous visitor with null) and starts over. */
    setIdentity(token: string | null): void {
      if (token === identity) return;
      identity = token;
      generation += 1;
      readUpTo = 0;
      earlierCursor = null;
      stopLive?.();
      stopLive = undefined;
      update(EMPTY);
      if (started) goLive();
    },
    /** Whether the visitor sees the chat now: then new operator messages are marked read at once. */
    setActive(visible: boolean): void {
      active = visible;
      if (active) void markRead();
    },
    /** Sends a text message; false (with `error` set) when it was refused. */
    send(text: string): Promise<boolean> {
      const trimmed = text.trim();
      if (trimmed === '') {
        update({ error: new ChatError('SUPPORT_MESSAGE_EMPTY') });
        return Promise.resolve(false);
      }
      if (trimmed.length > SUPPORT_MESSAGE_MAX) {
        update({ error: new ChatError('SUPPORT_MESSAGE_TOO_LONG') });
        return Promise.resolve(false);
      }
      return act(
        () =>
          api.sendMessage({
            text: trimmed,
            pageUrl: options.pageUrl().slice(0, 2048),
            language: options.api.lang(),
          }),
        { sending: true },
      );
    },
    /** Checks and uploads a file (with an optional text); progress in `upload`. */
    async attach(file: File, text = ''): Promise<boolean> {
      try {
        await checkAttachment(file);
      } catch (error) {
        update({ error: toChatError(error) });
        return false;
      }
      return act(
        () =>
          api.sendAttachment(file, text.trim(), (progress) => {
            if (state.upload) update({ upload: { name: file.name, progress } });
          }),
        { upload: { name: file.name, progress: 0 } },
      );
    },
    /** Adds the page of messages before those shown (when `hasEarlier`); calls meanwhile share it. */
    loadEarlier(): Promise<void> {
      if (loadingEarlier) return loadingEarlier;
      const pending = loadEarlierPage().finally(() => {
        if (loadingEarlier === pending) loadingEarlier = undefined;
      });
      loadingEarlier = pending;
      return pending;
    },
    /** A page of the visitor's conversations, newest first (the history; read-only but the latest). */
    conversations: (cursor?: string | null): Promise<SupportConversationPage> => api.conversations(cursor),
    /** A page of messages of one of the visitor's conversations: the newest, or those before `cursor`. */
    messagesOf: (conversationId: number, cursor?: string | null): Promise<SupportMessagePage> =>
      api.messages(conversationId, cursor),
    /** The bytes of an attachment of the visitor's conversation. */
    attachment: (attachmentId: number): Promise<Blob> => api.attachment(attachmentId),
    /** Clears the shown error. */
    dismissError(): void {
      update({ error: null });
    },
    /** Closes the live stream (the page is going away). */
    stop(): void {
      generation += 1;
      stopLive?.();
      stopLive = undefined;
    },
  };
}
