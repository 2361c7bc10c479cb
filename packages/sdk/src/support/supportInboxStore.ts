import type {
  ErrorCode,
  SupportConversationStatus,
  SupportEvent,
  SupportInboxConversation,
  SupportMessage,
} from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { $auth } from '../auth/authState';
import { createKeysetList } from '../query/keysetList';
import { reportError } from '../telemetry';
import {
  closeSupportConversation,
  getSupportConversation,
  listSupportConversationMessages,
  listSupportConversations,
  markSupportConversationRead,
  replySupportConversation,
} from './supportApi';
import {
  type FollowSupportInboxOptions,
  followSupportInbox,
  type SupportEventStream,
  type SupportStreamConnection,
} from './supportEventStream';

/** Where a load stands. */
export type SupportLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The open conversation of the inbox. */
export interface SupportThreadState {
  id: number;
  status: Exclude<SupportLoadStatus, 'idle'>;
  /** Undefined until loaded. */
  conversation: SupportInboxConversation | undefined;
  /** Oldest first, live messages included: the newest page, and the earlier ones `loadEarlier` added. */
  messages: SupportMessage[];
  /** Code of the failed load (or of the failed `loadEarlier`, while the messages stay). */
  error: ErrorCode | undefined;
  /** True when older messages than those shown are left for `loadEarlier`. */
  hasEarlier: boolean;
  /** True while `loadEarlier` loads. */
  loadingEarlier: boolean;
}

/** The state of the operators' inbox. */
export interface SupportInboxState {
  /** The list's tab. */
  status: SupportConversationStatus;
  /** Conversations of the tab, latest activity first, with their unread counts (kept live). */
  items: SupportInboxConversation[];
  /** `idle` until the store is watched by a signed-in user, then the first page's state. */
  listStatus: SupportLoadStatus;
  /** Code of the last list failure (the first page, or the next page). */
  error: ErrorCode | undefined;
  /** True when `loadMore` has more to load. */
  hasMore: boolean;
  /** True while the next page loads. */
  loadingMore: boolean;
  /** The open conversation, if any. */
  thread: SupportThreadState | undefined;
  /** The live event stream. */
  connection: SupportStreamConnection;
  /** Why the stream closed for good (e.g. SUPPORT_OPERATOR_ONLY). */
  connectionError: ErrorCode | undefined;
}

/** The operators' inbox: a store of {@link SupportInboxState} with its actions. */
export interface SupportInboxStore extends ReadableAtom<SupportInboxState> {
  /** Shows another tab (open or closed conversations) from its first page. Never rejects. */
  setStatus(status: SupportConversationStatus): Promise<void>;
  /** Loads the next page (keyset cursor); concurrent calls share one request. Never rejects. */
  loadMore(): Promise<void>;
  /** Loads the list again from the first page. Never rejects. */
  reload(): Promise<void>;
  /** Opens a conversation (loads it with its newest messages), or none with `undefined`. Never rejects. */
  open(id: number | undefined): Promise<void>;
  /** Loads the page of messages before those the open conversation shows; calls meanwhile share it. Never rejects. */
  loadEarlier(): Promise<void>;
  /**
   * Whether the operator is reading the open conversation now (on screen, page visible). While reading, its
   * visitor messages are marked read as they arrive.
   */
  setReading(reading: boolean): void;
  /** Replies in the open conversation; the message joins the thread. Rejects with ApiError. */
  reply(text: string): Promise<SupportMessage>;
  /** Closes the open conversation; it leaves the open tab. Rejects with ApiError. */
  close(): Promise<SupportInboxConversation>;
  /** Conversations per page. */
  readonly pageSize: number;
}

/** Options of {@link createSupportInboxStore}. */
export interface SupportInboxStoreOptions {
  /** Conversations per page; 50 by default (the server's). */
  pageSize?: number;
  /** Opens the event stream; {@link followSupportInbox} by default (tests pass one with a gate for sleeps). */
  follow?: (options: FollowSupportInboxOptions) => SupportEventStream;
}

const PAGE_SIZE = 50;

function initialState(status: SupportConversationStatus): SupportInboxState {
  return {
    status,
    items: [],
    listStatus: 'idle',
    error: undefined,
    hasMore: false,
    loadingMore: false,
    thread: undefined,
    connection: 'closed',
    connectionError: undefined,
  };
}

// Latest activity first; equal times by the newer conversation (as the server's keyset order).
function byActivity(a: SupportInboxConversation, b: SupportInboxConversation): number {
  return b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
}

