// The router's error element: reloads on a stale code chunk, otherwise shows the error screen.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { useLocalePath } from '../components/locale-link.tsx';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload.ts';

export function RouteError() {
  const error = useRouteError();
  const toPath = useLocalePath();
  if (isChunkLoadError(error) && reloadAfterChunkError()) return null;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return <ErrorScreen status={status} homeHref={toPath('/')} />;
}
