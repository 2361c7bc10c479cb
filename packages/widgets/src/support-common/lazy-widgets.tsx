import { type JSX, lazy, Suspense } from 'react';
import type { SupportCloseButtonProps } from '../support-close-button/SupportCloseButton';
import type { SupportConversationListProps } from '../support-conversation-list/SupportConversationList';
import type { SupportReplyFormProps } from '../support-reply-form/SupportReplyForm';
import type { SupportThreadProps } from '../support-thread/SupportThread';

// The support inbox widgets load on first render, in one chunk of their own (like the verification widgets): only
// operators see them, so hosts and other users do not pay for their code and texts in the package's entry.

const load = () => import('./support-widgets');
const LazyList = lazy(async () => ({ default: (await load()).SupportConversationList }));
const LazyThread = lazy(async () => ({ default: (await load()).SupportThread }));
const LazyReplyForm = lazy(async () => ({ default: (await load()).SupportReplyForm }));
const LazyCloseButton = lazy(async () => ({ default: (await load()).SupportCloseButton }));

/**
 * The operators' list of support conversations: open and closed tabs, a link per conversation with visitor, kind,
 * time, last message and unread badge. Loaded on first render (nothing is shown until its chunk arrives).
 *
 * @example <SupportConversationList conversations={items} status="open" hrefOf={(c) => `?conversation=${c.id}`} />
 */
export function SupportConversationList(props: SupportConversationListProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyList {...props} />
    </Suspense>
  );
}

/**
 * One support conversation: the visitor, then the messages oldest first as a live log, text only, attachments as
 * download links. Loaded on first render.
 *
 * @example <SupportThread conversation={c} messages={messages} attachmentHref={(a) => url(c.id, a.id)} />
 */
export function SupportThread(props: SupportThreadProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyThread {...props} />
    </Suspense>
  );
}

/**
 * An operator's reply: Enter sends, Shift+Enter starts a new line, core's rule checked first. Loaded on first
 * render.
 *
 * @example <SupportReplyForm onSend={(text) => $supportInbox.reply(text)} />
 */
export function SupportReplyForm(props: SupportReplyFormProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyReplyForm {...props} />
    </Suspense>
  );
}

/**
 * "Close conversation" with a confirmation in place. Loaded on first render.
 *
 * @example <SupportCloseButton onClose={() => $supportInbox.close()} />
 */
export function SupportCloseButton(props: SupportCloseButtonProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyCloseButton {...props} />
    </Suspense>
  );
}
