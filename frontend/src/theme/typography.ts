import type { TypographyVariantsOptions } from '@mui/material/styles';
import { displayFontFamily, fontFamily } from './tokens';

const display = { fontFamily: displayFontFamily, fontWeight: 800, letterSpacing: '-0.02em' } as const;

export const typography: TypographyVariantsOptions = {
  fontFamily,
  h1: { ...display, fontSize: 'clamp(2.5rem, 6vw + 0.5rem, 4.5rem)', lineHeight: 1.05 },
  h2: { ...display, fontSize: 'clamp(1.9rem, 3vw + 0.6rem, 2.75rem)', lineHeight: 1.15 },
  h3: { ...display, fontSize: 'clamp(1.5rem, 2vw + 0.6rem, 2rem)', lineHeight: 1.2 },
  h4: { ...display, fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.25 },
  h5: { fontFamily: displayFontFamily, fontWeight: 700, fontSize: '1.2rem', lineHeight: 1.3 },
  h6: { fontFamily: displayFontFamily, fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.35 },
  subtitle1: { fontWeight: 600, lineHeight: 1.5 },
  subtitle2: { fontWeight: 600, lineHeight: 1.45 },
  body1: { lineHeight: 1.6 },
  body2: { lineHeight: 1.55 },
  button: { fontWeight: 700, textTransform: 'none', letterSpacing: '0.01em' },
  overline: { fontWeight: 800, letterSpacing: '0.14em', lineHeight: 1.8 },
};
