// Notices a new build of the web app (build-manifest.json); main.tsx starts it after the first paint.
import { BUILD_CHECK_INTERVAL_MS } from '../config/constants.ts';

export type BuildWatchOptions = {
  currentBuildId: string;
  fetchManifest?: () => Promise<{ buildId: string }>;
  intervalMs?: number;
  reload?: () => void;
  isHidden?: () => boolean;
};

export type BuildWatch = { check(): Promise<void>; isStale(): boolean; stop(): void };

const defaultFetchManifest = async () => {
  const response = await fetch('/build-manifest.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`build manifest answered ${response.status}`);
  return (await response.json()) as { buildId: string };
};

/** Polls the manifest, and again when the tab shows; `isStale()` says a new build is out. A hidden tab reloads at once. */
export function watchBuild(options: BuildWatchOptions): BuildWatch {
  const fetchManifest = options.fetchManifest ?? defaultFetchManifest;
  const reload = options.reload ?? (() => location.reload());
  const isHidden = options.isHidden ?? (() => document.visibilityState === 'hidden');
  let stale = false;

  const check = async () => {
    if (stale) return;
    try {
      const { buildId } = await fetchManifest();
      if (buildId && buildId !== options.currentBuildId) {
        stale = true;
        if (isHidden()) reload();
      }
    } catch {
      // Offline or mid-deploy: try again at the next tick.
    }
  };
  const timer = setInterval(check, options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  const onVisibilityChange = () => {
    if (!isHidden()) void check();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibilityChange);
  return {
    check,
    isStale: () => stale,
    stop() {
      clearInterval(timer);
      if (typeof document !== 'undefined')
        document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
