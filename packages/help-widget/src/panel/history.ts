import {
  formatDate,
  type Lang,
  type SupportConversationPage,
  type SupportConversationSummary,
  type SupportMessage,
  type SupportMessagePage,
} from '@qoltanba/core';
import { type ChatError, toChatError } from '../chat/chat-error';
import { h } from './dom';
import { fill, type PanelTexts } from './texts';

/** What the panel shows: the current conversation, the list of earlier ones, or one of them. */
export type HistoryView = 'chat' | 'list' | 'past';

/** What {@link createHistory} needs from the panel. */
export interface HistoryOptions {
  texts(): PanelTexts;
  /** The language dates are written in. */
  lang(): Lang;
  conversations(cursor?: string | null): Promise<SupportConversationPage>;
  messagesOf(conversationId: number, cursor?: string | null): Promise<SupportMessagePage>;
  /** A message as the chat shows it (text set as text). */
  messageItem(message: SupportMessage): HTMLElement;
  /** The current conversation's id: the list leaves it out. */
  currentId(): number | undefined;
  /** Whether the server's view says there are conversations before the current one. */
  hasEarlier(): boolean;
  /** Shows a failure (null clears it), with a retry. */
  fail(error: ChatError | null, retry?: () => void): void;
  /** The panel's scroller, whose place is kept when earlier messages are added above. */
  scroller(): HTMLElement;
  /** The view changed: the panel hides or shows its chat, and gives the chat the focus when `focus` says so. */
  changed(view: HistoryView, focus: boolean): void;
}

interface Past {
  conversation: SupportConversationSummary;
  /** Oldest first; null while the newest page loads. */
  messages: SupportMessage[] | null;
  cursor: string | null;
}

const EXCERPT = 80;

/**
 * The visitor's earlier conversations (listMySupportConversations), read-only: a list asked for only when the
 * visitor opens it, and one conversation's messages paged back with listMySupportMessages. Text is set as text.
 */
