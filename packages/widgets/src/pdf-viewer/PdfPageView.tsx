import { type JSX, useEffect, useRef, useState } from 'react';
import { canvas as canvasClass, page as pageClass, pageError } from './PdfViewer.css';
import type { PdfDocument, PdfViewport } from './pdf-loader';

/** Props of {@link PdfPageView}. */
export interface PdfPageViewProps {
  document: PdfDocument;
  pageNumber: number;
  scale: number;
  /** Near the visible area: draw it; otherwise only its placeholder is kept (memory stays bounded). */
  near: boolean;
  /** The size to reserve before the page's own size is known (the first page's). */
  fallbackSize: PdfViewport;
  label: string;
  failedText: string;
}

/**
 * One page: a box of the page's size at `scale`, with a canvas drawn at the device's pixel ratio while the
 * page is near the visible area. A new scale redraws it; leaving the area cancels drawing and frees the canvas.
 */
export function PdfPageView(props: PdfPageViewProps): JSX.Element {
  const { document, pageNumber, scale, near } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<PdfViewport>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let cancelTask: (() => void) | undefined;
    const draw = async () => {
      const page = await document.getPage(pageNumber);
      if (cancelled) return;
      const viewport = page.getViewport({ scale: 1 });
      setSize({ width: viewport.width, height: viewport.height });
      const canvas = canvasRef.current;
      if (!canvas) return;
      const ratio = globalThis.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * scale * ratio);
      canvas.height = Math.floor(viewport.height * scale * ratio);
      const task = page.render({
        canvas,
        scale,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancelTask = () => task.cancel();
      await task.promise;
      if (!cancelled) setFailed(false);
    };
    draw().catch((error: unknown) => {
      // A cancelled render rejects too; only a real failure is shown.
      if (!cancelled && (error as { name?: string } | null)?.name !== 'RenderingCancelledException')
        setFailed(true);
    });
    return () => {
      cancelled = true;
      cancelTask?.();
    };
  }, [document, pageNumber, scale, near]);

  const base = size ?? props.fallbackSize;
  return (
    <div
      className={pageClass}
      data-page={pageNumber}
      style={{ width: `${base.width * scale}px`, height: `${base.height * scale}px` }}
    >
      {near && !failed ? (
        <canvas ref={canvasRef} className={canvasClass} role="img" aria-label={props.label} />
      ) : (
        <span role="img" aria-label={props.label} className={failed ? pageError : undefined}>
          {failed ? props.failedText : null}
        </span>
      )}
    </div>
  );
}
