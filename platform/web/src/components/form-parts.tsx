// The parts of the sign-in forms: a text field whose error comes translated from the sdk's message
// keys (MUI marks the input aria-invalid and links the message to it), a checkbox that does the
// same, the summary under the form and the alert that says why a call failed.
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../lib/forms/use-auth-form.ts';
import { useErrorText } from '../lib/forms/use-error-text.ts';
import { messageKey } from '../lib/message-key.ts';

export function FormTextField({
  fieldError,
  hint,
  ...props
}: Omit<TextFieldProps, 'error' | 'helperText'> & { fieldError?: FieldError | undefined; hint?: string }) {
  const { t } = useTranslation();
  const message = fieldError ? t(messageKey(fieldError.key), fieldError.params ?? {}) : hint;
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      error={Boolean(fieldError)}
      {...(message ? { helperText: message } : {})}
    />
  );
}

export function FormCheckbox({
  name,
  checked,
  onChange,
  label,
  fieldError,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  fieldError?: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const helperId = useId();
  return (
    <FormControl error={Boolean(fieldError)} sx={{ display: 'flex', mt: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            name={name}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{
              input: {
                'aria-invalid': fieldError ? true : undefined,
                'aria-describedby': fieldError ? helperId : undefined,
              } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={label}
      />
      {fieldError ? (
        <FormHelperText id={helperId}>
          {t(messageKey(fieldError.key), fieldError.params ?? {})}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** VAL-06: 'not all required fields are filled' or 'not all fields comply with the rules'. */
export function FormSummary({ summary }: { summary: string | undefined }) {
  const { t } = useTranslation();
  if (!summary) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {t(messageKey(summary))}
    </Alert>
  );
}

/** Why the last call failed, announced to screen readers. */
export function FailureAlert({ failure }: { failure: unknown }) {
  const errorText = useErrorText();
  if (!failure) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {errorText(failure)}
    </Alert>
  );
}
