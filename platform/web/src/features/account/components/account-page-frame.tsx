// The frame of the account pages: one readable column on every screen size, with the page's
// level-one heading.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/page-title.ts';

export function AccountPageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: (theme) => theme.breakpoints.values.md, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: intro ? 1 : 3 }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ color: 'text.secondary', mb: 3 }}>{intro}</Typography> : null}
      {children}
    </Box>
  );
}
