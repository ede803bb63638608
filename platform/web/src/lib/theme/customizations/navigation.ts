// Links shared by every network: colours come only from the palette or the surrounding text.
import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiLink: {
    styleOverrides: {
      // currentColor: the ring shows on the header's colours as on the page's.
      root: { '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } },
    },
  },
};
