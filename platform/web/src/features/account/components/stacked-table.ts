// Tables of the account pages that do not fit a phone (the invoices, a subscription's charges):
// there each row becomes a small card, two cells a line, the last one across, the column headers
// kept for screen readers only.
import type { Theme } from '@mui/material/styles';

export const stackedOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      gap: 1,
      p: 2,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody td': { display: 'block', p: 0, borderBottom: 0 },
    '& tbody td:nth-of-type(even)': { textAlign: 'end' },
    '& tbody td:last-of-type': { gridColumn: '1 / -1' },
  },
});
