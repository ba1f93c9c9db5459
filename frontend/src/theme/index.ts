import './theme-augmentation';
import { createTheme } from '@mui/material/styles';
import { dataDisplayCustomizations } from './components/data-display';
import { feedbackCustomizations } from './components/feedback';
import { inputsCustomizations } from './components/inputs';
import { navigationCustomizations } from './components/navigation';
import { surfacesCustomizations } from './components/surfaces';
import { palette } from './palette';
import { brand, radius } from './tokens';
import { typography } from './typography';

export const theme = createTheme({
  palette,
  typography,
  brand,
  shape: { borderRadius: radius.sm },
  components: {
    MuiCssBaseline: {
      styleOverrides: (t) => ({
        html: { scrollBehavior: 'smooth', WebkitTextSizeAdjust: '100%' },
        body: { minWidth: 320, textRendering: 'optimizeLegibility' },
        '::selection': { backgroundColor: t.palette.teal[100], color: t.palette.navy[950] },
        // Zero specificity: elements without a focus style of their own (links, scroll regions) get the
        // ring; MUI's inputs keep theirs (the field's border).
        ':where(:focus-visible)': { outline: `3px solid ${t.brand.focusRing}`, outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': {
          html: { scrollBehavior: 'auto' },
          '*, *::before, *::after': {
            transitionDuration: '0.01ms !important',
            animationDuration: '0.01ms !important',
          },
        },
      }),
    },
    ...inputsCustomizations,
    ...surfacesCustomizations,
    ...feedbackCustomizations,
    ...navigationCustomizations,
    ...dataDisplayCustomizations,
  },
});
