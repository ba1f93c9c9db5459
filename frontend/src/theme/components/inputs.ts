import type { Components, Theme } from '@mui/material/styles';
import { radius } from '../tokens';

export const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    defaultProps: { disableRipple: false },
    // Every clickable MUI control (tabs, checkboxes, menu items, chips) shows the ring, not only a ripple.
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': { outline: `3px solid ${theme.brand.focusRing}`, outlineOffset: -3 },
      }),
    },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm + 2,
        paddingInline: theme.spacing(2.25),
        minHeight: 42,
        transition: theme.transitions.create(
          ['background-color', 'box-shadow', 'transform', 'border-color'],
          {
            duration: theme.transitions.duration.short,
          },
        ),
        '&.Mui-focusVisible': {
          outline: `3px solid ${theme.brand.focusRing}`,
          outlineOffset: 2,
        },
        variants: [
          {
            props: { variant: 'contained', color: 'secondary' },
            style: {
              backgroundImage: theme.brand.accentGradient,
              boxShadow: theme.brand.accentGlow,
              '&:hover': {
                backgroundImage: theme.brand.accentGradient,
                filter: 'brightness(1.05)',
                transform: 'translateY(-1px)',
              },
              '&.Mui-disabled': { backgroundImage: 'none', boxShadow: 'none' },
            },
          },
          {
            props: { variant: 'contained', color: 'primary' },
            style: { '&:hover': { backgroundColor: theme.palette.navy[800] } },
          },
        ],
      }),
      sizeLarge: { minHeight: 50, fontSize: '1rem', paddingInline: 28 },
      sizeSmall: { minHeight: 34 },
      outlined: { borderWidth: 1.5, '&:hover': { borderWidth: 1.5 } },
    },
  },
  MuiIconButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&.Mui-focusVisible': { outline: `3px solid ${theme.brand.focusRing}`, outlineOffset: 1 },
      }),
    },
  },
  MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
  // A field's label sits above it from the start (decision 362): a label as long as a language makes it
  // (Spanish, the pseudo-locale's 40 % more) is never cut to "Bonificación por rendi…" in an empty
  // field; above the field it has a third more room. The outline leaves its notch open to match.
  MuiInputLabel: {
    defaultProps: { shrink: true },
    styleOverrides: {
      root: ({ theme }) => ({ fontWeight: 500, '&.Mui-focused': { color: theme.palette.primary.light } }),
    },
  },
  MuiOutlinedInput: {
    defaultProps: { notched: true },
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: radius.sm + 2,
        backgroundColor: theme.palette.background.paper,
        transition: theme.transitions.create(['box-shadow', 'border-color']),
        '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: theme.palette.grey[500] },
        '&.Mui-focused': { boxShadow: `0 0 0 4px ${theme.palette.teal[100]}` },
        '&.Mui-focused .MuiOutlinedInput-notchedOutline': {
          borderColor: theme.palette.secondary.dark,
          borderWidth: 2,
        },
        '&.Mui-error.Mui-focused': { boxShadow: `0 0 0 4px ${theme.palette.error.light}` },
      }),
      notchedOutline: ({ theme }) => ({ borderColor: theme.palette.grey[300] }),
    },
  },
  // A chosen value longer than its field (a phone, a long language) wraps rather than ending in "…".
  MuiSelect: { styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
  MuiFormHelperText: { styleOverrides: { root: { marginLeft: 2, fontWeight: 500 } } },
};
