export { PdfViewer, type PdfViewerProps, ZOOM_STEPS } from './PdfViewer';
export {
  loadPdfDocument,
  loadPdfJs,
  type PdfDocument,
  type PdfLoader,
  type PdfPage,
  type PdfSource,
  type PdfViewport,
} from './pdf-loader';
