// /documents (spec 01 "Documents"; DOC-02; decision 0033): the account's documents, by traveller,
// each with its status (and why it was refused, or until when it is valid), the marker that a
// similar valid document exists, its download, and its deletion after a confirmation. A document
// that backs a request being checked cannot be deleted: the page says so instead of offering it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDocument } from '@transit-shop/sdk/contract/documents';
import { documentAllows } from '@transit-shop/sdk/documents/document-states';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import {
  accountDocumentsQueryOptions,
  DOCUMENTS_KEY,
  deleteDocument,
  downloadDocument,
} from '../../../lib/documents/documents-api.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DocumentsPage, documentsLoader } from '../components/documents-frame.tsx';
import { travellerNameOf } from '../components/traveller-names.ts';
import { useDocumentDates } from '../components/use-document-dates.ts';

export const loader = documentsLoader;

const CHIP_COLOURS = {
  PENDING: 'info',
  VALIDATED: 'success',
  REFUSED: 'error',
  EXPIRED: 'default',
  MODIFIED: 'default',
  DELETED: 'default',
} as const;

function DocumentItem({
  document,
  onDelete,
  onDownload,
}: {
  document: UserDocument;
  onDelete: (document: UserDocument) => void;
  onDownload: (document: UserDocument) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDocumentDates();
  const nameId = useId();
  const deletable = documentAllows(document.status, 'DELETE') && !document.in_use;
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
          {document.document_type_name}
        </Typography>
        <Chip
          size="small"
          color={CHIP_COLOURS[document.status]}
          label={t(`documentsPage.status.${document.status}`)}
        />
      </Box>
      <Typography variant="body2">
        <bdi>{document.file_name}</bdi> ·{' '}
        {t('documentsPage.sentOn', { date: formatDate(document.created_at) })}
      </Typography>
      {document.status === 'VALIDATED' && document.starting_at ? (
        <Typography variant="body2">
          {document.expires_at
            ? t('documentsPage.validity', {
                from: formatDate(document.starting_at),
                to: formatDate(document.expires_at),
              })
            : t('documentsPage.validFrom', { from: formatDate(document.starting_at) })}
        </Typography>
      ) : null}
      {document.status === 'REFUSED' && document.refusal_reason ? (
        <Typography variant="body2">
          {t('documentsPage.reason', { reason: document.refusal_reason })}
        </Typography>
      ) : null}
      {document.similar_valid ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('documentsPage.similarValid')}
        </Typography>
      ) : null}
      {document.in_use ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('documentsPage.inUse')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => onDownload(document)}
          aria-describedby={nameId}
        >
          {t('documentsPage.download')}
        </Button>
        {deletable ? (
          <Button size="small" color="error" onClick={() => onDelete(document)} aria-describedby={nameId}>
            {t('documentsPage.delete')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

function DocumentList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const user = useUser().data;
  const documents = useQuery(accountDocumentsQueryOptions(client, userId, locale));
  const [removing, setRemoving] = useState<UserDocument | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // A deleted document's controls are gone: the keyboard goes on from the message saying so.
  useEffect(() => {
    if (message) status.current?.focus();
  }, [message]);

  const confirmDeletion = async () => {
    if (!removing) return;
    setPending(true);
    setFailure(null);
    try {
      await deleteDocument(client, removing.id, locale);
      setMessage(t('documentsPage.deleted', { name: removing.file_name }));
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
    }
  };

  const download = async (document: UserDocument) => {
    setFailure(null);
    try {
      await downloadDocument(client, { documentId: document.id, fileName: document.file_name });
    } catch (error) {
      setFailure(error);
    }
  };

  if (documents.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (documents.isError) return <FailureAlert failure={documents.error} />;
  const travellers = [...new Set(documents.data.map((document) => document.user_id))];

  return (
    <>
      <Box ref={status} tabIndex={-1} role="status">
        {message}
      </Box>
      <FailureAlert failure={failure} />
      {documents.data.length === 0 ? (
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          {t('documentsPage.empty')}
        </Alert>
      ) : null}
      {travellers.map((travellerId) => (
        <Box
          component="section"
          key={travellerId}
          aria-label={travellerNameOf(user, travellerId)}
          sx={{ mt: 3 }}
        >
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {travellerNameOf(user, travellerId)}
          </Typography>
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {documents.data
              .filter((document) => document.user_id === travellerId)
              .map((document) => (
                <DocumentItem
                  key={document.id}
                  document={document}
                  onDelete={setRemoving}
                  onDownload={download}
                />
              ))}
          </Box>
        </Box>
      ))}
      <ConfirmDialog
        open={removing !== null}
        title={t('documentsPage.confirmTitle')}
        body={removing ? t('documentsPage.confirmBody', { name: removing.file_name }) : ''}
        cancelLabel={t('documentsPage.cancel')}
        confirmLabel={t('documentsPage.confirm')}
        pending={pending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmDeletion()}
      />
    </>
  );
}

export function Component() {
  return <DocumentsPage view="documents">{(userId) => <DocumentList userId={userId} />}</DocumentsPage>;
}
