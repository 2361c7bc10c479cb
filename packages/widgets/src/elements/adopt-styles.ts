// Brings the theme's :host defaults into the built CSS, since elements never render the lightTheme class.
import '../theme/light-theme.css';
import '../theme/dark-host.css';
import { widgetsCss } from './widgets-css';

let sheet: CSSStyleSheet | undefined;
const elementSheets = new Map<string, CSSStyleSheet>();

/** The shared widget CSS (theme, common pieces) as one constructable sheet, shared by every shadow root. */
export function widgetsStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetsCss);
  }
  return sheet;
}

// An element's own CSS arrives as a string built into its chunk; run from source (tests, Storybook), the
// placeholder is still there and vanilla-extract has put the CSS into the document instead.
function elementStyleSheet(css: string): CSSStyleSheet | undefined {
  if (css === '' || css.startsWith('__QOLTANBA_')) return undefined;
  let found = elementSheets.get(css);
  if (!found) {
    found = new CSSStyleSheet();
    found.replaceSync(css);
    elementSheets.set(css, found);
  }
  return found;
}

/** Adopts the widget CSS (and `elementCss`, an element's own) into `root` once (vanilla-extract only writes to the document). */
export function adoptWidgetStyles(root: ShadowRoot, elementCss = ''): void {
  const wanted = [widgetsStyleSheet(), elementStyleSheet(elementCss)].filter(
    (candidate): candidate is CSSStyleSheet =>
      candidate !== undefined && !root.adoptedStyleSheets.includes(candidate),
  );
  if (wanted.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...wanted];
}
