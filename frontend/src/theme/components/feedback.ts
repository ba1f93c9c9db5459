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
  MuiCircularProgress: { defaultProps: { color: 'secondary' } },
  MuiSkeleton: { defaultProps: { animation: 'wave' } },
};