function withMessage(messages: readonly SupportMessage[], message: SupportMessage): SupportMessage[] {
  if (messages.some((known) => known.id === message.id)) return [...messages];
  return [...messages, message].sort((a, b) => a.id - b.id);
}

function merged(messages: readonly SupportMessage[], more: readonly SupportMessage[]): SupportMessage[] {
  return more.reduce<SupportMessage[]>((all, message) => withMessage(all, message), [...messages]);
}

/** An answer made before something the store already shows (a refresh that crossed a live message). */
function isStale(incoming: SupportInboxConversation, shown: SupportInboxConversation | undefined): boolean {
  if (!shown || incoming.id !== shown.id) return false;
  const order = incoming.updatedAt.localeCompare(shown.updatedAt);
  if (order !== 0) return order < 0;
  return (incoming.lastMessage?.id ?? 0) < (shown.lastMessage?.id ?? 0);
}

function later(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}

/**
 * Creates an inbox store. When watched by a signed-in user it loads the first page of its tab and follows the
 * inbox's live events: a new message moves its conversation to the top with its preview and (from the visitor)
 * one more unread; a conversation the list does not hold yet is fetched; status and unread changes refresh the
 * conversation (a closed one leaves the open tab). It stops following when no longer watched or on logout. Use
 * {@link $supportInbox} for the app's one inbox.
 *
 * @example
 * const inbox = createSupportInboxStore();
 * inbox.subscribe(({ items, thread }) => render(items, thread));
 * await inbox.open(12);
 * inbox.setReading(true);
 * await inbox.reply('Здравствуйте! Чем помочь?');
 */