export function createHistory(options: HistoryOptions) {
  let view: HistoryView = 'chat';
  /** The conversations loaded so far, newest first; null until the list is loaded. */
  let items: SupportConversationSummary[] | null = null;
  let cursor: string | null = null;
  let past: Past | null = null;
  /** The current conversation for which the list found nothing earlier: its button is hidden. */
  let noneBefore: number | undefined;
  let generation = 0;
  const section = h('section', { class: 'chat history', hidden: true, 'aria-labelledby': 'qh-history' });

  const earlierOnes = () => (items ?? []).filter((item) => item.id !== options.currentId());
  const dateOf = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : formatDate(date, options.lang());
  };

  function excerptOf(conversation: SupportConversationSummary): string {
    const texts = options.texts();
    const last = conversation.lastMessage;
    if (!last) return '';
    const text = last.text.replace(/\s+/g, ' ').trim() || last.attachment?.name || '';
    const who =
      last.author === 'visitor'
        ? texts.you
        : last.author === 'operator'
          ? (last.authorName ?? texts.support)
          : null;
    const short = text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
    return who ? `${who}: ${short}` : short;
  }

  // Results that arrive after the visitor left the view, or after the identity changed, are dropped.
  async function load<T>(work: () => Promise<T>, apply: (result: T) => void, retry: () => void) {
    const started = generation;
    try {
      const result = await work();
      if (started !== generation) return;
      options.fail(null);
      apply(result);
    } catch (error) {
      if (started === generation) options.fail(toChatError(error), retry);
    }
  }

  function loadList(): Promise<void> {
    return load(
      () => options.conversations(cursor),
      (page) => {
        items = [
          ...(items ?? []),
          ...page.items.filter((item) => !items?.some((known) => known.id === item.id)),
        ];
        cursor = page.nextCursor;
        if (earlierOnes().length === 0 && cursor === null) noneBefore = options.currentId();
        if (view === 'list') render();
      },
      () => void loadList(),
    );
  }

  function loadPast(shown: Past): Promise<void> {
    return load(
      () => options.messagesOf(shown.conversation.id, shown.messages ? shown.cursor : null),
      (page) => {
        if (past !== shown) return;
        const scroller = options.scroller();
        const heightBefore = scroller.scrollHeight;
        const known = new Set(page.items.map((message) => message.id));
        const older = shown.messages !== null;
        shown.messages = [
          ...page.items,
          ...(shown.messages ?? []).filter((message) => !known.has(message.id)),
        ];
        shown.cursor = page.nextCursor;
        render();
        // Older messages added above keep the reader where they were.
        if (older) scroller.scrollTop += scroller.scrollHeight - heightBefore;
      },
      () => void loadPast(shown),
    );
  }

  /** Shows a view; the control with data-key `focus` takes the focus ('' leaves it). */
  function go(next: HistoryView, focus: string): void {
    view = next;
    options.fail(null);
    render();
    options.changed(view, focus !== '');
    if (view !== 'chat') {
      options.scroller().scrollTop = 0;
      section.querySelector<HTMLElement>(`[data-key="${focus}"]`)?.focus();
    }
  }

  function button(key: string, label: string, onclick: () => void, className = 'file'): HTMLButtonElement {
    return h('button', { type: 'button', class: className, 'data-key': key, onclick }, label);
  }

  function conversationItem(conversation: SupportConversationSummary): HTMLLIElement {
    const texts = options.texts();
    const open = () => {
      past = { conversation, messages: null, cursor: null };
      go('past', 'history-title');
      void loadPast(past);
    };
    return h(
      'li',
      {},
      h(
        'button',
        { type: 'button', class: 'conv', 'data-key': `conv-${conversation.id}`, onclick: open },
        h(
          'span',
          { class: 'who' },
          `${dateOf(conversation.createdAt)} · ${conversation.status === 'open' ? texts.open : texts.ended}`,
        ),
        ' ',
        h('span', { class: 'excerpt' }, excerptOf(conversation)),
      ),
    );
  }

  /** Draws the history section for the view, in the current language; the focused control keeps the focus. */
  function render(): void {
    const texts = options.texts();
    const root = section.getRootNode() as Document | ShadowRoot;
    const focused = section.contains(root.activeElement)
      ? root.activeElement?.getAttribute('data-key')
      : null;
    section.hidden = view === 'chat';
    if (view === 'chat') {
      section.replaceChildren();
      return;
    }
    const title = (text: string) =>
      h('h3', { id: 'qh-history', tabindex: -1, 'data-key': 'history-title' }, text);
    const back = button('back', texts.back, () => go('chat', 'chat'));
    if (view === 'list' || !past) {
      const earlier = earlierOnes();
      show(
        title(texts.history),
        back,
        items === null
          ? h('p', { class: 'note' }, texts.loading)
          : earlier.length === 0 && cursor === null
            ? h('p', { class: 'note', role: 'status' }, texts.noHistory)
            : h('ul', { class: 'past' }, ...earlier.map(conversationItem)),
        cursor === null || items === null ? null : button('more', texts.more, () => void loadList()),
      );
    } else {
      const shown = past;
      show(
        title(fill(texts.pastTitle, { date: dateOf(shown.conversation.createdAt) })),
        back,
        button('list', texts.history, () => go('list', `conv-${shown.conversation.id}`)),
        shown.cursor === null ? null : button('older', texts.earlier, () => void loadPast(shown)),
        shown.messages === null
          ? h('p', { class: 'note' }, texts.loading)
          : h(
              'div',
              { class: 'log', role: 'list', 'aria-labelledby': 'qh-history' },
              ...shown.messages.map(listed),
            ),
        h('p', { class: 'note' }, texts.readOnly),
      );
    }
    // A control that went away (no earlier messages left) leaves the focus on the heading, not on the page.
    if (focused)
      (
        section.querySelector<HTMLElement>(`[data-key="${focused}"]`) ??
        section.querySelector<HTMLElement>('h3')
      )?.focus();
  }

  function show(...children: Array<Node | null>): void {
    section.replaceChildren(...children.filter((child): child is Node => child !== null));
  }

  function listed(message: SupportMessage): HTMLElement {
    const item = options.messageItem(message);
    item.setAttribute('role', 'listitem');
    return item;
  }

  return {
    section,
    view: () => view,
    /** Whether the chat offers the list: earlier conversations by the view, and the list has not found none. */
    offered: () =>
      options.currentId() !== undefined && options.hasEarlier() && options.currentId() !== noneBefore,
    /** Opens the list, loading it afresh (a closed conversation may have become an earlier one). */
    openList(): void {
      items = null;
      cursor = null;
      go('list', 'history-title');
      void loadList();
    },
    render,
    /** Back to the current conversation and forgets what was loaded (the identity changed). */
    reset(): void {
      generation += 1;
      items = null;
      cursor = null;
      past = null;
      noneBefore = undefined;
      if (view !== 'chat') go('chat', '');
    },
  };
}
