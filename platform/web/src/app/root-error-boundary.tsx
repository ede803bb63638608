// The last line of defence: an error no route's error element caught (the router itself, a
// provider's child) shows the error screen, or reloads when a code chunk is missing.
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../components/error-screen.tsx';
import { useLocalePath } from '../components/locale-link.tsx';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload.ts';

function FatalErrorScreen() {
  const toPath = useLocalePath();
  return <ErrorScreen homeHref={toPath('/')} />;
}

export class RootErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (isChunkLoadError(this.state.error) && reloadAfterChunkError()) return null;
    return (
      <main>
        <FatalErrorScreen />
      </main>
    );
  }
}
