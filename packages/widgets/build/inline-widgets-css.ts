import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Module whose exported string the elements build fills with the shared chunk's CSS. */
const CSS_MODULE = /[\\/]src[\\/]elements[\\/]widgets-css\.ts$/;
const PLACEHOLDER = '__QOLTANBA_WIDGETS_CSS__';
/** Written in each element module (`css: ELEMENT_CSS_PLACEHOLDER`); replaced with the CSS of that element's chunk. */
export const ELEMENT_CSS_PLACEHOLDER = '__QOLTANBA_ELEMENT_CSS__';
const literal = (text: string) => new RegExp(`(["'\`])${text}\\1`, 'g');

/**
 * Vite plugin for the custom-element bundles: vanilla-extract writes CSS to separate files, but shadow roots need
 * it as a string to adopt. CSS is split per chunk (`cssCodeSplit`); each chunk gets its own CSS back as a string:
 * the shared runtime as the value of `widgetsCss`, each element chunk in place of its `ELEMENT_CSS_PLACEHOLDER`.
 * An element's string also holds the CSS of the shared chunks it imports. The CSS files are dropped, so a page
 * loads JavaScript only.
 */
export function inlineWidgetsCss(): Plugin {
  return {
    name: 'qoltanba:inline-widgets-css',
    apply: 'build',
    enforce: 'post',
    transform(_code, id) {
      if (!CSS_MODULE.test(id.split('?')[0] ?? id)) return null;
      return { code: `export const widgetsCss = ${JSON.stringify(PLACEHOLDER)};`, map: null };
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
      const runtime = [...chunks.values()].filter((chunk) => literal(PLACEHOLDER).test(chunk.code));
      if (runtime.length !== 1) this.error(`${PLACEHOLDER} found in ${runtime.length} chunks, expected 1`);
      const cssOf = (names: Iterable<string>): string =>
        [...names]
          .map((name) => bundle[name])
          .map((asset) => (asset?.type === 'asset' ? String(asset.source) : ''))
          .join('\n');
      // An element's CSS: its chunk's and that of every chunk it imports, except the runtime's (shared, adopted once).
      const elementCss = (chunk: OutputChunk): Set<string> => {
        const names = new Set<string>();
        const seen = new Set<string>();
        const visit = (current: OutputChunk | undefined) => {
          if (!current || seen.has(current.fileName) || current === runtime[0]) return;
          seen.add(current.fileName);
          for (const name of current.viteMetadata?.importedCss ?? []) names.add(name);
          for (const imported of current.imports) visit(chunks.get(imported));
        };
        visit(chunk);
        return names;
      };
      const covered = new Set<string>(runtime[0]?.viteMetadata?.importedCss ?? []);
      for (const chunk of chunks.values()) {
        if (chunk === runtime[0]) {
          chunk.code = chunk.code.replace(literal(PLACEHOLDER), () => JSON.stringify(cssOf(covered)));
          continue;
        }
        if (!literal(ELEMENT_CSS_PLACEHOLDER).test(chunk.code)) continue;
        const names = elementCss(chunk);
        for (const name of names) covered.add(name);
        chunk.code = chunk.code.replace(literal(ELEMENT_CSS_PLACEHOLDER), () => JSON.stringify(cssOf(names)));
      }
      const cssFiles = Object.values(bundle).filter(
        (file) => file.type === 'asset' && file.fileName.endsWith('.css'),
      );
      const lost = cssFiles.map((file) => file.fileName).filter((name) => !covered.has(name));
      if (lost.length > 0)
        this.error(`CSS no element carries (its styles would be lost): ${lost.join(', ')}`);
      if (cssFiles.length === 0) this.error('no CSS was emitted for the widgets');
      for (const file of cssFiles) delete bundle[file.fileName];
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite plugin for the custom-element bundles: Vite wraps each dynamic import in a helper (1.3 kB gzipped) that
 * first loads the chunk's CSS files. Their CSS is inlined here ({@link inlineWidgetsCss}) and the files dropped, so
 * the helper only has to run the import.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'qoltanba:plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER) return null;
      return { code: 'export const __vitePreload = (load) => load();', map: null };
    },
  };
}
