import type { Translations } from '@qoltanba/sdk';
import { defineTexts } from '../documents-common';

// Source locale: Kazakh (the default language); the other locales must have the same keys.
const kk = {
  viewer: 'Құжатты қарау',
  opening: 'Құжат ашылуда…',
  page: '{{n}}-бет, барлығы {{total}}',
  pageOf: '{{n}} / {{total}}',
  previous: 'Алдыңғы бет',
  next: 'Келесі бет',
  zoomIn: 'Үлкейту',
  zoomOut: 'Кішірейту',
  fitWidth: 'Ені бойынша',
  zoom: 'Масштаб: {{percent}}%',
  pageFailed: 'Бетті көрсету мүмкін болмады',
  download: 'Файлды жүктеп алу',
};

/** Texts of the `pdfViewer` namespace. */
export const pdfViewerTexts = {
  kk,
  ru: {
    viewer: 'Просмотр документа',
    opening: 'Документ открывается…',
    page: 'Страница {{n}} из {{total}}',
    pageOf: '{{n}} из {{total}}',
    previous: 'Предыдущая страница',
    next: 'Следующая страница',
    zoomIn: 'Увеличить',
    zoomOut: 'Уменьшить',
    fitWidth: 'По ширине',
    zoom: 'Масштаб: {{percent}}%',
    pageFailed: 'Не удалось показать страницу',
    download: 'Скачать файл',
  },
  en: {
    viewer: 'Document preview',
    opening: 'Opening the document…',
    page: 'Page {{n}} of {{total}}',
    pageOf: '{{n}} of {{total}}',
    previous: 'Previous page',
    next: 'Next page',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fitWidth: 'Fit width',
    zoom: 'Zoom: {{percent}}%',
    pageFailed: 'This page could not be shown',
    download: 'Download the file',
  },
} satisfies Translations<typeof kk>;

/** The typed translate function of the `pdfViewer` namespace. */
export const pdfViewerT = defineTexts('pdfViewer', pdfViewerTexts);
