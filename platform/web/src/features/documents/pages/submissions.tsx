// /documents/submissions (spec 01 "validation-request tracking"; DOC-03, DOC-04; decision 0033): the
// account's validation requests, current then past. A current request says when an answer is
// expected; one the network asks to complete says what is asked and takes the new document; a
// refused one says why and leads back to the product; a request nobody decides on yet can be
// cancelled. Which actions a request offers comes from the sdk's state chart.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentSubmission } from '@transit-shop/sdk/contract/documents';
import { submissionAllows } from '@transit-shop/sdk/documents/document-states';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentUploadButton } from '../../../components/document-upload-button.tsx';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import {
  DOCUMENTS_KEY,
  submissionsQueryOptions,
  updateSubmission,
  uploadDocument,
} from '../../../lib/documents/documents-api.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DocumentsPage, documentsLoader } from '../components/documents-frame.tsx';
import { travellerNameOf } from '../components/traveller-names.ts';
import { useDocumentDates } from '../components/use-document-dates.ts';

export const loader = documentsLoader;

const CHIP_COLOURS = {
  PENDING: 'info',
  PROCESSING: 'info',
  TO_COMPLETE: 'warning',
  ACCEPTED: 'success',
  REFUSED: 'error',
  CANCELLED: 'default',
} as const;

/** The upload that completes a request the network asked more of, for one document type. */
function CompleteWith({
  submission,
  documentTypeId,
  typeName,
  onDone,
}: {
  submission: DocumentSubmission;
  documentTypeId: number;
  typeName: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const [failure, setFailure] = useState<unknown>(null);

  const upload = async (file: File, onProgress: (fraction: number) => void) => {
    const { document } = await uploadDocument(client, {
      travellerId: submission.user_id,
      documentTypeId,
      file,
      onProgress,
    });
    await updateSubmission(client, {
      submissionId: submission.id,
      action: 'COMPLETE',
      documentIds: [document.id],
      locale,
    });
    onDone(t('documentsPage.requests.completed'));
  };

  return (
    <Box>
      <DocumentUploadButton
        label={t('documentsPage.requests.addDocument', { type: typeName })}
        progressLabel={t('documentsPage.requests.uploading', { type: typeName })}
        variant="contained"
        onUpload={upload}
        onFailure={setFailure}
      />
      <FailureAlert failure={failure} />
    </Box>
  );
}

function SubmissionItem({
  submission,
  onChanged,
}: {
  submission: DocumentSubmission;
  onChanged: (message: string) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const formatDate = useDocumentDates();
  const user = useUser().data;
  const nameId = useId();
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const types = [
    ...new Map(submission.documents.map((document) => [document.document_type_id, document])).values(),
  ];

  const cancel = async () => {
    setCancelling(true);
    setFailure(null);
    try {
      await updateSubmission(client, { submissionId: submission.id, action: 'CANCEL', locale });
      onChanged(t('documentsPage.requests.cancelled'));
    } catch (error) {
      setFailure(error);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        display: 'grid',
        gap: 0.75,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={nameId} component="h3" sx={{ fontWeight: 700, flex: '1 1 auto' }}>
          {submission.item_name}
        </Typography>
        <Chip
          size="small"
          color={CHIP_COLOURS[submission.status]}
          label={t(`documentsPage.requests.status.${submission.status}`)}
        />
      </Box>
      <Typography variant="body2">
        {t('documentsPage.requests.for', { name: travellerNameOf(user, submission.user_id) })} ·{' '}
        {t('documentsPage.requests.sentOn', { date: formatDate(submission.created_at) })}
      </Typography>
      {submission.status === 'PENDING' || submission.status === 'PROCESSING' ? (
        <Typography variant="body2">
          {t('documentsPage.requests.expectedBy', { date: formatDate(submission.expected_by) })}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {submission.documents
          .map((document) => `${document.document_type_name}: ${document.file_name}`)
          .join(' · ')}
      </Typography>
      {submission.status === 'TO_COMPLETE' && submission.message ? (
        <Alert severity="warning" role="note">
          {t('documentsPage.requests.asks', { message: submission.message })}
        </Alert>
      ) : null}
      {submission.status === 'REFUSED' ? (
        <Alert severity="error" role="note">
          {submission.message
            ? t('documentsPage.requests.refusedBecause', { message: submission.message })
            : null}{' '}
          <Link component={LocaleLink} to={`/products/${submission.item_id}`}>
            {t('documentsPage.requests.tryAgain')}
          </Link>
        </Alert>
      ) : null}
      {submissionAllows(submission.status, 'COMPLETE')
        ? types.map((document) => (
            <CompleteWith
              key={document.document_type_id}
              submission={submission}
              documentTypeId={document.document_type_id}
              typeName={document.document_type_name}
              onDone={onChanged}
            />
          ))
        : null}
      {submissionAllows(submission.status, 'CANCEL') ? (
        <Button
          size="small"
          color="error"
          onClick={() => void cancel()}
          loading={cancelling}
          aria-describedby={nameId}
          sx={{ justifySelf: 'start' }}
        >
          {t('documentsPage.requests.cancel')}
        </Button>
      ) : null}
      <FailureAlert failure={failure} />
    </Box>
  );
}

function SubmissionGroup({
  title,
  empty,
  submissions,
  onChanged,
}: {
  title: string;
  empty: string;
  submissions: readonly DocumentSubmission[];
  onChanged: (message: string) => void;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {submissions.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} onChanged={onChanged} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function SubmissionList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const submissions = useQuery(submissionsQueryOptions(client, userId, locale));
  const [message, setMessage] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  const changed = async (text: string) => {
    setMessage(text);
    await queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
    status.current?.focus();
  };

  if (submissions.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (submissions.isError) return <FailureAlert failure={submissions.error} />;
  return (
    <>
      <Box ref={status} tabIndex={-1} role="status">
        {message}
      </Box>
      <SubmissionGroup
        title={t('documentsPage.requests.current')}
        empty={t('documentsPage.requests.noneCurrent')}
        submissions={submissions.data.current}
        onChanged={(text) => void changed(text)}
      />
      <SubmissionGroup
        title={t('documentsPage.requests.past')}
        empty={t('documentsPage.requests.nonePast')}
        submissions={submissions.data.past}
        onChanged={(text) => void changed(text)}
      />
    </>
  );
}

export function Component() {
  return <DocumentsPage view="requests">{(userId) => <SubmissionList userId={userId} />}</DocumentsPage>;
}
