import type { DocumentStatus, EmbedPurpose, EmbedSessionView, Lang, Signer } from '@qoltanba/core';
import type { EmbedClient } from '@qoltanba/sdk';
import { type ComponentType, type JSX, useMemo, useState } from 'react';
import type { ElementContext, ElementDefinition } from '../elements/element-definition';
import { ElementShell } from '../elements/element-shell';
import type { EmbedSessionState } from '../elements/embed-session';
import { sampleDocument } from './document-fixtures';
import { samplePdf } from './sample-pdf';
import { sampleQrSession } from './signing-fakes';

// Stand-ins for the embedding elements' stories and tests: an embed session's view and client answering from
// memory, and a frame rendering an element's content through its real shell (texts of `lang` loaded first).

const DELAY_MS = 600;
const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, DELAY_MS));

/**
 * The signer's view of a sample document in `status`; the signer (the sample's second, a person) is in
 * `signerState`, by default what the status implies (waiting at signing, signed, rejected).
 */
export function sampleSessionView(
  purpose: EmbedPurpose,
  status: DocumentStatus,
  signerState?: Signer['state'],
): EmbedSessionView {
  const document = sampleDocument(status);
  const last = document.signers[document.signers.length - 1] as Signer;
  const signer: Signer = signerState
    ? { ...last, state: signerState, signedAt: signerState === 'SIGNED' ? last.signedAt : null }
    : last;
  const signers = document.signers.map((s) => (s.identityNumber === signer.identityNumber ? signer : s));
  return {
    purpose,
    allowedOrigins: ['https://partner.example'],
    lang: 'ru',
    document: {
      document: { ...document, signers },
      signer,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    },
    company: null,
    requiredSigner: null,
  };
}

/** An embed session's client answering from memory after a short delay: signing and rejecting change the view. */
export function fakeEmbedClient(initial: EmbedSessionView): EmbedClient {
  let view = initial;
  const withSigner = (state: Signer['state'], status: DocumentStatus): EmbedSessionView => {
    const link = view.document;
    if (!link) return view;
    const signer = { ...link.signer, state };
    const signers = link.document.signers.map((s) =>
      s.identityNumber === signer.identityNumber ? signer : s,
    );
    return { ...view, document: { ...link, signer, document: { ...link.document, status, signers } } };
  };
  const pdf = () => new Blob([samplePdf(2) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  return {
    authorization: 'Bearer es_story',
    fileUrl: (fileId) => `https://qoltanba.example/files/${fileId}`,
    previewUrl: (fileId) => `https://qoltanba.example/files/${fileId}/preview`,
    async getSession() {
      await later();
      return view;
    },
    async downloadFile() {
      await later();
      return pdf();
    },
    async downloadPreview() {
      await later();
      return pdf();
    },
    async sign() {
      await later();
      view = withSigner('SIGNED', 'SIGNED');
      return view;
    },
    async reject() {
      await later();
      view = withSigner('REJECTED', 'REJECTED');
      return view;
    },
    async startQrSigning() {
      await later();
      return sampleQrSession();
    },
  };
}

/** A ready session state over {@link fakeEmbedClient}. */
export function readySession(view: EmbedSessionView): EmbedSessionState {
  return { kind: 'ready', client: fakeEmbedClient(view), view };
}

/** What an element's content gets in a story besides the shell's context. */
export type ElementContent = ComponentType<{ element: ElementContext }>;

/**
 * An element's content rendered through its real shell in the page (no shadow root, so the story's CSS and axe
 * reach it): the texts of `lang` load first, then `content` renders with a context whose events go to a detached
 * host.
 */
export function ElementFrame({ lang, content }: { lang: Lang; content: ElementContent }): JSX.Element {
  const [host] = useState(() => document.createElement('div'));
  const definition = useMemo<ElementDefinition>(
    () => ({ tag: 'qoltanba-story', attributes: {}, widgets: [], css: '', component: content }),
    [content],
  );
  return <ElementShell definition={definition} host={host} attributes={{ lang }} />;
}
