// The frame of the documents pages: one readable column with the page's heading, and the two views, documents and requests,
// as links (each its own address, so a reload or a link from an email lands on the right one).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { paths } from '../../../config/paths.ts';

export function DocumentsFrame({ view, children }: { view: 'documents' | 'requests'; children: ReactNode }) {
  const { t } = useTranslation();
  const views = [
    { key: 'documents', to: paths.documents, label: t('documentsPage.tabs.documents') },
    { key: 'requests', to: paths.documentsSubmissions, label: t('documentsPage.tabs.requests') },
  ] as const;
  const title = views.find((candidate) => candidate.key === view)?.label ?? '';
  usePageTitle(title);
  return (
    <Box sx={{ maxWidth: (theme) => theme.breakpoints.values.md, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('documentsPage.intro')}</Typography>
      <Box
        component="nav"
        aria-label={t('documentsPage.tabs.label')}
        sx={{ display: 'flex', gap: 3, borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {views.map((candidate) => (
          <Link
            key={candidate.key}
            component={LocaleLink}
            to={candidate.to}
            aria-current={candidate.key === view ? 'page' : undefined}
            underline="none"
            sx={{
              py: 1,
              fontWeight: 600,
              borderBottom: 3,
              borderColor: candidate.key === view ? 'primary.main' : 'transparent',
              color: candidate.key === view ? 'text.primary' : 'text.secondary',
            }}
          >
            {candidate.label}
          </Link>
        ))}
      </Box>
      {children}
    </Box>
  );
}
