import {
  mdiChevronDown,
  mdiChevronUp,
  mdiDownload,
  mdiFitToPageOutline,
  mdiMagnifyMinusOutline,
  mdiMagnifyPlusOutline,
} from '@mdi/js';
import type { ErrorCode } from '@qoltanba/core';
import { type JSX, type ReactNode, useEffect, useRef, useState } from 'react';
import { button, iconButton, StateView, widgetRoot } from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { PdfPageView } from './PdfPageView';
import { frame, PAGE_GAP_PX, pages, scroller, toolbar, toolbarGroup, zoomText } from './PdfViewer.css';
import { loadPdfDocument, type PdfLoader, type PdfSource } from './pdf-loader';
import { pdfViewerT } from './texts';
import { usePageObservers } from './use-page-observers';
import { usePdfDocument } from './use-pdf-document';

/** Zoom steps of the zoom buttons, as scales (1 = 100 %). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** Props of {@link PdfViewer}. */
export interface PdfViewerProps {
  /** The PDF: an address, or its bytes. Keep the same object between renders (a new one reopens the PDF). */
  source?: PdfSource;
  /** The caller is still getting the source (e.g. the server is converting the file). */
  loading?: boolean;
  /** The server refused a preview (PREVIEW_UNAVAILABLE, PREVIEW_FAILED, ...): shown with the download link. */
  error?: ErrorCode;
  /** The file's name: names the viewer and the download. */
  fileName?: string;
  /** Where the original file downloads from; with `onDownload` a button is shown instead of a link. */
  downloadUrl?: string;
  onDownload?: () => void;
  /** Height of the scrolling area (any CSS length, default 75vh). */
  height?: string;
  /** Opens the PDF; default pdf.js, imported on first use. */
  loader?: PdfLoader;
  className?: string;
}

/**
 * A PDF shown page by page: one canvas per page, drawn only near the visible area (IntersectionObserver),
 * fit to the width by default (phones too), zoom buttons, "page x of n" with previous/next. pdf.js is loaded
 * when the first PDF opens. When the server gives no preview (PREVIEW_UNAVAILABLE) or pdf.js cannot open the
 * file, the reason shows with a download link.
 *
 * @example <PdfViewer source={bytes} fileName="dogovor.pdf" downloadUrl={url} />
 */
export function PdfViewer(props: PdfViewerProps): JSX.Element {
  const lang = useLang();
  const t = pdfViewerT(lang);
  const state = usePdfDocument(
    props.loading || props.error ? undefined : props.source,
    props.loader ?? loadPdfDocument,
  );
  const scrollRef = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const ready = state.status === 'ready' ? state : undefined;
  const total = ready?.document.numPages ?? 0;
  const { near, current, setCurrent } = usePageObservers(scrollRef, ready?.document);

  // The area's width decides the fit-to-width scale; it follows rotation and window resizes.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);

  const fitScale = ready && width > 0 ? Math.max(0.1, (width - 2 * PAGE_GAP_PX) / ready.pageSize.width) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const goTo = (pageNumber: number) => {
    const target = Math.min(Math.max(1, pageNumber), total);
    scrollRef.current?.querySelector(`[data-page="${target}"]`)?.scrollIntoView?.({ block: 'start' });
    setCurrent(target);
  };
  const zoomBy = (direction: 1 | -1) => {
    const next =
      direction > 0
        ? ZOOM_STEPS.find((step) => step > scale + 0.01)
        : [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.01);
    if (next !== undefined) setZoom(next);
  };

  const download = props.onDownload ? (
    <button type="button" className={button.secondary} onClick={props.onDownload}>
      <Icon path={mdiDownload} />
      {t('download')}
    </button>
  ) : props.downloadUrl ? (
    <a className={button.secondary} href={props.downloadUrl} download={props.fileName ?? true}>
      <Icon path={mdiDownload} />
      {t('download')}
    </a>
  ) : null;

  const code = props.error ?? (state.status === 'error' ? state.code : undefined);
  let body: ReactNode;
  if (code) {
    body = (
      <StateView kind="error" error={code}>
        {download}
      </StateView>
    );
  } else if (!ready) {
    body =
      props.loading || state.status === 'loading' ? <StateView kind="loading" label={t('opening')} /> : null;
  }

  return (
    <div className={[widgetRoot, frame, props.className].filter(Boolean).join(' ')}>
      {ready ? (
        <div className={toolbar}>
          <div className={toolbarGroup}>
            <IconButton
              label={t('previous')}
              icon={mdiChevronUp}
              disabled={current <= 1}
              onClick={() => goTo(current - 1)}
            />
            <span>
              <span aria-hidden="true">{t('pageOf', { n: current, total })}</span>
              <span className={visuallyHidden}>{t('page', { n: current, total })}</span>
            </span>
            <IconButton
              label={t('next')}
              icon={mdiChevronDown}
              disabled={current >= total}
              onClick={() => goTo(current + 1)}
            />
          </div>
          <div className={toolbarGroup}>
            <IconButton
              label={t('zoomOut')}
              icon={mdiMagnifyMinusOutline}
              disabled={scale <= ZOOM_STEPS[0] + 0.01}
              onClick={() => zoomBy(-1)}
            />
            <span className={zoomText}>{t('zoom', { percent: Math.round(scale * 100) })}</span>
            <IconButton
              label={t('zoomIn')}
              icon={mdiMagnifyPlusOutline}
              disabled={scale >= 2.99}
              onClick={() => zoomBy(1)}
            />
            <button
              type="button"
              className={button.quiet}
              aria-pressed={zoom === 'fit'}
              onClick={() => setZoom('fit')}
            >
              <Icon path={mdiFitToPageOutline} />
              {t('fitWidth')}
            </button>
            {download}
          </div>
        </div>
      ) : null}
      {/* The scrolling region is focusable (once pages show) so the keyboard can scroll it. */}
      <section
        ref={scrollRef}
        aria-label={props.fileName ?? t('viewer')}
        aria-busy={!ready && !code ? true : undefined}
        tabIndex={ready ? 0 : undefined}
        className={scroller}
        style={{ height: props.height ?? '75vh' }}
      >
        {ready ? (
          <div className={pages}>
            {Array.from({ length: total }, (_, index) => index + 1).map((pageNumber) => (
              <PdfPageView
                key={pageNumber}
                document={ready.document}
                pageNumber={pageNumber}
                scale={scale}
                near={near.has(pageNumber)}
                fallbackSize={ready.pageSize}
                label={t('page', { n: pageNumber, total })}
                failedText={t('pageFailed')}
              />
            ))}
          </div>
        ) : (
          body
        )}
      </section>
    </div>
  );
}

function IconButton(props: {
  label: string;
  icon: string;
  disabled: boolean;
  onClick: () => void;
}): JSX.Element {
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={props.label}
      title={props.label}
      aria-disabled={props.disabled || undefined}
      onClick={() => {
        if (!props.disabled) props.onClick();
      }}
    >
      <Icon path={props.icon} />
    </button>
  );
}
