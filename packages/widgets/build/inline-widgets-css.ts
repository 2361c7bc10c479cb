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
 * The CSS files are dropped, so a page loads JavaScript only.
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
      const cssOf = (fileName: string): string => {
        const asset = bundle[fileName];
        return asset?.type === 'asset' ? String(asset.source) : '';
      };
      let total = '';
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const css = [...(file.viteMetadata?.importedCss ?? [])].map(cssOf).join('\n');
        let replaced = 0;
        for (const placeholder of [PLACEHOLDER, ELEMENT_CSS_PLACEHOLDER]) {
          file.code = file.code.replace(literal(placeholder), () => {
            replaced += 1;
            return JSON.stringify(css);
          });
        }
        if (css.trim() !== '' && replaced === 0)
          this.error(`${file.fileName} has CSS but no placeholder to carry it: its styles would be lost`);
        total += css;
      }
      if (total.trim() === '') this.error('no CSS was emitted for the widgets');
      for (const file of Object.values(bundle))
        if (file.type === 'asset' && file.fileName.endsWith('.css')) delete bundle[file.fileName];
    },
  };
}
