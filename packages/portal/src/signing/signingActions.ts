import type { EmbedSessionView, Lang, SigningLinkView } from '@qoltanba/core';
import {
  type DocumentStore,
  type EmbedClient,
  followQrSigning,
  invalidateDocuments,
  loadSigningConfig,
  type NcaLayerSigning,
  ncaLayerFor,
  type SigningProgress,
  signByLink,
  signWithEmbedSession,
  startQrSigning,
  startQrSigningByLink,
} from '@qoltanba/sdk';
import type { SignPanelActions } from '@qoltanba/widgets';

/** NCALayer signing as the server's signing config says (address, test signer), in the user's language. */
export async function ncaLayerSigning(
  lang: Lang,
  onProgress?: (progress: SigningProgress) => void,
): Promise<NcaLayerSigning> {
  const signingConfig = await loadSigningConfig();
  return { ncaLayer: ncaLayerFor(signingConfig), signingConfig, lang, ...(onProgress ? { onProgress } : {}) };
}

/** The sign panel's actions on a document of the acting company, through its sdk document store. */
export function documentSignActions(id: number, store: DocumentStore, lang: Lang): SignPanelActions {
  return {
    async signWithNcaLayer(onProgress) {
      const outcome = await store.sign(await ncaLayerSigning(lang, onProgress));
      return outcome === 'cancelled' ? 'cancelled' : 'signed';
    },
    start: () => startQrSigning(id),
    follow: (session) => {
      const follower = followQrSigning(session);
      // eGov mobile signs on the server's side: the card and the lists learn of it here.
      void follower.done.then(() => invalidateDocuments());
      return follower;
    },
  };
}

/** The sign panel's actions for a signer's personal link; `onView` receives the link's view after signing. */
export function linkSignActions(
  token: string,
  view: SigningLinkView,
  lang: Lang,
  onView: (view: SigningLinkView) => void,
): SignPanelActions {
  return {
    async signWithNcaLayer(onProgress) {
      const outcome = await signByLink(token, view, await ncaLayerSigning(lang, onProgress));
      if (outcome === 'cancelled') return 'cancelled';
      onView(outcome);
      return 'signed';
    },
    start: () => startQrSigningByLink(token),
    follow: (session) => followQrSigning(session),
  };
}

/** The sign panel's actions inside a partner's embed; `onView` receives the session's view after NCALayer signing. */
export function embedSignActions(
  client: EmbedClient,
  view: EmbedSessionView,
  lang: Lang,
  onView: (view: EmbedSessionView) => void,
): SignPanelActions {
  return {
    async signWithNcaLayer(onProgress) {
      const outcome = await signWithEmbedSession(client, view, await ncaLayerSigning(lang, onProgress));
      if (outcome === 'cancelled') return 'cancelled';
      onView(outcome);
      return 'signed';
    },
    start: () => client.startQrSigning(),
    follow: (session) => followQrSigning(session),
  };
}
