// The frame of a sign-in page: a narrow column with the page's heading (and the document title).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/page-title.ts';

export function AuthPage({
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
    <Box component="section" sx={{ maxWidth: 520, mx: 'auto', px: 2, py: 5 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      {intro ? <Typography sx={{ mb: 3, color: 'text.secondary' }}>{intro}</Typography> : null}
      {children}
    </Box>
  );
}
