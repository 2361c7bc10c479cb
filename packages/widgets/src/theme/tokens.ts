/** Grey scale steps of the light theme (SPEC section 9: grey scale 100..800). */
export type GreyStep = '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800';

/** Shape of every design token; leaves are CSS values (a type alias, so it fits vanilla-extract's token constraint). */
export type ThemeTokens = {
  color: {
    primary: string;
    primaryDark: string;
    onPrimary: string;
    inputBorder: string;
    background: string;
    surface: string;
    border: string;
    text: string;
    textMuted: string;
    errorText: string;
    red: string;
    green: string;
    yellow: string;
    accentBlue: string;
    focusRing: string;
    grey: Record<GreyStep, string>;
  };
  space: { xs: string; sm: string; md: string; lg: string; xl: string };
  radius: { sm: string; md: string; lg: string; pill: string };
  font: { body: string; sizeSm: string; sizeMd: string; lineHeight: string; weightMedium: string };
  shadow: { raised: string };
};

const grey: Record<GreyStep, string> = {
  '100': '#f5f6f8',
  '200': '#e9ecf0',
  '300': '#d5dae1',
  '400': '#b3bbc6',
  '500': '#8a94a3',
  '600': '#5f6978',
  '700': '#434c59',
  '800': '#252c36',
};

/**
 * The single light theme of SPEC section 9: primary blue and its dark shade, input-border grey,
 * grey backgrounds and borders, the grey scale, pink-red error text, red/green/yellow and blue accents.
 */
export const lightThemeTokens: ThemeTokens = {
  color: {
    primary: '#1a5fd1',
    primaryDark: '#0f3f8f',
    onPrimary: '#ffffff',
    inputBorder: grey['500'],
    background: grey['100'],
    surface: '#ffffff',
    border: grey['300'],
    text: grey['800'],
    textMuted: grey['600'],
    errorText: '#c2185b',
    red: '#d32f2f',
    green: '#2e7d32',
    yellow: '#f9a825',
    accentBlue: '#0288d1',
    focusRing: '#1a5fd1',
    grey,
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  font: {
    body: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    sizeSm: '13px',
    sizeMd: '15px',
    lineHeight: '1.4',
    weightMedium: '500',
  },
  shadow: { raised: '0 4px 16px rgba(37, 44, 54, 0.18)' },
};

/**
 * Dark colours for the custom elements on dark host pages (`theme="dark"`, or `auto` with a dark
 * `prefers-color-scheme`): the grey scale reversed, primary lightened so text on the surface keeps its contrast.
 */
export const darkThemeColors: ThemeTokens['color'] = {
  primary: '#7aa7ff',
  primaryDark: '#a9c6ff',
  onPrimary: '#0b1526',
  inputBorder: '#8a94a3',
  background: '#161b22',
  surface: '#1f252d',
  border: '#434c59',
  text: '#e9ecf0',
  textMuted: '#b3bbc6',
  errorText: '#ff8fb3',
  red: '#ff6b6b',
  green: '#6fcf73',
  yellow: '#ffd54f',
  accentBlue: '#6cc5ff',
  focusRing: '#7aa7ff',
  grey: {
    '100': '#252c36',
    '200': '#2d3540',
    '300': '#434c59',
    '400': '#5f6978',
    '500': '#8a94a3',
    '600': '#b3bbc6',
    '700': '#d5dae1',
    '800': '#f5f6f8',
  },
};
