// Brings the theme's :host defaults into the built CSS, since elements never render the lightTheme class.
import '../theme/light-theme.css';
import { widgetsCss } from './widgets-css';

let sheet: CSSStyleSheet | undefined;

/** The widget CSS as one constructable sheet, built on first use and shared by every shadow root. */
export function widgetsStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetsCss);
  }
  return sheet;
}

/** Adopts the widget CSS into `root` once (vanilla-extract only writes to the document). */
export function adoptWidgetStyles(root: ShadowRoot): void {
  const shared = widgetsStyleSheet();
  if (!root.adoptedStyleSheets.includes(shared))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
}
