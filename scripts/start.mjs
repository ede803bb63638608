#!/usr/bin/env node
// Starts the platform as a user does with `npm start`: builds the web app when it has not been
// built (or when asked), then runs the ticket API, the payment sandbox, the identity sandbox and the
// tenant service, which serves every demo network and forwards /api/* calls to the ticket API. If one
// stops, all stop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'platform', 'web', 'dist', 'index.html');
const skipBuild = process.env.SKIP_BUILD === '1' && existsSync(builtIndex);

if (!skipBuild) {
  console.log('Building the web app...');
  const build = spawnSync(
    'npx',
    ['turbo', 'run', 'build', '--filter=@transit-shop/web', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The ticket API listens on loopback beside the tenant service (port + 1 unless TICKET_API_PORT
// says otherwise); a TICKET_API_URL set by the caller points at a ticket API running elsewhere.
const tenantPort = Number(process.env.PORT || 8080);
const ticketApiPort = Number(process.env.TICKET_API_PORT || tenantPort + 1);
const ticketApiUrl = process.env.TICKET_API_URL || `http://127.0.0.1:${ticketApiPort}`;
const startTicketApi = !process.env.TICKET_API_URL;

// The payment sandbox stands in for the payment provider on its own origin (port + 10 unless
// PAYMENT_SANDBOX_PORT says otherwise); a PAYMENT_SANDBOX_URL set by the caller points at one running elsewhere.
const sandboxPort = Number(process.env.PAYMENT_SANDBOX_PORT || tenantPort + 10);
const sandboxUrl = process.env.PAYMENT_SANDBOX_URL || `http://127.0.0.1:${sandboxPort}`;
const startSandbox = !process.env.PAYMENT_SANDBOX_URL;

// The identity sandbox stands in for the networks' OpenID providers (their Keycloak realms and
// FranceConnect) on its own origin (port + 20 unless IDENTITY_SANDBOX_PORT says otherwise); an
// IDENTITY_SANDBOX_URL set by the caller points at one running elsewhere (decision 0044).
const identityPort = Number(process.env.IDENTITY_SANDBOX_PORT || tenantPort + 20);
const identityUrl = process.env.IDENTITY_SANDBOX_URL || `http://127.0.0.1:${identityPort}`;
const startIdentity = !process.env.IDENTITY_SANDBOX_URL;

const children = [];
function run(name, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'platform', name, 'src', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (stopping) {
      if (children.length === 0) process.exit(exitCode);
      return;
    }
    // One part stopped on its own: stop the other, and report the failure.
    exitCode = code ?? (signal ? 0 : 1);
    if (exitCode !== 0) console.error(`${entry} stopped (exit ${code ?? signal}); stopping the platform`);
    stop('SIGTERM');
  });
  return child;
}

let stopping = false;
let exitCode = 0;
function stop(signal) {
  stopping = true;
  if (children.length === 0) process.exit(exitCode);
  for (const child of children) child.kill(signal);
}

if (startSandbox) {
  // PAYMENT_SANDBOX_API_KEY, _WEBHOOK_SECRET and _SEPA_SETTLE_MS come with process.env when set.
  run('payment-sandbox', 'the payment sandbox', {
    ...process.env,
    PORT: String(sandboxPort),
    HOST: process.env.PAYMENT_SANDBOX_HOST || '127.0.0.1',
  });
}
if (startIdentity) {
  // TENANTS_DIR, IDENTITY_SANDBOX_ADMIN_KEY and the client secret variables come with process.env:
  // the sandbox serves the issuers the tenant files name, with the secrets the ticket API uses.
  run('identity-sandbox', 'the identity sandbox', {
    ...process.env,
    PORT: String(identityPort),
    HOST: process.env.IDENTITY_SANDBOX_HOST || '127.0.0.1',
    IDENTITY_SANDBOX_URL: identityUrl,
  });
}
if (startTicketApi) {
  // TENANTS_DIR, THEMES_DIR and WATCH_TENANTS come with process.env: the ticket API follows the
  // same tenant files as the tenant service (decision 0025).
  run('ticket-api', 'the ticket API', {
    ...process.env,
    PORT: String(ticketApiPort),
    HOST: process.env.TICKET_API_HOST || '127.0.0.1',
    // Links in emails point at the shops as served here (lumiere.localhost:8080...).
    SHOP_PORT: process.env.SHOP_PORT || String(tenantPort),
    // The two sandbox secrets, when set, come with process.env: both sides read the same variables.
    PAYMENT_SANDBOX_URL: sandboxUrl,
    // Put in place of the tenant files' ${IDENTITY_SANDBOX_URL} placeholder in the issuers.
    IDENTITY_SANDBOX_URL: identityUrl,
  });
}
run('tenant-service', 'the tenant service', { ...process.env, TICKET_API_URL: ticketApiUrl });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stop(signal));
}
