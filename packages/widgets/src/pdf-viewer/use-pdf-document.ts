import type { ErrorCode } from '@qoltanba/core';
import { useEffect, useState } from 'react';
import type { PdfDocument, PdfLoader, PdfSource, PdfViewport } from './pdf-loader';

/** Where opening a PDF stands; `pageSize` is the first page at scale 1, the placeholder size of unseen pages. */
export type PdfDocumentState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; document: PdfDocument; pageSize: PdfViewport }
  | { status: 'error'; code: ErrorCode };

/**
 * Opens `source` with `loader` and destroys the document when the source changes or the viewer goes. A PDF
 * that pdf.js cannot open (damaged, password-protected, not a PDF) is PREVIEW_FAILED.
 */
export function usePdfDocument(source: PdfSource | undefined, loader: PdfLoader): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: source ? 'loading' : 'idle' });

  useEffect(() => {
    if (!source) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    let opened: PdfDocument | undefined;
    setState({ status: 'loading' });
    const open = async () => {
      const document = await loader(source);
      // A document that arrives after its viewer moved on is closed at once.
      if (cancelled) {
        void document.destroy().catch(() => undefined);
        return;
      }
      opened = document;
      const first = await document.getPage(1);
      const { width, height } = first.getViewport({ scale: 1 });
      if (!cancelled) setState({ status: 'ready', document, pageSize: { width, height } });
    };
    open().catch(() => {
      if (!cancelled) setState({ status: 'error', code: 'PREVIEW_FAILED' });
    });
    return () => {
      cancelled = true;
      void opened?.destroy().catch(() => undefined);
    };
  }, [source, loader]);

  return state;
}
