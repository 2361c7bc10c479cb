import { assignVars, globalStyle, style } from '@vanilla-extract/css';
import { lightThemeTokens } from './tokens';
import { vars } from './vars.css';

/** Class that sets the light theme's custom properties; put it on the root of a React tree. */
export const lightTheme = style({ vars: assignVars(vars, lightThemeTokens) });

// Inside a shadow root the defaults sit on :host, which the host page's own rules override.
globalStyle(':host', { vars: assignVars(vars, lightThemeTokens) });
