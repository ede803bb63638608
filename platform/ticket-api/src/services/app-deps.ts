// What the services are given: the database, the clock and the ports to the world outside, built
// once at start (main.ts) or per test file, and handed on by the routes.
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import type { TrustProxy } from '../security/trusted-proxies.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { NetworkDirectory } from '../tenants/network-directory.ts';
import type { CardRegistry } from './card-registry/card-registry.ts';
import type { QualificationProvider } from './documents/qualification-provider.ts';
import type { IdentityKeys } from './identity/identity-keys.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { SessionPolicy } from './sessions/session-policy.ts';
import type { SignInProviders } from './sign-in-providers/provider-registry.ts';
import type { TicketSigner } from './tickets/ticket-signer.ts';

/** What handlers pass on to services: built once at start (main.ts) or per test file. */
export type AppDeps = {
  db: Database;
  clock: Clock;
  networks: NetworkDirectory;
  sessionPolicy: SessionPolicy;
  identityKeys: IdentityKeys;
  mailer: Mailer;
  /** The port the shops answer on, for links in emails (unset: the scheme's default). */
  shopPort?: number | undefined;
  logger: Logger;
  /** The payment service provider behind its port (decision 0018). */
  payments: PaymentProvider;
  /** The networks' transport cards behind their port (decision 0032). */
  cards: CardRegistry;
  /** The networks' OpenID providers, which the shop signs riders in with (decision 0044). */
  signInProviders: SignInProviders;
  /** Signs the wallet's tickets and publishes each network's keys (decision 0030). */
  ticketSigner: TicketSigner;
  /** This service's origin as the payment provider reaches it, for notifications. */
  publicUrl: string;
  /** Background jobs (instalment debits, order emails); absent where none run. */
  jobs?: Pick<JobQueue<AppJobs>, 'send'> | undefined;
  /** The proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES: the tenant service). */
  trustProxy: TrustProxy;
  /** Where document files are kept (decision 0033); the database when left out. */
  documentStorage?: FileStorage | undefined;
  /** Checks documents automatically where a network has such a service; staff decide when left out. */
  qualificationProvider?: QualificationProvider | undefined;
  /** Whether the database answers (GET /healthz). */
  pingDatabase(): Promise<boolean>;
};
