// The additional information of a shop item (CART-12), one input per field definition: text, number,
// date, a choice among options, or a box to tick; required ones are marked, each says its problem
// beside it.

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import type { ShopItemField } from '@transit-shop/sdk/contract/catalogue';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../lib/forms/use-auth-form.ts';
import { messageKey } from '../../../lib/message-key.ts';
import type { FieldInput, FieldInputs } from '../field-rules.ts';

function CheckboxField({
  field,
  checked,
  error,
  onChange,
}: {
  field: ShopItemField;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const helperId = useId();
  const helper = error ?? field.help;
  return (
    <FormControl error={Boolean(error)} required={field.required}>
      <FormControlLabel
        control={
          <Checkbox
            name={field.id}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': error ? true : undefined,
                'aria-describedby': helper ? helperId : undefined,
                required: field.required,
              } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={field.label}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}

export function AdditionalFields({
  fields,
  inputs,
  errors,
  onChange,
}: {
  fields: readonly ShopItemField[];
  inputs: FieldInputs;
  errors: Readonly<Record<string, FieldError>>;
  onChange: (id: string, value: FieldInput) => void;
}) {
  const { t } = useTranslation();
  const message = (id: string) => {
    const error = errors[id];
    return error ? t(messageKey(error.key), error.params ?? {}) : undefined;
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields.map((field) => {
        const error = message(field.id);
        if (field.type === 'CHECKBOX') {
          return (
            <CheckboxField
              key={field.id}
              field={field}
              checked={inputs[field.id] === true}
              error={error}
              onChange={(checked) => onChange(field.id, checked)}
            />
          );
        }
        const value = typeof inputs[field.id] === 'string' ? (inputs[field.id] as string) : '';
        const helper = error ?? field.help ?? undefined;
        const common = {
          name: field.id,
          label: field.label,
          required: field.required,
          fullWidth: true,
          value,
          error: Boolean(error),
          ...(helper ? { helperText: helper } : {}),
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field.id, event.target.value),
        };
        if (field.type === 'SELECT') {
          return (
            <TextField
              key={field.id}
              select
              {...common}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('products.fields.choose')}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </TextField>
          );
        }
        const htmlInput =
          field.type === 'NUMBER'
            ? {
                type: 'number',
                inputMode: 'decimal',
                min: field.min ?? undefined,
                max: field.max ?? undefined,
              }
            : field.type === 'DATE'
              ? { type: 'date' }
              : { maxLength: field.maxLength ?? undefined };
        return (
          <TextField
            key={field.id}
            {...common}
            slotProps={{
              htmlInput,
              ...(field.type === 'DATE' ? { inputLabel: { shrink: true } } : {}),
            }}
          />
        );
      })}
    </Box>
  );
}