export function createSupportInboxStore(options: SupportInboxStoreOptions = {}): SupportInboxStore {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const follow = options.follow ?? followSupportInbox;
  const state = atom<SupportInboxState>(initialState('open'));
  let threadGeneration = 0;
  let stream: SupportEventStream | undefined;
  let following: object | undefined;
  let active = false;
  let reading = false;
  // Events that arrive while the first page loads wait for it (the page may be older than they are).
  let held: SupportEvent[] | undefined;
  let listRequested = false;
  // Highest message id sent as read, per conversation: one mark per new message, not per render.
  const markedUpTo = new Map<number, number>();
  const refreshing = new Map<number, Promise<void>>();
  // The open conversation's cursor to its older messages, and the page on its way.
  let earlierCursor: string | null = null;
  let loadingEarlier: Promise<void> | undefined;

  const patch = (changes: Partial<SupportInboxState>) => state.set({ ...state.get(), ...changes });
  const patchThread = (id: number, changes: Partial<SupportThreadState>) => {
    const { thread } = state.get();
    if (thread?.id === id) patch({ thread: { ...thread, ...changes } });
  };

  function failed(error: unknown, action: string): ErrorCode {
    if (!isApiError(error)) reportError(error, { action });
    return errorCodeOf(error);
  }

  /** Puts a conversation into the list when it belongs to the tab (replacing its old row), else takes it out. */
  function place(conversation: SupportInboxConversation): void {
    const { items, status, thread: shown } = state.get();
    if (isStale(conversation, items.find((item) => item.id === conversation.id) ?? shown?.conversation))
      return;
    const others = items.filter((item) => item.id !== conversation.id);
    const next = conversation.status === status ? [...others, conversation].sort(byActivity) : others;
    const { thread } = state.get();
    patch({
      items: next,
      ...(thread?.id === conversation.id && thread.conversation
        ? { thread: { ...thread, conversation } }
        : {}),
    });
  }

  // ----- the list -----

  const paging = createKeysetList<SupportInboxConversation>({
    fetchPage: (cursor, signal) =>
      listSupportConversations(
        { status: state.get().status, limit: pageSize, ...(cursor === undefined ? {} : { cursor }) },
        { signal },
      ),
    onChange: ({ status, ...changes }) =>
      patch(status === undefined ? changes : { ...changes, listStatus: status }),
    items: () => state.get().items,
    action: 'support-inbox',
    ready: () => active,
    onLoadStart: () => {
      listRequested = true;
      held ??= [];
    },
    onLoadSettled: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const event of waiting) apply(event);
    },
    // Live events may have put a conversation of the next page on the list already.
    merge: (shown, page) => {
      const known = new Set(shown.map((item) => item.id));
      return [...shown, ...page.filter((item) => !known.has(item.id))];
    },
  });
  const reload = paging.reload;

  // ----- the open conversation -----

  async function open(id: number | undefined): Promise<void> {
    threadGeneration += 1;
    const started = threadGeneration;
    if (id === undefined) {
      patch({ thread: undefined });
      return;
    }
    const current = state.get().thread;
    const same = current?.id === id ? current : undefined;
    loadingEarlier = undefined;
    if (!same) earlierCursor = null;
    patch({
      thread: {
        id,
        status: 'loading',
        conversation: same?.conversation,
        messages: same?.messages ?? [],
        error: undefined,
        hasEarlier: same?.hasEarlier ?? false,
        loadingEarlier: false,
      },
    });
    if (!active) return;
    try {
      const view = await getSupportConversation(id);
      if (started !== threadGeneration) return;
      // Messages that arrived live while it loaded are kept, and so are earlier pages already shown.
      const shown = state.get().thread;
      const messages = merged(view.messages, shown?.messages ?? []);
      const conversation = isStale(view.conversation, shown?.conversation)
        ? shown?.conversation
        : view.conversation;
      const oldestShown = shown?.messages[0]?.id;
      if (!same || oldestShown === undefined || (view.messages[0]?.id ?? 0) <= oldestShown)
        earlierCursor = view.nextCursor;
      patchThread(id, { status: 'loaded', conversation, messages, hasEarlier: earlierCursor !== null });
      const listed = state.get().items.some((item) => item.id === id);
      if (listed || view.conversation.status === state.get().status) place(view.conversation);
      markRead();
    } catch (error) {
      if (started !== threadGeneration) return;
      patchThread(id, { status: 'failed', error: failed(error, 'support-conversation') });
    }
  }

  async function loadEarlierPage(): Promise<void> {
    const thread = state.get().thread;
    const cursor = earlierCursor;
    if (!active || thread?.status !== 'loaded' || cursor === null) return;
    const started = threadGeneration;
    patchThread(thread.id, { loadingEarlier: true, error: undefined });
    try {
      const page = await listSupportConversationMessages(thread.id, { cursor });
      if (started !== threadGeneration) return;
      earlierCursor = page.nextCursor;
      const shown = state.get().thread?.messages ?? [];
      patchThread(thread.id, {
        messages: merged(shown, page.items),
        hasEarlier: page.nextCursor !== null,
        loadingEarlier: false,
      });
    } catch (error) {
      if (started !== threadGeneration) return;
      patchThread(thread.id, { loadingEarlier: false, error: failed(error, 'support-earlier') });
    }
  }

  /** While reading, marks the open conversation read up to its last message when it has unread ones. */
  function markRead(): void {
    const { thread, items } = state.get();
    if (!reading || !active || thread?.status !== 'loaded' || !thread.conversation) return;
    const last = thread.messages.at(-1);
    if (!last || last.id <= (markedUpTo.get(thread.id) ?? 0)) return;
    const unread =
      items.find((item) => item.id === thread.id)?.unreadCount ?? thread.conversation.unreadCount;
    if (unread === 0) return;
    markedUpTo.set(thread.id, last.id);
    const id = thread.id;
    const read = (conversation: SupportInboxConversation) => ({ ...conversation, unreadCount: 0 });
    patch({
      items: items.map((item) => (item.id === id ? read(item) : item)),
      thread: { ...thread, conversation: read(thread.conversation) },
    });
    markSupportConversationRead(id, last.id).catch((error: unknown) => {
      markedUpTo.delete(id);
      if (!isApiError(error)) reportError(error, { action: 'support-read' });
    });
  }

  // ----- live events -----

  /** Fetches a conversation again (one request per conversation at a time) and puts it where it belongs. */
  function refresh(id: number): Promise<void> {
    const running = refreshing.get(id);
    if (running !== undefined) return running;
    const pending = getSupportConversation(id)
      .then((view) => {
        if (!active) return;
        place(view.conversation);
        const { thread } = state.get();
        if (thread?.id === id && thread.status === 'loaded') {
          const fresh = !isStale(view.conversation, thread.conversation);
          patchThread(id, {
            messages: merged(thread.messages, view.messages),
            ...(fresh ? { conversation: view.conversation } : {}),
          });
        }
      })
      .catch((error: unknown) => {
        if (!isApiError(error)) reportError(error, { action: 'support-refresh' });
      })
      .finally(() => refreshing.delete(id));
    refreshing.set(id, pending);
    return pending;
  }

  function onMessage(message: SupportMessage): void {
    const id = message.conversationId;
    // Message ids grow: one already shown (the list loaded after it was sent) is not counted again.
    const bump = (conversation: SupportInboxConversation): SupportInboxConversation =>
      conversation.lastMessage && message.id <= conversation.lastMessage.id
        ? conversation
        : {
            ...conversation,
            lastMessage: message,
            updatedAt: later(message.createdAt, conversation.updatedAt),
            unreadCount: conversation.unreadCount + (message.author === 'visitor' ? 1 : 0),
          };
    const { thread, items } = state.get();
    if (thread?.id === id) {
      patchThread(id, {
        messages: withMessage(thread.messages, message),
        ...(thread.conversation ? { conversation: bump(thread.conversation) } : {}),
      });
    }
    const row = items.find((item) => item.id === id);
    if (!row) void refresh(id);
    else if (bump(row) !== row) place(bump(row));
    if (message.author === 'visitor') markRead();
  }

  function apply(event: SupportEvent): void {
    if (!active) return;
    if (held) {
      held.push(event);
      return;
    }
    if (event.type === 'message') onMessage(event.message);
    else {
      const { thread } = state.get();
      if (thread?.id === event.conversationId && thread.conversation) {
        patchThread(event.conversationId, { conversation: { ...thread.conversation, status: event.status } });
      }
      void refresh(event.conversationId);
    }
  }

  // ----- watching -----

  /** Loads the list (and the open conversation) again: what the stream cannot replay. */
  function resync(): void {
    void reload();
    const { thread } = state.get();
    if (thread) void open(thread.id);
  }

  function onConnection(connection: SupportStreamConnection, code: ErrorCode | undefined): void {
    patch({ connection, connectionError: code });
    // A stream opened without Last-Event-ID starts now: load after it opened, so nothing falls in between.
    if (connection === 'open' && stream?.lastEventId() === undefined) resync();
    // No stream (yet): the list still shows, without live updates.
    else if ((connection === 'reconnecting' || connection === 'closed') && !listRequested) resync();
  }

  function start(): void {
    if (active) return;
    active = true;
    listRequested = false;
    patch({ listStatus: 'loading' });
    // A stream stopped earlier may still report; only the current one speaks.
    const token = {};
    following = token;
    stream = follow({
      onEvent: (event) => {
        if (following === token) apply(event);
      },
      onConnection: (connection, code) => {
        if (following === token) onConnection(connection, code);
      },
    });
  }

  function stop(): void {
    active = false;
    following = undefined;
    stream?.stop();
    stream = undefined;
    paging.cancel();
    threadGeneration += 1;
    markedUpTo.clear();
    held = undefined;
    state.set(initialState(state.get().status));
  }

  const store = Object.assign(state, {
    pageSize,
    reload,
    open,
    loadEarlier(): Promise<void> {
      if (loadingEarlier) return loadingEarlier;
      const pending = loadEarlierPage().finally(() => {
        if (loadingEarlier === pending) loadingEarlier = undefined;
      });
      loadingEarlier = pending;
      return pending;
    },
    async setStatus(status: SupportConversationStatus) {
      if (status === state.get().status) return;
      patch({ status, items: [], hasMore: false });
      await reload();
    },
    loadMore: paging.loadMore,
    setReading(next: boolean) {
      reading = next;
      markRead();
    },
    async reply(text: string): Promise<SupportMessage> {
      const thread = state.get().thread;
      if (!thread) throw new Error('support inbox: no conversation is open');
      const message = await replySupportConversation(thread.id, text);
      onMessage(message);
      return message;
    },
    async close(): Promise<SupportInboxConversation> {
      const thread = state.get().thread;
      if (!thread) throw new Error('support inbox: no conversation is open');
      const conversation = await closeSupportConversation(thread.id);
      patchThread(thread.id, { conversation });
      place(conversation);
      return conversation;
    },
  });

  onMount(state, () => {
    const stopAuth = $auth.subscribe(({ status }) => {
      if (status === 'authenticated') start();
      else if (active) stop();
    });
    return () => {
      stopAuth();
      stop();
    };
  });

  return store;
}

/**
 * The operators' inbox of the app (one for the whole app); see {@link createSupportInboxStore}.
 *
 * @example
 * $supportInbox.subscribe(({ items }) => render(items));
 * await $supportInbox.open(12);
 */
export const $supportInbox: SupportInboxStore = createSupportInboxStore();
