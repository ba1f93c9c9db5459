import type { Components, Theme } from '@mui/material/styles';

export const dataDisplayCustomizations: Components<Theme> = {
  MuiChip: {
    styleOverrides: {
      root: { fontWeight: 700, borderRadius: 8 },
      sizeSmall: { height: 24, fontSize: '0.75rem' },
    },
  },
  MuiAvatar: {
    styleOverrides: {
      root: { fontWeight: 700 },
      // Initials without a photo: the club's green with white (5.3:1), not MUI's grey #bdbdbd (1.75:1).
      colorDefault: ({ theme }) => ({
        backgroundColor: theme.palette.secondary.dark,
        color: theme.palette.common.white,
      }),
    },
  },
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
