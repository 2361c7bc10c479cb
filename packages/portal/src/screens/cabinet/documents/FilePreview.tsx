import type { DocumentFile, ErrorCode } from '@qoltanba/core';
import { PdfViewer } from '@qoltanba/widgets';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { usePortalT } from '../../../i18n';
import * as css from '../../screens.css';
import * as docs from './documents.css';
import { failureCode } from './failureCode';

/** Props of {@link FilePreview}. */
export interface FilePreviewProps {
  file: DocumentFile;
  /** Fetches the preview's bytes (the cabinet's `previewDocumentFile`, or an external link's). */
  load: (signal: AbortSignal) => Promise<Uint8Array>;
  onClose: () => void;
  onDownload: () => void;
}

/**
 * A file's PDF preview in the widgets' PdfViewer: the sdk fetches the preview (the file itself for a PDF, the
 * server's LibreOffice conversion otherwise); a refusal (PREVIEW_UNAVAILABLE, ...) shows with the download.
 */
export function FilePreview({ file, load, onClose, onDownload }: FilePreviewProps): JSX.Element {
  const { t } = usePortalT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [preview, setPreview] = useState<{ bytes?: Uint8Array; error?: ErrorCode }>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller keys the preview by file; a new `load` each render must not fetch again
  useEffect(() => {
    heading.current?.focus();
    const controller = new AbortController();
    setPreview({});
    load(controller.signal).then(
      (bytes) => setPreview({ bytes }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPreview({ error: failureCode(error, 'file-preview') });
      },
    );
    return () => controller.abort();
  }, [file.id]);

  return (
    <section className={`${css.panel} ${docs.previewPanel}`} aria-labelledby={id} data-preview={file.id}>
      <div className={docs.panelHead}>
        <h2 id={id} ref={heading} tabIndex={-1} className={docs.panelTitle}>
          {t('docs.preview.title', { name: file.name })}
        </h2>
        <button type="button" className={css.secondaryButton} onClick={onClose}>
          {t('docs.preview.close')}
        </button>
      </div>
      <PdfViewer
        source={preview.bytes}
        loading={!preview.bytes && !preview.error}
        error={preview.error}
        fileName={file.name}
        onDownload={onDownload}
        height="70vh"
      />
    </section>
  );
}
