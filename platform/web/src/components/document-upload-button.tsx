// A document's upload as the documents pages offer it (decision 0033): a button that opens the file
// picker for the formats the network accepts, a file over the size limit refused before it is sent,
// and a determinate progress bar while the file goes up. What is done with the file is the caller's.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from '@transit-shop/sdk/constants';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { useRef, useState } from 'react';

const ACCEPTED_FILES = DOCUMENT_TYPES.join(',');

export function DocumentUploadButton({
  label,
  progressLabel,
  variant = 'outlined',
  describedBy,
  onUpload,
  onFailure,
}: {
  label: string;
  /** Names the progress bar: "Uploading: student card", say. */
  progressLabel: string;
  variant?: 'outlined' | 'contained';
  describedBy?: string | undefined;
  /** Sends the file, telling its progress as a fraction; settles once it is done. */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  /** Called before each new try with null, then with what went wrong, if anything did. */
  onFailure: (failure: unknown) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    onFailure(null);
    try {
      // The server decides anyway; a file it would refuse for its size is not sent at all.
      if (file.size > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
      setProgress(0);
      await onUpload(file, (fraction) => setProgress(Math.round(fraction * 100)));
    } catch (failure) {
      onFailure(failure);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_FILES}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button
        variant={variant}
        onClick={() => input.current?.click()}
        disabled={progress !== null}
        aria-describedby={describedBy}
        sx={{ justifySelf: 'start' }}
      >
        {label}
      </Button>
      {progress === null ? null : (
        <LinearProgress variant="determinate" value={progress} aria-label={progressLabel} />
      )}
    </Box>
  );
}
