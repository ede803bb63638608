// The profile picture: chosen as a file (ACC-04), its type and size checked before it is sent
// (the server checks the content again), uploaded with Media/uploadMedia.json.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { PICTURE_MAX_BYTES, PICTURE_TYPES } from '@transit-shop/sdk/constants';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { isPictureFile, pictureFileSchema } from '@transit-shop/sdk/validation/picture';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';

const MAX_MEGABYTES = PICTURE_MAX_BYTES / (1024 * 1024);

/** The message key of what is wrong with the chosen file, if anything. */
export function pictureProblem(file: unknown): string | null {
  if (!isPictureFile(file)) return VALIDATION_MESSAGES.pictureFile;
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'account.picture.type';
  const checked = pictureFileSchema.safeParse(file);
  return checked.success ? null : (checked.error.issues[0]?.message ?? VALIDATION_MESSAGES.pictureFile);
}

export function PictureSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const upload = useUploadPicture();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const name = [user.userName, user.userLastname].filter(Boolean).join(' ');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(null);
    upload.reset();
    const file = inputRef.current?.files?.[0];
    const found = pictureProblem(file);
    setProblem(found);
    if (found || !file) {
      inputRef.current?.focus();
      return;
    }
    try {
      await upload.mutateAsync(file);
      if (inputRef.current) inputRef.current.value = '';
      setSaved(t('account.picture.saved'));
    } catch {
      // Said by the alert below.
    }
  };

  return (
    <AccountSection id="picture" title={t('account.picture.title')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Avatar
            src={user.userPictureUrl ?? undefined}
            alt={user.userPictureUrl ? t('account.picture.current', { name }) : undefined}
            sx={{ width: (theme) => theme.spacing(9), height: (theme) => theme.spacing(9) }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="label"
              htmlFor={inputId}
              variant="subtitle2"
              sx={{ display: 'block', mb: 0.5 }}
            >
              {t('account.picture.choose')}
            </Typography>
            <Box
              component="input"
              ref={inputRef}
              id={inputId}
              name="picture"
              type="file"
              accept={PICTURE_TYPES.join(',')}
              aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
              aria-invalid={problem ? true : undefined}
              onChange={() => {
                setProblem(null);
                setSaved(null);
              }}
              sx={{
                maxWidth: '100%',
                font: 'inherit',
                color: 'text.primary',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            />
            <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {t('account.picture.hint', { size: MAX_MEGABYTES })}
            </Typography>
            {problem ? (
              <FormHelperText id={errorId} error>
                {t(messageKey(problem))}
              </FormHelperText>
            ) : null}
          </Box>
        </Box>
        <UpdateFailure change="picture" failure={upload.error} />
        <SavedStatus message={saved} />
        <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ mt: 2 }}>
          {upload.isPending ? t('account.saving') : t('account.picture.submit')}
        </Button>
      </Box>
    </AccountSection>
  );
}
