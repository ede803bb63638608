// The frame of one part of the account page: a region named by its heading, an optional line
// saying what it is for, and the live region that announces a saved change.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import {
  type AccountChange,
  isShownBesideFields,
  useUpdateErrorText,
} from '../hooks/use-update-error-text.ts';

export function AccountSection({
  id,
  title,
  intro,
  children,
}: {
  /** The anchor the page's table of contents links to. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: (theme) => theme.spacing(2) }}
    >
      <Typography id={headingId} variant="h3" component="h2" sx={{ mb: intro ? 1 : 2 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * Announces a saved change politely (role status). The region is always there, so assistive
 * technology hears the text it gets.
 */
export function SavedStatus({ message }: { message: string | null }) {
  return (
    <Box role="status" sx={{ mt: message ? 2 : 0 }}>
      {message ? (
        <Alert severity="success" role="none">
          {message}
        </Alert>
      ) : null}
    </Box>
  );
}

/** Why a change failed, announced at once (role alert); field problems are said beside the fields. */
export function UpdateFailure({ change, failure }: { change: AccountChange; failure: unknown }) {
  const text = useUpdateErrorText(change);
  if (!failure || isShownBesideFields(failure)) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text(failure)}
    </Alert>
  );
}
