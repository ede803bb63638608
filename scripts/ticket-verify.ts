// `npm run ticket:verify -- <code> --network-id <id> [--keys <jwks.json | url>] [--api <url>] [--at <ISO>]`:
// a code's verdict for the staff of network <id>, which is required (decisions 0030, 0040). The logic
// is the sdk's ticket-verify-command; this supplies files, the networks known in tenants/ (names,
// request-signing keys, time zones), and the exit status.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTicketVerify } from '@transit-shop/sdk/tickets/ticket-verify-command';
import { networkFileSchema } from '@transit-shop/tenancy';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The networks of tenants/<slug>/network.json: id, name, request-signing key and time zone. */
async function networks() {
  const tenantsDir = join(root, 'tenants');
  const found = [];
  for (const entry of await readdir(tenantsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const text = await readFile(join(tenantsDir, entry.name, 'network.json'), 'utf8').catch(() => null);
    const parsed = text === null ? null : networkFileSchema.safeParse(JSON.parse(text));
    if (parsed?.success) {
      const { id, name, signingKey, timeZone } = parsed.data;
      found.push({ id, name, signingKey, timeZone });
    }
  }
  return found;
}

process.exitCode = await runTicketVerify(process.argv.slice(2), {
  readTextFile: (path) => readFile(resolve(process.cwd(), path), 'utf8'),
  networks,
  now: () => new Date(),
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
});
