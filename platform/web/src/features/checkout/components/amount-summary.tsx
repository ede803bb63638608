// A titled list of amounts and their total, as the payment step's schedule and an order's summary
// show them: each label with its amount at the end of its line, the total under a rule.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type AmountRow = {
  key: string;
  label: string;
  /** Already formatted in the page's language and the order's currency. */
  amount: string;
  /** A row that adjusts the others (a discount), shown less loudly. */
  secondary?: boolean;
};

export function AmountSummary({ title, rows, total }: { title: string; rows: AmountRow[]; total: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const tone = (row: AmountRow) => (row.secondary ? { color: 'text.secondary' } : {});
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ typography: 'h6', mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 1,
          // No column gap: the rule above the total runs unbroken; each amount keeps its distance.
          '& > dd, & > * > dd': { paddingInlineStart: 2 },
        }}
      >
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={tone(row)}>
              {row.label}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', ...tone(row) }}
            >
              {row.amount}
            </Box>
          </Box>
        ))}
        <Box component="dt" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}>
          {t('checkout.payment.total')}
        </Box>
        <Box
          component="dd"
          sx={{ m: 0, textAlign: 'end', fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}
        >
          {total}
        </Box>
      </Box>
    </Paper>
  );
}
