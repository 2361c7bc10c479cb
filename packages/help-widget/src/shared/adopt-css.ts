/**
 * Adds `css` to a shadow root: a constructable sheet where browsers adopt them, else a `<style>` inside the root
 * (Safari before 16.4). Either way the rules stay inside the shadow root and never reach the host page.
 */
export function adoptCss(root: ShadowRoot, css: string): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const style = root.ownerDocument.createElement('style');
    style.textContent = css;
    root.prepend(style);
  }
}
