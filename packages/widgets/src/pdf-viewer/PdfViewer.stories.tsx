import type { Meta, StoryObj } from '@storybook/react';
import { samplePdf } from '../story-support/sample-pdf';
import { onPhone } from '../story-support/story-fakes';
import { inEnglish, inRussian } from '../story-support/story-locales';
import { PdfViewer } from './PdfViewer';

// Made once: a new source object would reopen the PDF on every render.
const THREE_PAGES = samplePdf(3);
const FORTY_PAGES = samplePdf(40);
const NOT_A_PDF = new TextEncoder().encode('This is not a PDF at all.');
const DOWNLOAD = `data:application/pdf;base64,${btoa(String.fromCharCode(...THREE_PAGES))}`;

const meta = {
  title: 'Documents/PdfViewer',
  component: PdfViewer,
  args: { source: THREE_PAGES, fileName: 'dogovor-postavki.pdf', downloadUrl: DOWNLOAD, height: '70vh' },
} satisfies Meta<typeof PdfViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three A4 pages, fit to the width; pdf.js loads when the story opens. */
export const ThreePages: Story = {};

/** Forty pages: only those near the visible area are drawn; "page x of n" follows the scroll. */
export const LongDocument: Story = { args: { source: FORTY_PAGES } };

/** The caller is still fetching the file. */
export const Loading: Story = { args: { source: undefined, loading: true } };

/** The server has no preview of this file (e.g. a DOCX not converted yet): the reason and a download link. */
export const PreviewUnavailable: Story = { args: { source: undefined, error: 'PREVIEW_UNAVAILABLE' } };

/** pdf.js cannot open the bytes. */
export const NotAPdf: Story = { args: { source: NOT_A_PDF } };

/** At phone width. */
export const OnPhone: Story = { ...onPhone, args: { height: '60vh' } };

/** In Russian. */
export const Russian: Story = inRussian;

/** In English, the preview unavailable. */
export const English: Story = { ...inEnglish, args: { source: undefined, error: 'PREVIEW_UNAVAILABLE' } };
