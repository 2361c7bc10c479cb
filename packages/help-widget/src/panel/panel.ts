import { formatTime, type HelpConfig, type Lang, type SupportMessage } from '@qoltanba/core';
import { type ChatError, errorText, toChatError } from '../chat/chat-error';
import { type ChatState, createChatSession } from '../chat/chat-session';
import { createSupportApi, type SupportApiOptions } from '../chat/support-api';
import { createVisitorStore, type VisitorStore } from '../chat/visitor-store';
import { helpPageOf, safeHttpUrl } from '../loader/options';
import type { PanelController, PanelHost } from '../panel-contract';
import { adoptCss } from '../shared/adopt-css';
import { h, icon } from './dom';
import { createHistory } from './history';
import { PANEL_CSS } from './panel-css';
import { fill, PANEL_TEXTS } from './texts';

const CLOSE =
  'M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z';
const CLIP =
  'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z';
const BOOK =
  'M18 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM6 4h5v8l-2.5-1.5L6 12z';
const BUBBLE = 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H7l-5 4V5a2 2 0 0 1 2-2z';
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/** Test seams: the network and storage the panel uses. */
export interface PanelDependencies {
  fetch?: SupportApiOptions['fetch'];
  upload?: SupportApiOptions['upload'];
  visitors?: VisitorStore;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Renders the help panel into the loader's container: links (the help page of the active language, WhatsApp,
 * Telegram) and, when the server's help config has it on, the online chat. Message text is only ever set as text.
 */
