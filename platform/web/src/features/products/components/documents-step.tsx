// The product page's documents step (spec 01 "Product details": upload or select documents;
// DOC-02, DOC-04, CHK-08; decision 0033). For each document type the item requires: where the
// traveller's document stands, and an upload with its progress. A valid document is used as it
// is (a traveller holds at most one valid document of a type: a newer one replaces it). Once every
// type has a document, those not valid yet are sent for checking in one request, and the page says
// when an answer is expected. After a FranceConnect sign-in, the page says the details it imported do
// not prove what the item needs, so its documents are uploaded all the same (DOC-05).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENTS_VALIDATION_DELAY_DAYS } from '@transit-shop/sdk/constants';
import type { CatalogueDocumentType } from '@transit-shop/sdk/contract/catalogue';
import type { UserDocument } from '@transit-shop/sdk/contract/documents';
import type { RequiredDocumentVerdict } from '@transit-shop/sdk/documents/document-eligibility';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentUploadButton } from '../../../components/document-upload-button.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import {
  createSubmission,
  DOCUMENTS_KEY,
  inputProviderOf,
  type QualificationProvider,
  qualificationProvidersQueryOptions,
  uploadDocument,
} from '../../../lib/documents/documents-api.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { RequiredDocuments } from '../hooks/use-required-documents.ts';
import { PurchaseSection } from './purchase-section.tsx';

function useFormatDate() {
  const locale = useLocale();
  const { network } = useBootstrap();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: network.timeZone }).format(new Date(iso));
}

function StateChip({
  verdict,
  latest,
}: {
  verdict: RequiredDocumentVerdict;
  latest: UserDocument | undefined;
}) {
  const { t } = useTranslation();
  if (verdict.state === 'VALID')
    return <Chip size="small" color="success" label={t('products.documents.state.VALID')} />;
  if (verdict.state === 'CHECKING')
    return <Chip size="small" color="info" label={t('products.documents.state.CHECKING')} />;
  if (latest?.status === 'PENDING')
    return (
      <Chip size="small" color="info" variant="outlined" label={t('products.documents.state.UPLOADED')} />
    );
  if (latest?.status === 'REFUSED')
    return <Chip size="small" color="error" label={t('products.documents.state.REFUSED')} />;
  return <Chip size="small" variant="outlined" label={t('products.documents.state.MISSING')} />;
}

function DocumentTypeRow({
  type,
  verdict,
  documents,
  travellerId,
  providers,
}: {
  type: CatalogueDocumentType;
  verdict: RequiredDocumentVerdict;
  documents: readonly UserDocument[];
  travellerId: number;
  providers: readonly QualificationProvider[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { network } = useBootstrap();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formatDate = useFormatDate();
  const errorRef = useRef<HTMLDivElement>(null);
  const nameId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [providerInput, setProviderInput] = useState('');
  // A provider that asks for something beside the file (a student number) may decide at once.
  const provider = inputProviderOf(providers, type.id);
  const ofType = documents.filter((document) => document.document_type_id === type.id);
  const used = ofType.find((document) => document.id === verdict.documentId);
  const latest = used ?? ofType[0];

  const upload = async (file: File, onProgress: (fraction: number) => void) => {
    const answer = await uploadDocument(client, {
      travellerId,
      documentTypeId: type.id,
      file,
      qualification:
        provider && providerInput.trim()
          ? { providerId: provider.id, input: providerInput.trim() }
          : undefined,
      onProgress,
    });
    setDone(t(`products.documents.uploaded.${answer.upload_status}`, { name: answer.document.file_name }));
    await queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
  };
  const fail = (reason: unknown) => {
    setFailure(reason);
    if (reason) requestAnimationFrame(() => errorRef.current?.focus());
    else setDone(null);
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
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={nameId} sx={{ fontWeight: 700, flex: '1 1 auto' }}>
          {type.name}
        </Typography>
        <StateChip verdict={verdict} latest={latest} />
      </Box>
      {type.description ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {type.description}
        </Typography>
      ) : null}
      {latest ? (
        <Typography variant="body2">
          {verdict.state === 'VALID' && latest.expires_at
            ? t('products.documents.validUntil', {
                name: latest.file_name,
                date: formatDate(latest.expires_at),
              })
            : latest.status === 'REFUSED'
              ? t('products.documents.refused', {
                  name: latest.file_name,
                  reason: latest.refusal_reason ?? '',
                })
              : latest.file_name}
        </Typography>
      ) : null}
      {verdict.state === 'VALID' ? null : (
        <>
          {provider ? (
            <TextField
              size="small"
              label={
                provider.inputLabel[locale] ??
                provider.inputLabel[network.defaultLanguage] ??
                Object.values(provider.inputLabel)[0]
              }
              value={providerInput}
              onChange={(event) => setProviderInput(event.target.value)}
              // The provider's name is isolated (FSI … PDI): a Latin name inside Arabic keeps its order.
              helperText={t('products.documents.providerInputHint', {
                provider: `\u2068${provider.name}\u2069`,
              })}
              slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off', spellCheck: false } }}
              sx={{ maxWidth: 360 }}
            />
          ) : null}
          <DocumentUploadButton
            label={latest ? t('products.documents.uploadAnother') : t('products.documents.upload')}
            progressLabel={t('products.documents.uploading', { type: type.name })}
            describedBy={nameId}
            onUpload={upload}
            onFailure={fail}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('products.documents.formats')}
          </Typography>
        </>
      )}
      <Typography role="status" variant="body2">
        {done}
      </Typography>
      {failure ? (
        <Alert severity="error" ref={errorRef} tabIndex={-1}>
          {errorText(failure)}
        </Alert>
      ) : null}
    </Box>
  );
}

