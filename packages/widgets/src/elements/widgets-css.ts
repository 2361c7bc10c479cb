/**
 * CSS text of every widget, adopted into each custom element's shadow root. The elements build
 * (vite.elements.config.ts) replaces this empty value with the built vanilla-extract CSS.
 */
export const widgetsCss: string = '';
