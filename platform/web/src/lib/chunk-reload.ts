// Reloads the page when a code chunk fails to load (a new deploy removed it), at most once per 10 s.
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '../config/constants.ts';

export type ChunkReloadOptions = {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  reload?: () => void;
};

/**
 * One page's reloader. The time of the last reload is kept in session storage, so it outlives
 * the reload: a chunk that still fails right after one shows the error screen instead of looping.
 */
export function createChunkReloader(options: ChunkReloadOptions = {}) {
  let requested = false;
  return {
    /** Reloads unless a reload happened within the guard; answers whether the page is reloading. */
    reload(): boolean {
      if (requested) return true;
      const storage = options.storage ?? sessionStorage;
      const now = (options.now ?? Date.now)();
      const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
      if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
      storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
      requested = true;
      (options.reload ?? (() => location.reload()))();
      return true;
    },
  };
}

let pageReloader: ReturnType<typeof createChunkReloader> | undefined;

/** The page's reloader: reloads unless within the guard; answers whether the page is reloading. */
export function reloadAfterChunkError(): boolean {
  pageReloader ??= createChunkReloader();
  return pageReloader.reload();
}

/** The messages of Chromium, Safari and Firefox when a dynamic import fails. */
const CHUNK_LOAD_MESSAGE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_LOAD_MESSAGE.test(error instanceof Error ? error.message : String(error));
}

/** Vite's preload failure event: reload instead of showing a broken page. */
export function listenForChunkErrors(reload: () => boolean = reloadAfterChunkError): () => void {
  const onPreloadError = (event: Event) => {
    if (reload()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
