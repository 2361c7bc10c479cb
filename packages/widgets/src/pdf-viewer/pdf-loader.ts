/** A PDF to show: an address, or the file's bytes (fetched by the sdk with the user's credentials). */
export type PdfSource = string | URL | Uint8Array | ArrayBuffer;

/** A page's size at a scale, in CSS pixels. */
export interface PdfViewport {
  width: number;
  height: number;
}

/** The part of a pdf.js page the viewer uses. */
export interface PdfPage {
  getViewport(params: { scale: number }): PdfViewport;
  /** Draws the page at `scale` into `canvas`; `transform` scales for the device's pixel ratio. */
  render(params: { canvas: HTMLCanvasElement; scale: number; transform?: number[] }): {
    promise: Promise<unknown>;
    cancel(): void;
  };
}

/** The part of a pdf.js document the viewer uses. */
export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
  destroy(): Promise<unknown>;
}

/** Opens a PDF; the default loads pdf.js on first use. Tests and hosts with their own pdf.js pass another. */
export type PdfLoader = (source: PdfSource) => Promise<PdfDocument>;

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | undefined;

/**
 * pdf.js, imported on first use only (its own chunk, about 120 kB gzipped, and a worker file of about 370 kB
 * gzipped), so nothing of it is in a bundle until a PDF is opened. A failed import is retried next time. The
 * worker URL is left to the host's bundler; a host that already set `GlobalWorkerOptions.workerSrc` keeps it.
 */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then(
    (lib) => {
      if (!lib.GlobalWorkerOptions.workerSrc) {
        lib.GlobalWorkerOptions.workerSrc = new URL(
          'pdfjs-dist/build/pdf.worker.min.mjs',
          import.meta.url,
        ).href;
      }
      return lib;
    },
    (error: unknown) => {
      pdfjs = undefined;
      throw error;
    },
  );
  return pdfjs;
}

/** The default {@link PdfLoader}: pdf.js from {@link loadPdfJs}; bytes are copied, since pdf.js hands them to its worker. */
export const loadPdfDocument: PdfLoader = async (source) => {
  const lib = await loadPdfJs();
  const params =
    typeof source === 'string' || source instanceof URL
      ? { url: String(source) }
      : { data: new Uint8Array(source instanceof ArrayBuffer ? source.slice(0) : source.slice()) };
  const document = await lib.getDocument({ ...params, isEvalSupported: false }).promise;
  return {
    numPages: document.numPages,
    destroy: () => document.destroy(),
    getPage: async (pageNumber) => {
      const page = await document.getPage(pageNumber);
      return {
        getViewport: (viewport) => page.getViewport(viewport),
        render: ({ canvas, scale, transform }) =>
          page.render({ canvas, viewport: page.getViewport({ scale }), transform }),
      };
    },
  };
};
