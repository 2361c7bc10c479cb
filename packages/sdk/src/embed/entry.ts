/**
 * `@qoltanba/sdk/embed`: the iframe embed for partner pages. `embed(...)` opens Qoltanba's embed page for a
 * token in an iframe, talks to it through the typed protocol (penpal, our origin only) and sizes it to its
 * content. The script-tag build (`dist/embed.global.js`) puts the same exports on the global `Qoltanba`.
 */
export { type EmbedError, type EmbedHandle, type EmbedOptions, embed } from './host';
export {
  EMBED_PROTOCOL_VERSION,
  type EmbedEvent,
  type EmbedFrameMethods,
  type EmbedHostMethods,
  type EmbedStatus,
  type EmbedTheme,
} from './protocol';
