// The frame of the documents pages: their guard (signed in, complete account), one readable column
// with the page's heading, and the two views, documents and requests, as links (each its own
// address, so a reload or a link from an email lands on the right one), around the signed-in view.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { paths } from '../../../config/paths.ts';
import { requireCompleteAccount, requireSignIn } from '../../../lib/session/guards.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';

/** Signed in (ROUTE-05), with a complete account (ROUTE-10). */
export async function documentsLoader(args: LoaderFunctionArgs) {
  await requireSignIn(args);
  await requireCompleteAccount(args);
  return null;
}

type View = 'documents' | 'requests';

function DocumentsFrame({ view, children }: { view: View; children: ReactNode }) {
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

function SignedIn({ children }: { children: (userId: number) => ReactNode }) {
  const ticket = useSessionTicket();
  // The loader's guard let only a signed-in customer in.
  return ticket ? children(ticket.userId) : null;
}

/** A documents page: its frame around the view of the signed-in customer's account. */
export function DocumentsPage({ view, children }: { view: View; children: (userId: number) => ReactNode }) {
  return (
    <DocumentsFrame view={view}>
      <WithSession>
        <SignedIn>{children}</SignedIn>
      </WithSession>
    </DocumentsFrame>
  );
}
