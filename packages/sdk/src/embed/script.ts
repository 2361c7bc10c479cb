/**
 * The script-tag build of `@qoltanba/sdk/embed` (global `Qoltanba`). Without a `baseUrl`, `Qoltanba.embed`
 * talks to the server this script came from.
 */
import { setDefaultBaseUrl } from './host';

// `currentScript` is only set while a classic script runs for the first time: read it now.
const script = typeof document === 'undefined' ? null : document.currentScript;
if (script instanceof HTMLScriptElement && script.src) setDefaultBaseUrl(new URL(script.src).origin);

export { EMBED_PROTOCOL_VERSION, embed } from './entry';
