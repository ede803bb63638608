// Notices a new build of the web app (build-manifest.json) and makes the next navigation a full load.
import { BUILD_CHECK_INTERVAL_MS } from '../config/constants.ts';

export type BuildWatchOptions = {
  currentBuildId: string;
  fetchManifest?: () => Promise<{ buildId: string }>;
  intervalMs?: number;
  reload?: () => void;
  isHidden?: () => boolean;
};

const defaultFetchManifest = async () => {
  const response = await fetch('/build-manifest.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`build manifest answered ${response.status}`);
  return (await response.json()) as { buildId: string };
};

/** Polls the manifest; `isStale()` says a new build is out. A hidden tab reloads at once. */
export function watchBuild(options: BuildWatchOptions) {
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
  const onVisible = () => {
    if (!isHidden()) void check();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  return {
    check,
    isStale: () => stale,
    stop() {
      clearInterval(timer);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
