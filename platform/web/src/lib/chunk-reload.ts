// Reloads the page when a code chunk fails to load (a new deploy removed it), at most once per 10 s.
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '../config/constants.ts';

export type ChunkReloadOptions = {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  reload?: () => void;
};

/** Reloads unless a reload happened within the guard; answers whether it reloaded. */
export function reloadAfterChunkError(options: ChunkReloadOptions = {}): boolean {
  const storage = options.storage ?? sessionStorage;
  const now = options.now ?? Date.now;
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
  if (now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now()));
  (options.reload ?? (() => location.reload()))();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(
    message,
  );
}

/** Vite's preload failure event: reload instead of showing a broken page. */
export function listenForChunkErrors(options: ChunkReloadOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError(options)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
