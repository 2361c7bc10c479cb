import type { Plugin } from 'vite';

const WORKER = 'pdfjs-dist/build/pdf.worker.min.mjs';
const IN_SOURCE = /new URL\(\s*(['"])pdfjs-dist\/build\/pdf\.worker\.min\.mjs\1/g;
const IGNORED = /\/\*\s*@vite-ignore\s*\*\/\s*(["'])pdfjs-dist\/build\/pdf\.worker\.min\.mjs\1/g;

/**
 * Vite plugin for the library build: keeps `new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url)`
 * as written, so the host's bundler emits the pdf.js worker as its own file. Library mode would otherwise
 * inline the 1.2 MB worker into dist/index.js as a data URL. The marker that makes Vite skip it is taken out
 * of the output again, so the host's Vite does not skip it too.
 */
export function keepPdfWorkerUrl(): Plugin {
  return {
    name: 'qoltanba:keep-pdf-worker-url',
    apply: 'build',
    enforce: 'pre',
    transform(code) {
      if (!code.includes(WORKER)) return null;
      return { code: code.replace(IN_SOURCE, `new URL(/* @vite-ignore */ '${WORKER}'`), map: null };
    },
    renderChunk(code) {
      if (!code.includes(WORKER)) return null;
      return { code: code.replace(IGNORED, `$1${WORKER}$1`), map: null };
    },
  };
}
