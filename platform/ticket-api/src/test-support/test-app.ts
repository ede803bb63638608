// The ticket API built for a test file: a fresh database, the repository's demo networks (or a
// tenants folder of the test's own, followed as main.ts follows it), a fake clock, an outbox in a
// temporary folder, captured log lines, and a client that sends calls the way the sdk does (signed
// with the network's key, encoded as the contract says).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePayload } from '@transit-shop/sdk/client/encode-payload';
import type { AnyCallContract } from '@transit-shop/sdk/contract/define-call';
import { SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { signPayload } from '@transit-shop/sdk/signing/sign';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { readVoucherFiles } from '@transit-shop/tenancy/vouchers-file';
import type { Hono } from 'hono';
import { afterAll, beforeAll, vi } from 'vitest';
import { createApp } from '../app.ts';
import { DEFAULT_DIRS } from '../env.ts';
import type { AppEnv } from '../http/app-env.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mailer.ts';
import { compileTrustedProxies } from '../security/trusted-proxies.ts';
import type { AppDeps } from '../services/app-deps.ts';
import type { CardRegistry } from '../services/card-registry/card-registry.ts';
import { loadStoredIdentityKeys } from '../services/identity/identity-keys.ts';
import { createDemoCardRegistry, type DemoCardRegistry } from '../services/media/demo-card-registry.ts';
import { createSignInProviders } from '../services/sign-in-providers/provider-registry.ts';
import { createDatabaseTicketSigner } from '../services/tickets/ticket-signer.ts';
import { createVoucherFileSync } from '../services/vouchers/sync-voucher-files.ts';
import { syncVouchers } from '../services/vouchers/sync-vouchers.ts';
import { followTenantFiles, type TenantFollower } from '../tenants/follow-tenant-files.ts';
import { loadNetworkStore } from '../tenants/load-networks.ts';
import type { NetworkDirectory } from '../tenants/network-directory.ts';
import { loadDemoNetworks } from './demo-networks.ts';
import { createFakeClock, type FakeClock } from './fake-clock.ts';
import { createFakePaymentProvider, type FakePaymentProvider } from './fake-payment-provider.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export type LogLine = { level: number; msg: string; [key: string]: unknown };
export const LOG_ERROR = 50;

/** The demo network every test calls unless it says otherwise (tenants/lumiere). */
export const LUMIERE_ID = 101;
export const WAHAT_ID = 102;

export type CallOptions = {
  /** The network whose key signs; the payload's network field or LUMIERE_ID by default. */
  networkId?: number;
  /** The x-network-id header the tenant service would set; the signing network by default, null for none. */
  networkHeader?: string | null;
  /** Replaces the computed signature; null sends none. */
  signature?: string | null;
  headers?: Record<string, string>;
  /**
   * Where the call comes from: the socket's peer (the tenant service on loopback by default) and
   * the client address that peer forwards in X-Forwarded-For (none by default).
   */
  from?: { peer?: string; forwardedFor?: string };
};

/** A tenants folder of the test's own, watched and reloaded as main.ts does. */
export type TestTenants = { tenantsDir: string; themesDir?: string };

/** The bindings @hono/node-server gives a request, as far as the app reads them. */
export function socketFrom(peer: string): AppEnv['Bindings'] {
  // The request is handed to the app whole (app.request), so its body counts as read to its end.
  return {
    incoming: { socket: { remoteAddress: peer }, headers: {}, readableEnded: true },
  } as unknown as AppEnv['Bindings'];
}

export type TestApp = {
  app: Hono<AppEnv>;
  /** With `tenants`: the store serving them and what follows their files. */
  tenants?: { store: TenantStore; follower: TenantFollower } | undefined;
  deps: AppDeps;
  database: TestDatabase;
  clock: FakeClock;
  /** The payment provider the app talks to, driven by the test. */
  payments: FakePaymentProvider;
  /** The demo card registry of the test's tenants (the app's unless the test gave its own). */
  demoCards: DemoCardRegistry;
  logs: LogLine[];
  outboxDir: string;
  /** Sends a call as the sdk client would, and answers the HTTP response. */
  call(contract: AnyCallContract, payload: Record<string, unknown>, options?: CallOptions): Promise<Response>;
  close(): Promise<void>;
};

export async function createTestApp(
  options: {
    extend?: (app: Hono<AppEnv>) => void;
    sessionPolicy?: AppDeps['sessionPolicy'];
    tenants?: TestTenants;
    /** A card registry in place of the demo one (one that fails, for MEDIA_ERROR). */
    cards?: (demo: DemoCardRegistry) => CardRegistry;
    /**
     * Date follows the fake clock (vitest's fake Date; timers stay real), for what reads Date rather
     * than the clock: the rate limiter (decision 0036).
     */
    fakeDate?: boolean;
    /** The database to use (another handle on one the test made); a fresh one by default. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const logs: LogLine[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  });
  const database = options.database ?? (await createTestDatabase());
  if (options.fakeDate) vi.useFakeTimers({ toFake: ['Date'] });
  const clock = createFakeClock(
    undefined,
    options.fakeDate ? { onMove: (now) => vi.setSystemTime(now) } : {},
  );
  const payments = createFakePaymentProvider({ now: () => clock.now() });
  const outboxDir = await mkdtemp(join(tmpdir(), 'ticket-outbox-'));
  let networks: NetworkDirectory;
  let tenants: TestApp['tenants'];
  const demoCards = createDemoCardRegistry({
    db: database.db,
    tenantsDir: options.tenants?.tenantsDir ?? DEFAULT_DIRS.tenants,
    logger,
  });
  if (options.tenants) {
    const dirs = {
      tenantsDir: options.tenants.tenantsDir,
      themesDir: options.tenants.themesDir ?? DEFAULT_DIRS.themes,
    };
    const loaded = await loadNetworkStore({ ...dirs, logger });
    networks = loaded.networks;
    const vouchers = createVoucherFileSync({ db: database.db, clock, tenantsDir: dirs.tenantsDir, logger });
    await vouchers.sync(networks.all());
    await demoCards.sync(networks.all());
    const follower = await followTenantFiles({
      store: loaded.store,
      networks,
      vouchers,
      cards: demoCards,
      watch: true,
      dirs: [dirs.tenantsDir, dirs.themesDir],
      logger,
      debounceMs: 50,
    });
    tenants = { store: loaded.store, follower };
  } else {
    networks = await loadDemoNetworks();
    // The demo networks' vouchers, synced as at start.
    const voucherFiles = await readVoucherFiles({
      tenantsDir: DEFAULT_DIRS.tenants,
      networks: networks.all(),
    });
    if (voucherFiles.problems.length > 0)
      throw new Error(`demo vouchers: ${JSON.stringify(voucherFiles.problems)}`);
    await syncVouchers({ db: database.db, clock, vouchers: voucherFiles.vouchers });
    await demoCards.sync(networks.all());
  }
  const deps: AppDeps = {
    db: database.db,
    clock,
    networks,
    sessionPolicy: options.sessionPolicy ?? { idleMinutes: 60, absoluteDays: 30 },
    identityKeys: await loadStoredIdentityKeys({ db: database.db, clock }),
    mailer: createMailer({ smtpUrl: undefined, outboxDir, from: 'Shop <shop@example.org>', logger }),
    logger,
    payments,
    cards: options.cards ? options.cards(demoCards) : demoCards,
    ticketSigner: createDatabaseTicketSigner({ db: database.db, clock }),
    // No identity sandbox answers there: a test of the sign-in gives its own provider.
    signInProviders: createSignInProviders({
      identitySandboxUrl: 'http://127.0.0.1:9',
      secretOf: () => undefined,
      clock,
      logger,
    }),
    publicUrl: 'http://ticket-api.test',
    trustProxy: compileTrustedProxies(['loopback']),
    pingDatabase: () => database.ping(),
  };
  const app = createApp(deps, options.extend ? { extend: options.extend } : {});

  const call: TestApp['call'] = async (contract, payload, callOptions = {}) => {
    const fieldNetwork = contract.networkField ? payload[contract.networkField] : undefined;
    const networkId = callOptions.networkId ?? (typeof fieldNetwork === 'number' ? fieldNetwork : LUMIERE_ID);
    const network = networks.byId(networkId);
    const signed: Record<string, unknown> = { ...payload };
    if (callOptions.signature === undefined && network) {
      signed[SIGNATURE_FIELD] = await signPayload(signed, network.network.config.signingKey);
    } else if (callOptions.signature !== null && callOptions.signature !== undefined) {
      signed[SIGNATURE_FIELD] = callOptions.signature;
    }
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.from?.forwardedFor !== undefined)
      headers['x-forwarded-for'] = callOptions.from.forwardedFor;
    const bindings = socketFrom(callOptions.from?.peer ?? '127.0.0.1');
    const networkHeader =
      callOptions.networkHeader === undefined ? String(networkId) : callOptions.networkHeader;
    if (networkHeader !== null) headers['x-network-id'] = networkHeader;
    const encoded = encodePayload(contract.encoding, signed);
    const path = `/${contract.path}`;
    if (encoded.kind === 'query') {
      return app.request(`${path}?${encoded.searchParams}`, { method: contract.method, headers }, bindings);
    }
    if (encoded.kind === 'json') {
      return app.request(
        path,
        {
          method: contract.method,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(encoded.json),
        },
        bindings,
      );
    }
    return app.request(path, { method: contract.method, headers, body: encoded.body }, bindings);
  };

  return {
    app,
    tenants,
    deps,
    database,
    clock,
    payments,
    demoCards,
    logs,
    outboxDir,
    call,
    close: async () => {
      tenants?.follower.close();
      await tenants?.follower.idle();
      deps.mailer.close();
      await database.drop();
      if (options.fakeDate) vi.useRealTimers();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/** A test app for the whole test file. */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): { readonly current: TestApp } {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(options);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return {
    get current() {
      if (!testApp) throw new Error('the test app is not ready (use it inside a test or hook)');
      return testApp;
    },
  };
}

/** The JSON of an answer (every answer of the API is an envelope). */
export async function envelopeOf(response: Response): Promise<{
  status: 'ok' | 'ko';
  response: { error?: { code: string; message: string; details?: Record<string, unknown> } } & Record<
    string,
    unknown
  >;
}> {
  return (await response.json()) as never;
}
