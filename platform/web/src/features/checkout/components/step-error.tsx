// The error the machine came back to this step with, in the visitor's language, announced.
import Alert from '@mui/material/Alert';
import { useCheckoutSelector } from '../hooks/use-checkout.tsx';
import { useCheckoutErrorText } from '../hooks/use-checkout-error-text.ts';

export function StepError({ id, skip }: { id?: string; skip?: (error: string) => boolean }) {
  const error = useCheckoutSelector((snapshot) => snapshot.context.error);
  const errorText = useCheckoutErrorText();
  if (error === null || skip?.(error)) return null;
  return (
    <Alert id={id} severity="error" sx={{ mb: 2 }}>
      {errorText(error)}
    </Alert>
  );
}
