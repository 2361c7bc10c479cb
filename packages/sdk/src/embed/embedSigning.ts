import type { EmbedSessionView } from '@qoltanba/core';
import { clientApiError } from '../api';
import { type NcaLayerSigning, signFilesWithNcaLayer } from '../signing/signFiles';
import type { EmbedClient } from './embedClient';

/**
 * Signs every file of an embed session's document with NCALayer as the session's signer (their IIN/BIN as the
 * key filter) and posts the signatures. Resolves with the session's view after signing, or `'cancelled'`.
 * Rejects with ApiError EMBED_PURPOSE_MISMATCH when the session shows no document to sign.
 */
export async function signWithEmbedSession(
  client: EmbedClient,
  view: EmbedSessionView,
  signing: NcaLayerSigning,
): Promise<EmbedSessionView | 'cancelled'> {
  const document = view.document;
  if (!document) throw clientApiError('EMBED_PURPOSE_MISMATCH', signing.lang);
  const signatures = await signFilesWithNcaLayer(
    document.document.files,
    document.signer.identityNumber,
    (file) => client.downloadFile(file.id),
    signing,
  );
  if (signatures === 'cancelled') return 'cancelled';
  return client.sign({ signatures, lang: signing.lang });
}
