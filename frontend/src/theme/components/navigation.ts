import type { Components, Theme } from '@mui/material/styles';
import { radius } from '../tokens';

export const navigationCustomizations: Components<Theme> = {
  MuiTabs: {
    styleOverrides: {
      root: ({ theme }) => ({ minHeight: 44, borderBottom: `1px solid ${theme.palette.divider}` }),
      indicator: ({ theme }) => ({
        height: 3,
        borderRadius: 3,
        backgroundColor: theme.palette.secondary.main,
      }),
    },
  },
  MuiTab: {
    styleOverrides: {
      root: ({ theme }) => ({
        minHeight: 44,
        fontWeight: 700,
        textTransform: 'none',
        fontSize: '0.95rem',
        '&.Mui-selected': { color: theme.palette.primary.main },
        '&.Mui-focusVisible': {
          backgroundColor: theme.palette.teal[50],
          outline: `3px solid ${theme.brand.focusRing}`,
          outlineOffset: -3,
        },
      }),
    },
  },
  MuiDrawer: {
    styleOverrides: {
      paper: ({ theme }) => ({
        backgroundImage: theme.brand.navGradient,
        color: theme.palette.common.white,
        borderRight: 'none',
      }),
    },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm,
        '&.Mui-focusVisible': { outline: `3px solid ${theme.brand.focusRing}` },
      }),
    },
  },
  MuiLink: {
    defaultProps: { underline: 'hover' },
    styleOverrides: {
      root: ({ theme }) => ({
        fontWeight: 600,
        '&.Mui-focusVisible, &:focus-visible': {
          outline: `3px solid ${theme.brand.focusRing}`,
          borderRadius: 4,
        },
      }),
    },
  },
};
