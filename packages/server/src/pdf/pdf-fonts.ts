import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The TrueType bytes of the server's PDF fonts: DejaVu Sans covers Latin, Cyrillic and the Kazakh letters. */
export interface PdfFontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

const require = createRequire(import.meta.url);
let loading: Promise<PdfFontBytes> | undefined;

async function load(): Promise<PdfFontBytes> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]);
  return { regular, bold };
}

/** DejaVu Sans regular and bold from the `dejavu-fonts-ttf` package, read once per process. */
export function pdfFontBytes(): Promise<PdfFontBytes> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
