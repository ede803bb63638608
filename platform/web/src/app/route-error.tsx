// The router's error element: reloads on a stale code chunk, otherwise shows the error screen
// with the status of a thrown response (404, 503...) or 500.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { useLocalePath } from '../components/locale-link.tsx';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload.ts';

/** `standalone` when the layout itself failed: the screen is then the page's only landmark. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const toPath = useLocalePath();
  if (isChunkLoadError(error) && reloadAfterChunkError()) return null;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  const screen = <ErrorScreen status={status} message={message || undefined} homeHref={toPath('/')} />;
  return standalone ? <main>{screen}</main> : screen;
}
