// How many articles (CART-04, CART-08): a number input within the item's quantity bounds (the sdk's
// quantityBoundsOf), with buttons that step within them; a value typed outside them is said to be
// wrong beside the field.
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The quantity a text stands for, when it is a whole number within the limits. */
export function quantityOf(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const quantity = Number(text);
  return quantity >= min && quantity <= max ? quantity : null;
}

export function QuantityField({
  value,
  min,
  max,
  invalid,
  onChange,
}: {
  value: string;
  min: number;
  max: number;
  /** Shown after an add with a quantity outside the limits. */
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const current = quantityOf(value, min, max);
  // From a value outside the limits, a step lands on the nearest limit.
  const step = (by: number) => {
    const typed = Number.parseInt(value, 10);
    const from = Number.isNaN(typed) ? min - by : typed;
    onChange(String(Math.min(max, Math.max(min, from + by))));
  };
  if (min === max) {
    // Nothing to choose: the quantity is stated.
    return (
      <TextField
        label={t('products.quantity.label')}
        value={String(min)}
        slotProps={{ htmlInput: { readOnly: true, inputMode: 'numeric' } }}
        sx={{ width: 160 }}
      />
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <IconButton
        aria-label={t('products.quantity.decrease')}
        onClick={() => step(-1)}
        disabled={current !== null && current <= min}
        sx={{ mt: 1 }}
      >
        <Remove />
      </IconButton>
      <TextField
        label={t('products.quantity.label')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={invalid}
        helperText={
          invalid
            ? t('products.quantity.outOfRange', { min, max })
            : t('products.quantity.range', { min, max })
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', type: 'number', min, max, step: 1 } }}
        sx={{ width: 160 }}
      />
      <IconButton
        aria-label={t('products.quantity.increase')}
        onClick={() => step(1)}
        disabled={current !== null && current >= max}
        sx={{ mt: 1 }}
      >
        <Add />
      </IconButton>
    </Box>
  );
}
