// The script-tag build (dist/help-widget.js, a classic script): `<script async src=".../widgets/help-widget.js">`.
import { installHelpWidget } from './install';

// `currentScript` is only set while a classic script first runs; a copy injected some other way is found by its src.
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  try {
    const current = document.currentScript;
    const script =
      current instanceof HTMLScriptElement
        ? current
        : document.querySelector<HTMLScriptElement>('script[src*="help-widget"]');
    installHelpWidget(window, script);
  } catch (error) {
    // Never break the host page.
    console.warn('QoltanbaHelp: not installed', error);
  }
}
