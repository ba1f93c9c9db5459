import type { Components, Theme } from '@mui/material/styles';
import { radius } from '../tokens';

export const feedbackCustomizations: Components<Theme> = {
  MuiAlert: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm + 2,
        alignItems: 'flex-start',
        variants: [
          {
            props: { variant: 'standard', severity: 'error' },
            style: {
              backgroundColor: theme.palette.error.light,
              color: theme.palette.error.dark,
              border: `1px solid ${theme.palette.error.main}33`,
            },
          },
          { props: { variant: 'filled' }, style: { boxShadow: theme.brand.cardShadowHover } },
        ],
      }),
      message: { paddingBlock: 6 },
    },
  },
  MuiAlertTitle: { styleOverrides: { root: { fontWeight: 700, marginBottom: 2 } } },
  // Every progress bar has a name (axe: aria-progressbar-name); one that says more passes its own,
  // a decorative one beside its words passes aria-hidden.
  MuiCircularProgress: { defaultProps: { color: 'secondary', 'aria-label': 'Loading' } },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  MuiSkeleton: { defaultProps: { animation: 'wave' } },
};
