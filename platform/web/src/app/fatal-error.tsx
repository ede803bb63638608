// The error screen for a page that could not start (no bootstrap, no messages): shown with the
// default theme in the language of the address.
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ErrorScreen } from '../components/error-screen.tsx';
import { localePath, splitLocale } from '../config/paths.ts';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload.ts';
import { createI18n } from '../lib/i18n.ts';

export async function renderFatalError(container: HTMLElement, error: unknown): Promise<void> {
  console.error(error);
  if (isChunkLoadError(error) && reloadAfterChunkError()) return;
  const { locale } = splitLocale(location.pathname);
  const home = localePath(locale, '/');
  const i18n = await createI18n(locale).catch(() => null);
  createRoot(container).render(
    <main>
      {i18n ? (
        <I18nextProvider i18n={i18n}>
          <ErrorScreen homeHref={home} />
        </I18nextProvider>
      ) : (
        // Not even the messages load: the status and the way home still show.
        <>
          <h1>500</h1>
          <a href={home}>{location.host}</a>
        </>
      )}
    </main>,
  );
}
