// A legal page of the network (legal notices, privacy policy, terms of use), already sanitised by the server.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { LegalDocumentKind } from '@transit-shop/sdk';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/page-title.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { WithQueryClient } from '../../../lib/query-client.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { getLegalDocumentQueryOptions } from '../api/get-legal-document.ts';

function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation();
  const { apiBase, network } = useBootstrap();
  const locale = useLocale();
  const { data, isError, isPending } = useQuery(
    getLegalDocumentQueryOptions(apiBase, kind, network.id, locale),
  );
  usePageTitle(t(`legal.${kind}`));
  return (
    <Box
      component="article"
      sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 4, '& h2': { typography: 'h2', mt: 3, mb: 1 } }}
    >
      <Typography variant="h1" component="h1" gutterBottom>
        {t(`legal.${kind}`)}
      </Typography>
      {isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {isError ? <Typography role="alert">{t('errors.generic')}</Typography> : null}
      {data ? (
        // The tenant service sanitises legal HTML when it loads the tenant files.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side (packages/tenancy/src/sanitize.ts)
        <Box lang={data.locale} dangerouslySetInnerHTML={{ __html: data.html }} />
      ) : null}
    </Box>
  );
}

export function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  return (
    <WithQueryClient>
      <LegalDocument kind={kind} />
    </WithQueryClient>
  );
}
