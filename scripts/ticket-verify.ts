// `npm run ticket:verify -- <code> --network-id <id> [--keys <jwks.json>] [--api <url>] [--at <ISO>]`:
// a code's verdict for the staff of network <id>, which is required (decision 0030). The logic is the
// sdk's ticket-verify-command; this supplies files, the networks' signing keys from tenants/, and the
// exit status.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTicketVerify } from '@transit-shop/sdk/tickets/ticket-verify-command';
import { networkFileSchema } from '@transit-shop/tenancy';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The request-signing key and time zone of the network with this id, from tenants/<slug>/network.json. */
async function networkOf(networkId: number) {
  const tenantsDir = join(root, 'tenants');
  for (const entry of await readdir(tenantsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const text = await readFile(join(tenantsDir, entry.name, 'network.json'), 'utf8').catch(() => null);
    const parsed = text === null ? null : networkFileSchema.safeParse(JSON.parse(text));
    if (parsed?.success && parsed.data.id === networkId)
      return { signingKey: parsed.data.signingKey, timeZone: parsed.data.timeZone };
  }
  return null;
}

process.exitCode = await runTicketVerify(process.argv.slice(2), {
  readTextFile: (path) => readFile(resolve(process.cwd(), path), 'utf8'),
  networkOf,
  now: () => new Date(),
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
});
