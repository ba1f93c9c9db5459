import type { Components, Theme } from '@mui/material/styles';
import { radius } from '../tokens';

export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    defaultProps: { elevation: 0 },
    styleOverrides: { rounded: { borderRadius: radius.md } },
  },
  MuiCard: {
    defaultProps: { elevation: 0 },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.lg,
        border: `1px solid ${theme.palette.divider}`,
        boxShadow: theme.brand.cardShadow,
        transition: theme.transitions.create(['box-shadow', 'transform']),
      }),
    },
  },
  MuiCardContent: { styleOverrides: { root: { padding: 24, '&:last-child': { paddingBottom: 24 } } } },
  MuiAppBar: {
    defaultProps: { elevation: 0, color: 'primary' },
    styleOverrides: {
      colorPrimary: ({ theme }) => ({
        backgroundImage: theme.brand.navGradient,
        borderBottom: `1px solid ${theme.brand.glassBorder}`,
      }),
    },
  },
  MuiDivider: { styleOverrides: { root: ({ theme }) => ({ borderColor: theme.palette.divider }) } },
};
