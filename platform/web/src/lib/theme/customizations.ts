// Component overrides shared by every network; colours come only from the palette.
import type { Components, Theme } from '@mui/material/styles';

export const componentCustomizations: Components<Theme> = {
  MuiButtonBase: { defaultProps: { disableRipple: false } },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiLink: {
    styleOverrides: {
      root: ({ theme }) => ({
        '&:focus-visible': { outline: `2px solid ${theme.vars?.palette.primary.main}`, outlineOffset: 2 },
      }),
    },
  },
};
