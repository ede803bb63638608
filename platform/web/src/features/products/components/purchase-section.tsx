// A titled part of the purchase form (the additional information, the start date).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export function PurchaseSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
