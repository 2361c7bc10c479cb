import type { DocumentFile } from '@qoltanba/core';
import { DocumentCard, type DocumentCardProps } from '@qoltanba/widgets';
import { type JSX, useState } from 'react';
import { FilePreview } from './FilePreview';

/** Props of {@link PreviewableDocumentCard}. */
export interface PreviewableDocumentCardProps {
  document: NonNullable<DocumentCardProps['document']>;
  /** The history to show; undefined shows it loading. */
  history: DocumentCardProps['history'];
  onDownload: (file: DocumentFile) => void;
  /** Fetches a file's PDF preview through whatever grants the access (a link's token); without it no preview. */
  loadPreview?: (file: DocumentFile) => Promise<Uint8Array>;
}

/**
 * A read-only document card whose files open in the PDF preview above it: the pages of a link (a signer's, an
 * approver's, a shared document's) and an embed session, each loading the preview through its own token.
 */
export function PreviewableDocumentCard({
  document,
  history,
  onDownload,
  loadPreview,
}: PreviewableDocumentCardProps): JSX.Element {
  const [previewed, setPreviewed] = useState<DocumentFile>();
  return (
    <>
      {previewed && loadPreview ? (
        <FilePreview
          key={previewed.id}
          file={previewed}
          load={() => loadPreview(previewed)}
          onClose={() => setPreviewed(undefined)}
          onDownload={() => onDownload(previewed)}
        />
      ) : null}
      <DocumentCard
        document={document}
        history={history}
        onDownload={onDownload}
        {...(loadPreview ? { onPreview: setPreviewed } : {})}
      />
    </>
  );
}
