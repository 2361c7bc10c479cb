import type { Plugin } from 'vite';

/** Module whose exported string the elements build fills with the bundle's CSS. */
const CSS_MODULE = /[\\/]src[\\/]elements[\\/]widgets-css\.ts$/;
const PLACEHOLDER = '__QOLTANBA_WIDGETS_CSS__';
const PLACEHOLDER_LITERAL = new RegExp(`(["'\`])${PLACEHOLDER}\\1`, 'g');

/**
 * Vite plugin for the custom-element bundle: vanilla-extract writes CSS to a separate file, but shadow
 * roots need it as a string to adopt. Collects every emitted CSS asset, inlines it into the JS chunks
 * as the value of `widgetsCss`, and drops the CSS files so the bundle stays one self-contained file.
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
      const cssFiles = Object.values(bundle).filter(
        (file) => file.type === 'asset' && file.fileName.endsWith('.css'),
      );
      const css = cssFiles.map((file) => (file.type === 'asset' ? String(file.source) : '')).join('\n');
      let replaced = 0;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = file.code.replace(PLACEHOLDER_LITERAL, () => {
          replaced += 1;
          return JSON.stringify(css);
        });
      }
      if (replaced === 0) this.error(`${PLACEHOLDER} not found in any chunk: widget CSS would be lost`);
      if (css.trim() === '') this.error('no CSS was emitted for the widgets');
      for (const file of cssFiles) delete bundle[file.fileName];
    },
  };
}
