import { setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePdf } from '../story-support/sample-pdf';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { PdfViewer } from './PdfViewer';
import * as stories from './PdfViewer.stories';
import type { PdfDocument, PdfLoader } from './pdf-loader';

// pdf.js stands in as a fake: it reads the page count of our sample PDFs and refuses anything else.
const pdfjs = vi.hoisted(() => ({
  imported: 0,
  workerSrc: '',
  lastData: undefined as Uint8Array | undefined,
}));
vi.mock('pdfjs-dist', () => {
  pdfjs.imported += 1;
  const GlobalWorkerOptions = {
    get workerSrc() {
      return pdfjs.workerSrc;
    },
    set workerSrc(value: string) {
      pdfjs.workerSrc = value;
    },
  };
  const getDocument = ({ data }: { data: Uint8Array }) => {
    pdfjs.lastData = data;
    const count = /\/Count (\d+)/.exec(new TextDecoder().decode(data))?.[1];
    const page = {
      getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
    };
    const document = {
      numPages: Number(count),
      getPage: async () => ({
        ...page,
        render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
      }),
      destroy: async () => undefined,
    };
    return { promise: count ? Promise.resolve(document) : Promise.reject(new Error('InvalidPDFException')) };
  };
  return { GlobalWorkerOptions, getDocument };
});

/** A fake document whose pages record what they were asked to draw. */
function fakeDocument(pages: number, fail: number[] = []) {
  const drawn: Array<{ page: number; scale: number }> = [];
  const cancelled: number[] = [];
  const destroy = vi.fn(async () => undefined);
  const document: PdfDocument = {
    numPages: pages,
    destroy,
    getPage: async (page) => ({
      getViewport: ({ scale }) => ({ width: 600 * scale, height: 800 * scale }),
      render: ({ scale }) => {
        drawn.push({ page, scale });
        return {
          promise: fail.includes(page) ? Promise.reject(new Error('bad page')) : Promise.resolve(),
          cancel: () => cancelled.push(page),
        };
      },
    }),
  };
  const loader: PdfLoader = vi.fn(async () => document);
  return { document, loader, drawn, cancelled, destroy };
}

/** A controllable IntersectionObserver: tests say which pages are near or visible. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {}
  static report(kind: 'near' | 'visible', page: number, ratio: number) {
    const observer = FakeObserver.all
      .filter((o) => (kind === 'near' ? o.options.rootMargin : o.options.threshold))
      .at(-1);
    const target = observer?.targets.find((t) => t.getAttribute('data-page') === String(page));
    const entry = {
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    } as IntersectionObserverEntry;
    act(() => observer?.callback([entry], observer as unknown as IntersectionObserver));
  }
}

const SOURCE = samplePdf(3);

describe('PdfViewer', () => {
  beforeEach(() => {
    setLocale('en');
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('imports pdf.js only when a PDF opens, with its worker, and leaves the bytes intact', async () => {
    const imported = pdfjs.imported;
    const { unmount } = render(<PdfViewer error="PREVIEW_UNAVAILABLE" />);
    await Promise.resolve();
    expect(pdfjs.imported).toBe(imported);
    unmount();
    render(<PdfViewer source={SOURCE} />);
    await screen.findByRole('img', { name: 'Page 1 of 3' });
    expect(pdfjs.imported).toBe(1);
    expect(pdfjs.workerSrc).toMatch(/pdfjs-dist\/build\/pdf\.worker\.min\.mjs$/);
    expect(pdfjs.lastData).not.toBe(SOURCE);
    expect(pdfjs.lastData).toEqual(SOURCE);
  });

  it('shows every page with its place, drawing only those near the visible area', async () => {
    const { loader, drawn, cancelled } = fakeDocument(5);
    const { container } = render(<PdfViewer source={SOURCE} loader={loader} />);
    await screen.findByText('1 of 5');
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Page ${n} of 5`),
    );
    await waitFor(() => expect(drawn.map((d) => d.page)).toEqual([1]));
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
    FakeObserver.report('near', 4, 1);
    await waitFor(() => expect(drawn.map((d) => d.page)).toEqual([1, 4]));
    FakeObserver.report('near', 1, 0);
    expect(cancelled).toContain(1);
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
  });

  it('follows the most visible page and moves by the page buttons', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { loader } = fakeDocument(3);
    render(<PdfViewer source={SOURCE} loader={loader} />);
    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    FakeObserver.report('visible', 1, 0.25);
    FakeObserver.report('visible', 2, 0.75);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('fits the page to the width of a phone, and zooms by steps', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(324);
    const { loader, drawn } = fakeDocument(1);
    render(<PdfViewer source={SOURCE} loader={loader} />);
    await screen.findByText('Zoom: 50%');
    await waitFor(() => expect(drawn.at(-1)?.scale).toBe(0.5));
    const fit = screen.getByRole('button', { name: 'Fit width' });
    expect(fit.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('Zoom: 75%')).toBeTruthy();
    expect(fit.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(drawn.at(-1)?.scale).toBe(0.75));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('Zoom: 50%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(fit);
    expect(fit.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows why there is no preview, with a download link, without opening anything', () => {
    const { loader } = fakeDocument(1);
    render(
      <PdfViewer
        source={SOURCE}
        error="PREVIEW_UNAVAILABLE"
        downloadUrl="/files/11"
        fileName="akt.docx"
        loader={loader}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'A preview of this file is not available now. Download the file to open it',
    );
    const link = screen.getByRole('link', { name: 'Download the file' });
    expect([link.getAttribute('href'), link.getAttribute('download')]).toEqual(['/files/11', 'akt.docx']);
    expect(loader).not.toHaveBeenCalled();
  });

  it('says when pdf.js cannot open the file, offering the download by callback', async () => {
    const onDownload = vi.fn();
    setLocale('ru');
    render(<PdfViewer source={new TextEncoder().encode('nope')} onDownload={onDownload} />);
    expect(await screen.findByText('Не удалось преобразовать файл для предпросмотра')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Скачать файл' }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it('shows loading while the caller fetches, and a page that failed to draw', async () => {
    const { loader } = fakeDocument(2, [1]);
    const { rerender } = render(<PdfViewer loading loader={loader} />);
    expect(screen.getByRole('status').textContent).toBe('Opening the document…');
    rerender(<PdfViewer source={SOURCE} loader={loader} />);
    expect(await screen.findByText('This page could not be shown')).toBeTruthy();
  });

  it('closes the document when the source changes and when it goes', async () => {
    const first = fakeDocument(1);
    const { rerender, unmount } = render(<PdfViewer source={SOURCE} loader={first.loader} />);
    await screen.findByText('1 of 1');
    rerender(<PdfViewer source={samplePdf(2)} loader={first.loader} />);
    expect(first.destroy).toHaveBeenCalledOnce();
    unmount();
    await waitFor(() => expect(first.destroy).toHaveBeenCalledTimes(2));
  });

  it('has no axe violations with pages shown', async () => {
    const { loader } = fakeDocument(3);
    const { container } = render(
      <PdfViewer source={SOURCE} loader={loader} fileName="dogovor.pdf" downloadUrl="/f" />,
    );
    await screen.findByText('1 of 3');
    await expectNoAxeViolations(container);
  });
});

describe('PdfViewer stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.firstElementChild).toBeTruthy());
});
