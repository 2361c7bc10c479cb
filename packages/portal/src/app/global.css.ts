import { vars } from '@qoltanba/widgets';
import { globalStyle } from '@vanilla-extract/css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: '16px',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, p', { margin: 0 });

globalStyle('a', { color: vars.color.primary });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

// Headings receive focus on navigation for screen readers; the ring would only distract sighted users.
globalStyle('[tabindex="-1"]:focus', { outline: 'none' });
