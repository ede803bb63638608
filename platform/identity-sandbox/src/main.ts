// Starts the identity sandbox: environment, the issuers the tenant files name, HTTP server, clean
// stop on SIGTERM and SIGINT.
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { onStopSignal } from '@transit-shop/service-kit/http-server';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import { publicUrlOf, readEnv } from './env.ts';
import { planIssuers } from './issuers/sandbox-issuers.ts';
import { createLogger } from './logger.ts';
import { createIdentitySandbox } from './sandbox.ts';
import { type ListeningServer, listen } from './server.ts';

const env = readEnvOrExit(readEnv);
const logger = createLogger({ level: env.LOG_LEVEL });

const tenants = await loadTenants({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR });
if (tenants.invalidSlugs.length > 0)
  logger.warn(
    { invalidSlugs: tenants.invalidSlugs, problems: tenants.problems },
    'networks with problems are left out (npm run tenant:validate lists them)',
  );
const plan = planIssuers(
  tenants.networks.map(({ network }) => network),
  env.variables,
);
for (const problem of plan.problems) logger.warn({ problem }, 'an authentication provider is left out');
if (plan.issuers.length === 0)
  logger.warn({ tenantsDir: env.TENANTS_DIR }, 'no network names an issuer of the identity sandbox');

let server: ListeningServer;
try {
  server = await listen({ port: env.PORT, hostname: env.HOST });
} catch (error) {
  logger.fatal({ err: error, port: env.PORT, host: env.HOST }, 'cannot listen');
  process.exit(1);
}
const publicUrl = publicUrlOf(env, server.port);
const sandbox = await createIdentitySandbox({
  publicUrl,
  issuers: plan.issuers,
  adminKey: env.IDENTITY_SANDBOX_ADMIN_KEY,
  logger,
});
server.serve(sandbox.handle);
logger.info(
  { port: server.port, host: env.HOST, publicUrl, issuers: sandbox.issuers.map((issuer) => issuer.url) },
  `listening on http://${env.HOST}:${server.port}/ (issuers under ${publicUrl})`,
);

onStopSignal(logger, async () => {
  await server.close();
  logger.info('stopped');
  process.exit(0);
});
