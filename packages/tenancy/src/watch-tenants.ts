// Watches the tenant and theme folders and calls back once per burst of changes (both services). Node only.
import { type FSWatcher, watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TenantLogger } from './tenant-logger.ts';

export type TenantWatcher = { close(): void };

/**
 * One watcher per directory rather than `fs.watch(dir, { recursive: true })`: on Linux, Node 20's
 * recursive mode watches each file's inode, so a file replaced by a rename (how editors save and
 * deployments swap files) is never seen again. A directory watch sees every change of its
 * entries; the tree is rescanned after each burst so new folders are watched too.
 */
/** Resolves once every folder present at start is watched. */
export async function watchTenants(options: {
  dirs: string[];
  onChange: () => void;
  logger: TenantLogger;
  /** Editors and copies write several files in a row: wait for the burst to settle. */
  debounceMs?: number;
}): Promise<TenantWatcher> {
  const { logger } = options;
  const debounceMs = options.debounceMs ?? 150;
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };

  const unwatch = (dir: string) => {
    watchers.get(dir)?.close();
    watchers.delete(dir);
  };

  const watchDir = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, { persistent: false }, schedule);
      // A removed folder ends its watcher; the next rescan forgets it.
      watcher.on('error', () => {
        unwatch(dir);
        schedule();
      });
      watchers.set(dir, watcher);
    } catch (error) {
      logger.error({ err: error, dir }, 'cannot watch a tenant folder; its edits need a restart');
    }
  };

  /** Watches every directory under the roots and forgets the ones that are gone. */
  const rescan = async () => {
    const seen = new Set<string>();
    const walk = async (dir: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      seen.add(dir);
      watchDir(dir);
      await Promise.all(
        entries.filter((entry) => entry.isDirectory()).map((entry) => walk(join(dir, entry.name))),
      );
    };
    await Promise.all([...new Set(options.dirs)].map(walk));
    for (const dir of [...watchers.keys()]) if (!seen.has(dir)) unwatch(dir);
  };

  const flush = async () => {
    await rescan();
    if (!closed) options.onChange();
  };

  await rescan();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const dir of [...watchers.keys()]) unwatch(dir);
    },
  };
}
