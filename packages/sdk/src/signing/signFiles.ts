import type { DocumentFile, FileSignature, Lang, SigningConfig } from '@qoltanba/core';
import type { NcaLayerClient } from './ncaLayerClient';
import { documentSignerFilter } from './signerFilter';

/** Where signing several files is: downloading file `done + 1` of `total`, in NCALayer, or sending. */
export type SigningProgress =
  | { phase: 'downloading'; done: number; total: number }
  | { phase: 'signing'; total: number }
  | { phase: 'sending'; total: number };

/** How to sign with NCALayer: the client, the signing config it goes with, the language and a progress callback. */
export interface NcaLayerSigning {
  ncaLayer: NcaLayerClient;
  signingConfig: SigningConfig;
  lang: Lang;
  onProgress?: (progress: SigningProgress) => void;
  signal?: AbortSignal;
}

/**
 * Downloads every file (one at a time), has NCALayer sign them all with one key choice as `identityNumber`
 * (detached CMS each), and returns one signature per file, or `'cancelled'`.
 */
export async function signFilesWithNcaLayer(
  files: readonly DocumentFile[],
  identityNumber: string,
  download: (file: DocumentFile) => Promise<Blob>,
  signing: NcaLayerSigning,
): Promise<FileSignature[] | 'cancelled'> {
  const { onProgress, signal } = signing;
  const total = files.length;
  const contents: Uint8Array[] = [];
  for (const [done, file] of files.entries()) {
    onProgress?.({ phase: 'downloading', done, total });
    signal?.throwIfAborted();
    contents.push(new Uint8Array(await (await download(file)).arrayBuffer()));
  }
  onProgress?.({ phase: 'signing', total });
  const signatures = await signing.ncaLayer.signCms(contents, {
    ...documentSignerFilter(identityNumber, signing.signingConfig),
    locale: signing.lang,
    ...(signal ? { signal } : {}),
  });
  if (signatures === 'cancelled') return 'cancelled';
  onProgress?.({ phase: 'sending', total });
  return files.map((file, index) => ({ fileId: file.id, cms: signatures[index] ?? '' }));
}
