import { type JSX, useEffect, useState } from 'react';
import { SignersList } from '../document-card/SignersList';
import { button, formatDateTime, muted, StateView, StatusBadge, sectionHeading } from '../documents-common';
import {
  DOCUMENT_STATUS_TAG,
  type DocumentStatusAttributes,
  documentStatusAttributes,
} from './document-status-attributes';
import { defineElement, type ElementContext } from './element-definition';
import { elementBody, elementHeader } from './embed-elements.css';
import { type EmbedSessionState, useEmbedSession } from './embed-session';
import { serverOrigin } from './runtime/embed-client';
import { embedT } from './texts';

export {
  DOCUMENT_STATUS_TAG,
  type DocumentStatusAttributes,
  documentStatusAttributes,
} from './document-status-attributes';

function DocumentStatusElement({
  token,
  apiBase,
  refreshSeconds,
  element,
}: DocumentStatusAttributes & { element: ElementContext }): JSX.Element {
  const { state, reload } = useEmbedSession(serverOrigin(apiBase), token, 'status', element);
  return (
    <DocumentStatusView
      state={state}
      reload={reload}
      refreshSeconds={refreshSeconds ?? 30}
      retry={Boolean(token)}
      element={element}
    />
  );
}

/** What `<qoltanba-document-status>` shows for an embed session's state (exported for stories). */
export interface DocumentStatusViewProps {
  state: EmbedSessionState;
  reload: () => Promise<void>;
  /** Seconds between reads while the page is visible; 0: none. */
  refreshSeconds: number;
  /** Whether an error offers Retry (not without a token: retrying cannot help). */
  retry: boolean;
  element: ElementContext;
}

/** The content of `<qoltanba-document-status>`: loading, the error, or the document's status and signers. */
export function DocumentStatusView({
  state,
  reload,
  refreshSeconds,
  retry,
  element,
}: DocumentStatusViewProps): JSX.Element {
  const t = embedT(element.lang);
  const [updatedAt, setUpdatedAt] = useState(() => new Date().toISOString());
  const ready = state.kind === 'ready';
  const documentId = ready ? state.view.document?.document.id : undefined;

  useEffect(() => {
    if (!ready) return;
    setUpdatedAt(new Date().toISOString());
  }, [ready]);

  // Poll while visible; a signing or rejection of the same document on the page (e.g. by <qoltanba-sign>) refreshes at once.
  useEffect(() => {
    if (!ready) return;
    const seconds = refreshSeconds;
    const timer =
      seconds > 0
        ? setInterval(() => {
            if (globalThis.document.visibilityState !== 'hidden') void reload();
          }, seconds * 1000)
        : undefined;
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ documentId?: number }>).detail;
      if (detail?.documentId === documentId) void reload();
    };
    globalThis.document.addEventListener('qoltanba-signed', onChange);
    globalThis.document.addEventListener('qoltanba-rejected', onChange);
    return () => {
      clearInterval(timer);
      globalThis.document.removeEventListener('qoltanba-signed', onChange);
      globalThis.document.removeEventListener('qoltanba-rejected', onChange);
    };
  }, [ready, refreshSeconds, reload, documentId]);

  if (state.kind === 'loading') return <StateView kind="loading" />;
  if (state.kind === 'error')
    return <StateView kind="error" error={state.error} onRetry={retry ? () => void reload() : undefined} />;
  const link = state.view.document;
  if (!link) return <StateView kind="error" error="EMBED_PURPOSE_MISMATCH" />;
  const { document } = link;
  return (
    <div className={elementBody}>
      <header className={elementHeader} part="header">
        <h2 className={sectionHeading}>{document.name}</h2>
        <span>{t('document', { number: document.number })}</span>
        <span part="status" aria-live="polite">
          <StatusBadge status={document.status} />
        </span>
      </header>
      <section part="signers" aria-label={t('signers')}>
        <SignersList lang={element.lang} signers={document.signers} method={document.signingMethod} />
      </section>
      <p className={muted}>
        {t('updated', { time: formatDateTime(updatedAt, element.lang) })}{' '}
        <button type="button" className={button.quiet} onClick={() => void reload()}>
          {t('refresh')}
        </button>
      </p>
    </div>
  );
}

/** Definition of `<qoltanba-document-status>`: one document's status and its signers, kept fresh. */
export const documentStatusElement = defineElement({
  tag: DOCUMENT_STATUS_TAG,
  // Replaced with this chunk's CSS by the elements build (build/inline-widgets-css.ts).
  css: '__QOLTANBA_ELEMENT_CSS__',
  attributes: documentStatusAttributes,
  widgets: [],
  component: DocumentStatusElement,
});

/** The `<qoltanba-document-status>` element: attributes as properties. */
export type QoltanbaDocumentStatusElement = HTMLElement & DocumentStatusAttributes;

declare global {
  interface HTMLElementTagNameMap {
    'qoltanba-document-status': QoltanbaDocumentStatusElement;
  }
}