export function mountPanel(host: PanelHost, dependencies: PanelDependencies = {}): PanelController {
  const { root, container, options } = host;
  const doc = container.ownerDocument;
  let lang: Lang = host.lang;
  let open = host.open;
  let config: HelpConfig | null = null;
  let configError: ChatError | null = null;
  let configLoading: Promise<void> | undefined;
  adoptCss(root, PANEL_CSS);

  const apiOptions = {
    api: options.api,
    fetch: dependencies.fetch,
    upload: dependencies.upload,
    lang: () => lang,
  };
  const configApi = createSupportApi({
    ...apiOptions,
    credentials: () => ({ identity: null, visitor: null }),
  });
  const visitors = dependencies.visitors ?? createVisitorStore();
  const session = createChatSession({ api: apiOptions, visitors, pageUrl: () => doc.location?.href ?? '' });
  session.setIdentity(host.identity);
  let identified = host.identity !== null;

  // The current language's elements; a language switch builds them again.
  let dialog = h('section');
  let body = h('div');
  let links = h('ul');
  let chat = h('section');
  let log = h('div');
  let earlier = h('button');
  let historyButton = h('button');
  let historyError: { error: ChatError; retry(): void } | null = null;
  let note = h('p');
  let loading = h('p');
  let errorBox = h('div');
  let uploadBox = h('div');
  let textarea = h('textarea');
  let sendButton = h('button');
  let attachButton = h('button');
  let fileInput = h('input');
  const rendered = new Map<number, HTMLElement>();

  const t = () => PANEL_TEXTS[lang];
  const chatOn = () => config?.chat === true;

  // Earlier conversations replace the chat section while the visitor reads them; the chat keeps running behind.
  const history = createHistory({
    texts: t,
    lang: () => lang,
    conversations: session.conversations,
    messagesOf: session.messagesOf,
    messageItem,
    currentId: () => session.state().conversation?.id,
    hasEarlier: () => session.state().hasEarlierConversations,
    fail(error, retry) {
      historyError = error && retry ? { error, retry } : null;
      update();
    },
    scroller: () => body,
    changed(view, focus) {
      chat.hidden = !chatOn() || view !== 'chat';
      session.setActive(open && view === 'chat');
      if (view !== 'chat') return;
      renderChat(session.state());
      scrollToLatest();
      // Back where the visitor left: the button that opened the list, or the message field once it is gone.
      if (focus) (historyButton.hidden ? textarea : historyButton).focus();
    },
  });

  function linkItem(href: string | undefined, label: string, path: string): HTMLLIElement | null {
    if (!href) return null;
    return h(
      'li',
      {},
      h(
        'a',
        { href, target: '_blank', rel: 'noopener noreferrer' },
        icon(path),
        h('span', {}, label),
        h('span', { class: 'sr' }, ` ${t().newTab}`),
      ),
    );
  }

  async function saveAttachment(id: number, name: string): Promise<void> {
    try {
      const url = URL.createObjectURL(await session.attachment(id));
      const anchor = h('a', { href: url, download: name });
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      showError(toChatError(error));
    }
  }

  function messageItem(message: SupportMessage): HTMLElement {
    const texts = t();
    const who =
      message.author === 'visitor'
        ? texts.you
        : message.author === 'operator'
          ? (message.authorName ?? texts.support)
          : null;
    const time = new Date(message.createdAt);
    const attachment = message.attachment;
    return h(
      'div',
      { class: `msg ${message.author}` },
      who ? h('span', { class: 'who' }, who) : null,
      message.text ? h('p', { class: 'text' }, message.text) : null,
      attachment
        ? h(
            'button',
            {
              type: 'button',
              class: 'file',
              'aria-label': fill(texts.download, { name: attachment.name }),
              onclick: () => void saveAttachment(attachment.id, attachment.name),
            },
            icon(CLIP),
            `${attachment.name} (${sizeOf(attachment.size)})`,
          )
        : null,
      Number.isNaN(time.getTime())
        ? null
        : h('time', { datetime: message.createdAt }, formatTime(time, lang)),
    );
  }

  function showError(error: ChatError | null, retry?: () => void): void {
    errorBox.hidden = !error;
    errorBox.replaceChildren();
    if (!error) return;
    errorBox.append(h('p', {}, errorText(error, lang)));
    if (retry) errorBox.append(h('button', { type: 'button', class: 'send', onclick: retry }, t().retry));
    errorBox.append(
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'aria-label': t().dismiss,
          onclick: () => {
            configError = null;
            historyError = null;
            session.dismissError();
            update();
          },
        },
        icon(CLOSE),
      ),
    );
  }

  function renderLinks(): void {
    const texts = t();
    const help = options.helpUrl ? helpPageOf(options.helpUrl, lang) : safeHttpUrl(config?.helpPages[lang]);
    const pick = (override: string | null | undefined, fromServer: string | null | undefined) =>
      override === null ? undefined : (override ?? safeHttpUrl(fromServer));
    links.replaceChildren(
      ...[
        linkItem(help, texts.helpPage, BOOK),
        linkItem(pick(options.whatsapp, config?.whatsapp), texts.whatsapp, BUBBLE),
        linkItem(pick(options.telegram, config?.telegram), texts.telegram, BUBBLE),
      ].filter((item): item is HTMLLIElement => item !== null),
    );
  }

  function renderChat(state: ChatState): void {
    const texts = t();
    chat.hidden = !chatOn() || history.view() !== 'chat';
    historyButton.hidden = !history.offered();
    // Messages are added in place, never redrawn, so screen readers announce only new ones (role=log).
    const ids = new Set(state.messages.map((message) => message.id));
    if ([...rendered.keys()].some((id) => !ids.has(id))) {
      rendered.clear();
      log.replaceChildren();
    }
    // Older messages added above keep the reader where they were; anything else follows the latest.
    const firstShown = log.firstElementChild;
    const heightBefore = body.scrollHeight;
    let previous: HTMLElement | undefined;
    for (const message of state.messages) {
      let item = rendered.get(message.id);
      if (!item) {
        item = messageItem(message);
        rendered.set(message.id, item);
        if (previous) previous.after(item);
        else log.prepend(item);
      }
      previous = item;
    }
    const prepended = firstShown !== null && log.firstElementChild !== firstShown;
    earlier.hidden = !state.hasEarlier;
    const closed = state.conversation?.status === 'closed';
    note.hidden = state.messages.length > 0 && !closed;
    note.textContent = closed ? texts.closed : texts.empty;
    if (configError) showError(configError, () => void loadConfig(true));
    else if (historyError) showError(historyError.error, historyError.retry);
    else showError(state.error);
    uploadBox.hidden = !state.upload;
    if (state.upload) {
      uploadBox.replaceChildren(
        h('span', {}, fill(texts.uploading, { name: state.upload.name })),
        h('progress', {
          max: 100,
          value: Math.round(state.upload.progress * 100),
          'aria-label': fill(texts.uploading, { name: state.upload.name }),
        }),
      );
    }
    const busy = state.sending || state.upload !== null;
    sendButton.disabled = busy;
    attachButton.disabled = busy;
    host.setUnread(state.unread);
    if (history.view() !== 'chat') return;
    if (prepended) body.scrollTop += body.scrollHeight - heightBefore;
    else if (open) scrollToLatest();
  }

  // Only the panel's own scroller moves (scrollIntoView could scroll the host page too).
  function scrollToLatest(): void {
    body.scrollTop = body.scrollHeight;
  }

  function update(): void {
    renderLinks();
    loading.hidden = config !== null || configError !== null;
    renderChat(session.state());
  }

  // Sending disables the send and attach buttons, and a disabled button drops its focus to the host page's body
  // (Escape then no longer closes the panel): the message field takes the focus first.
  function keepFocusInComposer(): void {
    const focused = root.activeElement;
    if (focused === sendButton || focused === attachButton) textarea.focus();
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    keepFocusInComposer();
    if (await session.send(textarea.value)) textarea.value = '';
  }

  async function attachChosen(): Promise<void> {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    keepFocusInComposer();
    if (file && (await session.attach(file, textarea.value))) textarea.value = '';
  }

  function build(): void {
    const texts = t();
    const focused = root.activeElement?.getAttribute('data-key');
    const draft = textarea.value;
    links = h('ul', { class: 'links' });
    log = h('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': texts.chat });
    // The attachment button's look: small and quiet above the messages.
    earlier = h(
      'button',
      { type: 'button', class: 'file', hidden: true, onclick: () => void session.loadEarlier() },
      texts.earlier,
    );
    historyButton = h(
      'button',
      {
        type: 'button',
        class: 'file',
        hidden: true,
        'data-key': 'history',
        onclick: () => history.openList(),
      },
      texts.history,
    );
    rendered.clear();
    note = h('p', { class: 'note' });
    loading = h('p', { class: 'note' }, texts.loading);
    errorBox = h('div', { class: 'error', role: 'alert', hidden: true });
    uploadBox = h('div', { class: 'upload', hidden: true });
    textarea = h('textarea', {
      id: 'qh-text',
      rows: 2,
      maxlength: 2000,
      'data-key': 'text',
      onkeydown: (event: Event) => {
        const key = event as KeyboardEvent;
        if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) void submit(event);
      },
    });
    textarea.value = draft;
    fileInput = h('input', {
      type: 'file',
      accept: ACCEPT,
      hidden: true,
      tabindex: -1,
      onchange: () => void attachChosen(),
    });
    attachButton = h(
      'button',
      {
        type: 'button',
        class: 'icon',
        'aria-label': texts.attach,
        title: texts.attach,
        'data-key': 'attach',
        onclick: () => fileInput.click(),
      },
      icon(CLIP),
    );
    sendButton = h('button', { type: 'submit', class: 'send', 'data-key': 'send' }, texts.send);
    chat = h(
      'section',
      { class: 'chat', 'aria-labelledby': 'qh-chat' },
      h('h3', { id: 'qh-chat' }, texts.chat),
      historyButton,
      earlier,
      log,
      note,
      uploadBox,
      h(
        'form',
        { class: 'composer', onsubmit: (event: Event) => void submit(event) },
        h('label', { class: 'sr', for: 'qh-text' }, texts.message),
        textarea,
        fileInput,
        attachButton,
        sendButton,
      ),
    );
    history.render();
    body = h('div', { class: 'body' }, links, loading, chat, history.section, errorBox);
    dialog = h(
      'section',
      {
        class: 'panel',
        role: 'dialog',
        'aria-labelledby': 'qh-title',
        tabindex: -1,
        lang,
        'data-theme': options.theme,
      },
      h(
        'div',
        { class: 'head' },
        h('h2', { id: 'qh-title' }, texts.title),
        h(
          'button',
          {
            type: 'button',
            class: 'icon',
            'aria-label': texts.close,
            'data-key': 'close',
            onclick: () => host.requestClose(),
          },
          icon(CLOSE),
        ),
      ),
      body,
    );
    container.replaceChildren(dialog);
    update();
    if (focused) root.querySelector<HTMLElement>(`[data-key="${focused}"]`)?.focus();
  }

  // The help config once it is needed (first open, or a known visitor whose unread count the button shows).
  function loadConfig(retry = false): Promise<void> {
    if (retry) configLoading = undefined;
    configLoading ??= configApi.helpConfig().then(
      (loaded) => {
        config = loaded;
        configError = null;
        if (chatOn()) session.start();
        update();
      },
      (error: unknown) => {
        configError = toChatError(error);
        update();
      },
    );
    return configLoading;
  }

  session.subscribe(() => renderChat(session.state()));
  build();
  if (open || identified || visitors.get() !== null) void loadConfig();

  return {
    setOpen(next) {
      open = next;
      session.setActive(open && history.view() === 'chat');
      if (!open) return;
      // A help config that failed to load is tried again on the next open.
      void loadConfig(configError !== null);
      dialog.focus();
      if (history.view() === 'chat') scrollToLatest();
    },
    setLanguage(next) {
      if (next === lang) return;
      lang = next;
      build();
    },
    identify(identityToken) {
      session.setIdentity(identityToken);
      history.reset();
      identified = identityToken !== null;
      if (identified) void loadConfig();
      if (chatOn()) session.start();
    },
  };
}
