// The dependencies every sandbox operation receives: injected so tests choose time and network.
import type { Clock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';

export type SandboxDeps = {
  clock: Clock;
  store: SandboxStore;
  notifier: Notifier;
  config: SandboxConfig;
  logger: Logger;
};
