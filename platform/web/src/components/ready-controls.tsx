// Controls of a page the server rendered (decision 0034), which act only once the browser has
// taken the page over: until then a choice would be undone by hydration and a click lost. A
// disabled fieldset holds them without changing how they look (the wait is short, a grey flash
// would be noise); without JavaScript they stay readable.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

export function ReadyControls({
  children,
  sx,
  label,
}: {
  children: ReactNode;
  sx?: SxProps<Theme>;
  /** The group's name, when it has one. */
  label?: string;
}) {
  const hydrated = useHydrated();
  return (
    <Box
      component="fieldset"
      disabled={!hydrated}
      aria-label={label}
      sx={[{ border: 0, p: 0, m: 0, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
