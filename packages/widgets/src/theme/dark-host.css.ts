import { assignVars, globalStyle } from '@vanilla-extract/css';
import { darkThemeColors } from './tokens';
import { vars } from './vars.css';

// Custom elements only: the dark colours on :host, by the `theme` attribute or, with `auto` (the default), by the
// host's colour scheme. Host pages still override any --qoltanba-* property on the element itself.
globalStyle(':host([theme="dark"])', { vars: assignVars(vars.color, darkThemeColors) });
globalStyle(':host(:not([theme="light"]))', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars.color, darkThemeColors) } },
});
