// The panel module (dist/help/panel.js), which the loader imports on first open or when the browser is idle.
export { mountPanel } from './panel';
