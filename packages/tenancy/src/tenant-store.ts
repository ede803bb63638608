// Holds the tenant registry being served and swaps it when tenant files change, keeping last valid
// versions (both services, decision 0025). Node only.
import { EventEmitter } from 'node:events';
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import { loadTenants } from './load-tenants.ts';
import { TenantRegistry } from './registry.ts';
import type { TenantLogger } from './tenant-logger.ts';
import type { LoadedNetwork, Problem } from './types.ts';

export type ReloadOutcome = {
  /** False when the new set of networks could not be served (the previous registry keeps serving). */
  applied: boolean;
  /** Networks served after this reload. */
  networks: number;
  /** Networks whose files are invalid now and are served at their last valid version. */
  kept: string[];
  added: string[];
  removed: string[];
  problems: Problem[];
};

type StoreEvents = { reloaded: [ReloadOutcome] };

export type TenantStoreOptions = { tenantsDir: string; themesDir: string; logger: TenantLogger };

const GLOBAL_ALERTS_FILE = /(^|[\\/])global-alerts\.json$/;

export class TenantStore extends EventEmitter<StoreEvents> {
  readonly #options: TenantStoreOptions;
  #registry: TenantRegistry | undefined;
  #networks = new Map<string, LoadedNetwork>();
  #globalAlerts: AlertDefinition[] = [];
  #reloads = 0;
  // Reloads run one at a time; calls made while one waits to start share it (it reads the latest files).
  #queued: Promise<ReloadOutcome> | null = null;
  #last: Promise<unknown> = Promise.resolve();

  constructor(options: TenantStoreOptions) {
    super();
    this.#options = options;
  }

  /** The registry being served. */
  get registry(): TenantRegistry {
    if (!this.#registry) throw new Error('TenantStore.load() has not completed');
    return this.#registry;
  }

  /** How many reloads replaced the registry since start. */
  get reloadCount(): number {
    return this.#reloads;
  }

  /** First load at start: serves every valid network, logs every problem, fails only if nothing can be served. */
  async load(): Promise<void> {
    const result = await this.#read();
    this.#logProblems(result.problems);
    const networks = new Map(result.networks.map((loaded) => [loaded.network.slug, loaded]));
    const built = TenantRegistry.build([...networks.values()], result.globalAlerts);
    if ('problems' in built) {
      this.#logProblems(built.problems);
      throw new Error(`tenant registry refused: ${built.problems.map(describe).join('; ')}`);
    }
    this.#registry = built.registry;
    this.#networks = networks;
    this.#globalAlerts = result.globalAlerts;
    this.#options.logger.info(
      { networks: networks.size, invalid: result.invalidSlugs },
      `serving ${networks.size} network(s)`,
    );
  }

  /** Re-reads the tenant and theme files; resolves when the reload that covers this call is done. */
  reload(): Promise<ReloadOutcome> {
    if (this.#queued) return this.#queued;
    const run = this.#last.then(() => {
      this.#queued = null;
      return this.#reloadNow();
    });
    this.#queued = run;
    this.#last = run.catch(() => undefined);
    return run;
  }

  async #reloadNow(): Promise<ReloadOutcome> {
    const logger = this.#options.logger;
    let result: Awaited<ReturnType<typeof loadTenants>>;
    try {
      result = await this.#read();
    } catch (error) {
      logger.error({ err: error }, 'tenant reload failed; the previous configuration keeps serving');
      return this.#finish({
        applied: false,
        networks: this.#networks.size,
        kept: [],
        added: [],
        removed: [],
        problems: [],
      });
    }
    this.#logProblems(result.problems);

    const previous = this.#networks;
    const next = new Map(result.networks.map((loaded) => [loaded.network.slug, loaded]));
    const kept: string[] = [];
    for (const slug of result.invalidSlugs) {
      const lastValid = previous.get(slug);
      if (lastValid && !next.has(slug)) {
        next.set(slug, lastValid);
        kept.push(slug);
      }
    }
    const added = [...next.keys()].filter((slug) => !previous.has(slug));
    const removed = [...previous.keys()].filter((slug) => !next.has(slug));
    // An invalid global alerts file keeps the alerts it held before, like an invalid network file.
    const globalAlertsInvalid = result.problems.some((problem) => GLOBAL_ALERTS_FILE.test(problem.file));
    const globalAlerts = globalAlertsInvalid ? this.#globalAlerts : result.globalAlerts;

    const built = TenantRegistry.build([...next.values()], globalAlerts);
    if ('problems' in built) {
      this.#logProblems(built.problems);
      logger.error({}, 'tenant reload refused; the previous configuration keeps serving');
      return this.#finish({
        applied: false,
        networks: previous.size,
        kept: [],
        added: [],
        removed: [],
        problems: [...result.problems, ...built.problems],
      });
    }
    this.#registry = built.registry;
    this.#networks = next;
    this.#globalAlerts = globalAlerts;
    this.#reloads += 1;
    for (const slug of kept) {
      logger.error(
        { network: slug },
        `network "${slug}" has invalid files; its last valid version keeps serving`,
      );
    }
    logger.info(
      { networks: next.size, added, removed, kept, reloads: this.#reloads },
      'tenant files reloaded',
    );
    return this.#finish({
      applied: true,
      networks: next.size,
      kept,
      added,
      removed,
      problems: result.problems,
    });
  }

  #finish(outcome: ReloadOutcome): ReloadOutcome {
    this.emit('reloaded', outcome);
    return outcome;
  }

  #read() {
    return loadTenants({ tenantsDir: this.#options.tenantsDir, themesDir: this.#options.themesDir });
  }

  #logProblems(problems: Problem[]): void {
    for (const problem of problems) {
      this.#options.logger.error(
        { file: problem.file, field: problem.field, problem: problem.message },
        `invalid tenant file: ${describe(problem)}`,
      );
    }
  }
}

const describe = (problem: Problem) => `${problem.file}: ${problem.field}: ${problem.message}`;
