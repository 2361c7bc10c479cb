import { describe, expect, it } from 'vitest';
import { keepPdfWorkerUrl } from '../../build/keep-pdf-worker-url';

type Hook = (code: string) => { code: string } | null;

describe('keepPdfWorkerUrl (library build plugin)', () => {
  const plugin = keepPdfWorkerUrl();
  const transform = plugin.transform as unknown as Hook;
  const renderChunk = plugin.renderChunk as unknown as Hook;

  it('marks the worker URL, also when the formatter broke it over lines, and unmarks it in the output', () => {
    const source = "x = new URL(\n  'pdfjs-dist/build/pdf.worker.min.mjs',\n  import.meta.url,\n).href;";
    const marked = transform(source)?.code ?? '';
    expect(marked).toContain("new URL(/* @vite-ignore */ 'pdfjs-dist/build/pdf.worker.min.mjs'");
    const output =
      'x = new URL(\n\t/* @vite-ignore */\n\t"pdfjs-dist/build/pdf.worker.min.mjs",\n\timport.meta.url\n).href;';
    expect(renderChunk(output)?.code).toBe(
      'x = new URL(\n\t"pdfjs-dist/build/pdf.worker.min.mjs",\n\timport.meta.url\n).href;',
    );
  });

  it('leaves other modules alone', () => {
    expect(transform("new URL('./x.svg', import.meta.url)")).toBeNull();
    expect(renderChunk('const a = 1;')).toBeNull();
  });
});
