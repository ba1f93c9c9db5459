import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 700, borderRadius: 8 },
      sizeSmall: { height: 24, fontSize: '0.75rem' },
    },
  },
  MuiAvatar: { styleOverrides: { root: { fontWeight: 700 } } },
  MuiTooltip: {
    styleOverrides: {
      tooltip: ({ theme }) => ({
        backgroundColor: theme.palette.navy[900],
        fontSize: '0.8rem',
        fontWeight: 500,
      }),
    },
  },
};
