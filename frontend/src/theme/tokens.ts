/**
 * Design tokens: the only place colours, radii and shadows are written down. Screens read them through the
 * theme (`palette.*`, `theme.brand.*`), never as literals.
 */
export const navy = {
  950: '#050d1c',
  900: '#0b1f3a',
  800: '#12294a',
  700: '#1b365f',
  600: '#284a7a',
  500: '#3a5f95',
  300: '#8ea6c9',
  100: '#dde6f2',
  50: '#f1f5fa',
} as const;

export const teal = {
  700: '#087a60',
  600: '#0fa882',
  500: '#14c299',
  400: '#3ddbb3',
  300: '#7ce9cd',
  100: '#d4f7ec',
  50: '#edfcf7',
} as const;

export const amber = { 500: '#f5a524', 100: '#fdf0d5' } as const;
export const red = { 700: '#b42318', 600: '#d92d20', 100: '#fee4e2', 50: '#fef3f2' } as const;
export const green = { 600: '#067647', 100: '#d1fadf' } as const;

export const neutral = {
  0: '#ffffff',
  25: '#fbfcfd',
  50: '#f5f7fa',
  100: '#eceff4',
  200: '#dfe3ea',
  300: '#c5ccd8',
  // The secondary text colour: 4.5:1 on the page's grey (50) as well as on white (#6b7689 was 4.27:1).
  500: '#5f6b7e',
  700: '#394355',
  900: '#141b27',
} as const;

export const radius = { sm: 8, md: 12, lg: 18, pill: 999 } as const;

export const fontFamily = [
  'Inter',
  '"Segoe UI Variable"',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const displayFontFamily = [
  '"Montserrat"',
  'Inter',
  '"Segoe UI Variable Display"',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  'sans-serif',
].join(',');

/** Brand surfaces that the palette has no slot for (gradients, glass, glows). */
export const brand = {
  heroGradient: `radial-gradient(1200px 600px at 85% -10%, ${teal[600]}40 0%, transparent 60%), radial-gradient(900px 500px at -10% 110%, ${navy[500]}55 0%, transparent 55%), linear-gradient(160deg, ${navy[950]} 0%, ${navy[900]} 55%, ${navy[800]} 100%)`,
  navGradient: `linear-gradient(90deg, ${navy[950]} 0%, ${navy[900]} 100%)`,
  accentGradient: `linear-gradient(135deg, ${teal[400]} 0%, ${teal[600]} 100%)`,
  ctaGradient: `linear-gradient(135deg, ${navy[900]} 0%, ${navy[700]} 60%, ${teal[700]} 140%)`,
  glass: 'rgba(255, 255, 255, 0.06)',
  glassBorder: 'rgba(255, 255, 255, 0.14)',
  onDarkMuted: 'rgba(255, 255, 255, 0.72)',
  onDarkSubtle: 'rgba(255, 255, 255, 0.5)',
  accentGlow: `0 10px 30px -10px ${teal[500]}99`,
  /**
   * The keyboard focus ring: a club green at least 3:1 against white, the page's grey and the navy
   * surfaces alike (WCAG 1.4.11), so one ring serves light and dark screens (teal 300 was 1.5:1 on white).
   */
  focusRing: '#0b9474',
  cardShadow: '0 1px 2px rgba(16, 24, 40, 0.06), 0 4px 16px -4px rgba(16, 24, 40, 0.08)',
  cardShadowHover: '0 2px 4px rgba(16, 24, 40, 0.06), 0 16px 32px -8px rgba(11, 31, 58, 0.18)',
} as const;

export type BrandTokens = typeof brand;
