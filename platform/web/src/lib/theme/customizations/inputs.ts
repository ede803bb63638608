// Buttons and toggles shared by every network: colours come only from the palette.
import type { Components, Theme } from '@mui/material/styles';

export const inputsCustomizations: Components<Theme> = {
  MuiButtonBase: {
    styleOverrides: {
      // A focus ring the keyboard user sees on every scheme, not only the ripple.
      root: ({ theme }) => ({
        '&.Mui-focusVisible': { outline: `2px solid ${theme.vars?.palette.text.primary}`, outlineOffset: 2 },
      }),
    },
  },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
  },
  MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
};
