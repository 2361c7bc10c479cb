export { lightTheme } from './light-theme.css';
export { type GreyStep, lightThemeTokens, type ThemeTokens } from './tokens';
export { vars } from './vars.css';