export function DocumentsStep({
  documentTypes,
  required,
  travellerId,
  itemId,
  signedInWithFranceConnect,
}: {
  documentTypes: readonly CatalogueDocumentType[];
  required: RequiredDocuments;
  travellerId: number;
  itemId: number;
  /** The session was opened through FranceConnect, whose imported details prove no document (DOC-05). */
  signedInWithFranceConnect: boolean;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const errorText = useErrorText();
  const formatDate = useFormatDate();
  const { network } = useBootstrap();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { coverage, documents, request } = required;
  // Without the providers the upload still works: the network's staff check the documents.
  const providers = useQuery(qualificationProvidersQueryOptions(client, network.id)).data ?? [];

  // Per type: the valid document, else the newest one waiting to be checked.
  const toSend = coverage.byType.map(
    (verdict) =>
      verdict.documentId ??
      documents.find(
        (document) => document.document_type_id === verdict.documentTypeId && document.status === 'PENDING',
      )?.id ??
      null,
  );
  const everyTypeHasOne = toSend.every((id) => id !== null);
  const canSend = !request && everyTypeHasOne && coverage.byType.some((verdict) => verdict.state !== 'VALID');

  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      await createSubmission(client, {
        travellerId,
        itemId,
        documentIds: toSend.filter((id): id is number => id !== null),
        locale,
      });
      await queryClient.invalidateQueries({ queryKey: [DOCUMENTS_KEY] });
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <PurchaseSection title={t('products.documents.legend')}>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('products.documents.intro', { days: DOCUMENTS_VALIDATION_DELAY_DAYS })}
      </Typography>
      {required.failure ? <Alert severity="error">{errorText(required.failure)}</Alert> : null}
      {signedInWithFranceConnect && coverage.byType.some((verdict) => verdict.state !== 'VALID') ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('products.documents.providerImportInsufficient')}
        </Alert>
      ) : null}
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {coverage.byType.map((verdict) => {
          const type = documentTypes.find((candidate) => candidate.id === verdict.documentTypeId);
          return type ? (
            <DocumentTypeRow
              key={type.id}
              type={type}
              verdict={verdict}
              documents={documents}
              travellerId={travellerId}
              providers={providers}
            />
          ) : null;
        })}
      </Box>
      {request ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {request.status === 'TO_COMPLETE'
            ? t('products.documents.request.TO_COMPLETE')
            : t(
                request.status === 'PROCESSING'
                  ? 'products.documents.request.PROCESSING'
                  : 'products.documents.request.PENDING',
                {
                  date: formatDate(request.expected_by),
                },
              )}
        </Alert>
      ) : null}
      {canSend ? (
        <Button
          variant="contained"
          color="secondary"
          onClick={() => void send()}
          disabled={sending}
          sx={{ mt: 1.5 }}
        >
          {t('products.documents.send')}
        </Button>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorText(failure)}
        </Alert>
      ) : null}
      {coverage.covered ? null : (
        <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
          {network.configuration.documents.allowPurchaseWhilePending
            ? t('products.documents.blockedUntilSent')
            : t('products.documents.blockedUntilValid')}
        </Typography>
      )}
    </PurchaseSection>
  );
}
