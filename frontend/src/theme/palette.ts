import type { PaletteOptions } from '@mui/material/styles';
import { amber, green, navy, neutral, red, teal } from './tokens';

export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: navy[900], light: navy[600], dark: navy[950], contrastText: neutral[0] },
  secondary: { main: teal[500], light: teal[300], dark: teal[700], contrastText: navy[950] },
  success: { main: green[600], light: green[100], contrastText: neutral[0] },
  warning: { main: amber[500], light: amber[100], contrastText: navy[950] },
  error: { main: red[600], dark: red[700], light: red[100], contrastText: neutral[0] },
  info: { main: navy[600], light: navy[100], contrastText: neutral[0] },
  background: { default: neutral[50], paper: neutral[0] },
  text: { primary: neutral[900], secondary: neutral[500], disabled: neutral[300] },
  divider: neutral[200],
  grey: {
    50: neutral[50],
    100: neutral[100],
    200: neutral[200],
    300: neutral[300],
    500: neutral[500],
    700: neutral[700],
    900: neutral[900],
  },
  navy,
  teal,
};
