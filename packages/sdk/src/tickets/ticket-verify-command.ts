// `npm run ticket:verify` (decisions 0030, 0040): a network's staff check a code offline and read
// the verdict in plain English. Arguments, where the keys come from (a JWK Set file or address such
// as a network's /.well-known/jwks.json, or the ticket API's wallet/keys, signed like every call),
// whose key signed a code the checking network does not publish, and the printout; the script only
// supplies files, the networks known here and fetch.
import { decodeProtectedHeader } from 'jose';
import { createTicketClient } from '../client/ticket-client.ts';
import { walletKeysCall } from '../contract/wallet.ts';
import { networkInstantText, shownEndOf } from '../time/network-instant.ts';
import { verifyCompactEs256 } from './compact-es256.ts';
import {
  readTicketClaims,
  type TicketClaims,
  type TicketKeySet,
  type TicketRefusal,
  type TicketVerdict,
  ticketKeySetSchema,
  verifyTicketCode,
} from './ticket-token.ts';

export const DEFAULT_TICKET_API = 'http://127.0.0.1:8081';

export const TICKET_VERIFY_USAGE = [
  'usage: npm run ticket:verify -- <code> --network-id <id> [--keys <jwks.json | address>] [--api <base url>] [--at <ISO instant>]',
  '  --network-id  required: the id of the network checking (tenants/<slug>/network.json); a ticket of another is refused',
  '  --keys        the network’s published keys: a JWK Set file, or its address',
  '                (https://<the network’s domain>/.well-known/jwks.json); default: fetched from the ticket API',
  `  --api         the ticket API’s base URL (default ${DEFAULT_TICKET_API})`,
  '  --at          the instant of the check (default: now)',
  'exit status: 0 valid, 1 refused, 2 usage error or no keys to check with',
].join('\n');

/** Exit statuses: a valid ticket, a refused one, no verdict (usage, keys unavailable). */
export const VERIFY_EXIT = { valid: 0, refused: 1, usage: 2 } as const;

/** Why a code is refused, as staff read it. */
export const REFUSAL_EXPLANATIONS: Record<TicketRefusal, string> = {
  MALFORMED: 'this is not a ticket code (damaged, incomplete or not from this system)',
  UNKNOWN_KEY: 'signed with a key the network does not publish (forged, or the key was retired)',
  BAD_SIGNATURE: 'the signature does not match the ticket (altered or forged)',
  OTHER_NETWORK: 'another network’s ticket',
  DEVICE_PROOF_MISSING: 'shown without the phone’s proof (a copy of the code, not the wallet)',
  DEVICE_PROOF_INVALID: 'the phone’s proof is not from the phone the ticket is bound to',
  DEVICE_PROOF_STALE:
    'the phone’s proof is too old or from the future (a screenshot, or the phone’s clock is wrong)',
  NOT_ACTIVATED: 'not activated: the traveller must activate it in the wallet before travelling',
  NOT_YET_VALID: 'not valid yet',
  EXPIRED: 'its validity has ended',
};

export type TicketVerifyOptions = {
  readonly code: string;
  /** The network checking: never the code's own, unverified claim. */
  readonly networkId: number;
  readonly keysFile: string | null;
  readonly api: string;
  readonly at: Date | null;
};

export type ParsedVerifyArguments =
  | { readonly ok: true; readonly options: TicketVerifyOptions }
  | { readonly ok: false; readonly error: string };

const OPTIONS = ['network-id', 'keys', 'api', 'at'] as const;
type OptionName = (typeof OPTIONS)[number];
const isOption = (name: string): name is OptionName => (OPTIONS as readonly string[]).includes(name);

/** The command's arguments: one code, each option at most once with its value. */
export function parseTicketVerifyArguments(argv: readonly string[]): ParsedVerifyArguments {
  const values = new Map<OptionName, string>();
  const codes: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (!argument.startsWith('--')) {
      codes.push(argument);
      continue;
    }
    const [name = '', inline] = argument.slice(2).split(/=(.*)/s, 2);
    if (!isOption(name)) return { ok: false, error: `unknown option ${argument}` };
    if (values.has(name)) return { ok: false, error: `--${name} given twice` };
    let value = inline;
    if (value === undefined) {
      index += 1;
      value = argv[index];
    }
    if (value === undefined || value === '') return { ok: false, error: `--${name} needs a value` };
    values.set(name, value);
  }
  if (codes.length !== 1 || codes[0]?.trim() === '')
    return { ok: false, error: codes.length === 0 ? 'no code given' : 'give exactly one code' };
  const networkText = values.get('network-id');
  if (networkText === undefined)
    return {
      ok: false,
      error:
        '--network-id is required: the id of the network checking (a code’s own network claim is not trusted)',
    };
  const networkId = Number(networkText);
  if (!/^\d+$/.test(networkText) || !Number.isSafeInteger(networkId) || networkId < 1)
    return { ok: false, error: `--network-id must be a network id, not ${networkText}` };
  let at: Date | null = null;
  const atText = values.get('at');
  if (atText !== undefined) {
    at = new Date(atText);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(atText) || !Number.isFinite(at.getTime()))
      return { ok: false, error: `--at must be an ISO instant such as 2026-11-27T10:00:00Z, not ${atText}` };
  }
  const api = values.get('api') ?? DEFAULT_TICKET_API;
  if (!URL.canParse(api) || !/^https?:$/.test(new URL(api).protocol))
    return { ok: false, error: `--api must be an http(s) URL, not ${api}` };
  return {
    ok: true,
    options: { code: codes[0] ?? '', networkId, keysFile: values.get('keys') ?? null, api, at },
  };
}

/**
 * An instant on the network's clock when its zone is known (as staff read it), else in UTC; an end
 * at midnight as the last minute of its day, as the wallet and the attestation show it.
 */
function shownAt(at: Date, timeZone: string | null, end = false): string {
  if (timeZone === null) return at.toISOString().replace('.000Z', 'Z');
  const text = networkInstantText(at, timeZone);
  const shown = end ? shownEndOf(text) : text;
  return `${shown.slice(0, 10)} ${shown.slice(11, 19)} ${shown.slice(-6)}`;
}

function claimLines(claims: TicketClaims, timeZone: string | null): string[] {
  const instant = (seconds: number | null, end = false) =>
    seconds === null ? null : shownAt(new Date(seconds * 1000), timeZone, end);
  const from = instant(claims.from);
  const to = instant(claims.to, true);
  const until = instant(claims.until, true);
  const window = from && to ? `${from} to ${to}` : 'not activated';
  return [
    `  product:    ${claims.pid}`,
    `  traveller:  ${claims.trv || '(no name)'}`,
    `  validity:   ${window}${until ? `; may be activated until ${until}` : ''}`,
    `  journeys:   ${claims.jrn === null ? 'not counted' : `${claims.jrn} left`}`,
    `  held:       ${claims.prn ? 'printed (no phone)' : 'on the phone it is bound to'}`,
    `  network:    ${claims.net}; ticket ${claims.tid}, binding ${claims.gen}`,
  ];
}

/** The key id a code names, read without trusting it. */
function keyIdOf(code: string): string | null {
  try {
    const kid = decodeProtectedHeader(code.trim().split('~')[0] ?? '').kid;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

/** A network as this machine knows it (tenants/<slug>/network.json). */
export type KnownNetwork = {
  readonly id: number;
  readonly name: string;
  /** The request-signing key its calls are signed with. */
  readonly signingKey: string;
  readonly timeZone: string;
};

/** The verdict as staff read it: the answer first, then what the ticket says. */
export function ticketVerdictLines(
  verdict: TicketVerdict,
  code: string,
  checkedAt: Date,
  timeZone: string | null = null,
  /** The network whose ticket it is, when a refusal names one. */
  owner: Pick<KnownNetwork, 'id' | 'name'> | null = null,
): string[] {
  const at = `  checked at: ${shownAt(checkedAt, timeZone)}`;
  if (verdict.valid)
    return [
      `VALID${verdict.printed ? ' (printed ticket)' : ' (device proof checked)'}`,
      ...claimLines(verdict.claims, timeZone),
      `  key:        ${verdict.keyId}`,
      at,
    ];
  const kid = keyIdOf(code);
  const whose = owner ? `: ${owner.name} (network ${owner.id})` : '';
  const lines = [`REFUSED: ${REFUSAL_EXPLANATIONS[verdict.reason]}${whose} [${verdict.reason}]`];
  if (verdict.claims) {
    if (verdict.reason === 'UNKNOWN_KEY')
      lines.push('  what the ticket claims (its signature could not be checked):');
    lines.push(...claimLines(verdict.claims, timeZone));
  }
  if (kid) lines.push(`  key:        ${kid}`);
  return [...lines, at];
}

export type TicketVerifyDependencies = {
  readonly readTextFile: (path: string) => Promise<string>;
  /** The networks this machine knows, with their request-signing keys and time zones. */
  readonly networks: () => Promise<readonly KnownNetwork[]>;
  readonly fetch?: typeof globalThis.fetch;
  readonly now: () => Date;
  readonly print: (line: string) => void;
  readonly printError: (line: string) => void;
};

type KeysFound =
  | { readonly ok: true; readonly keys: TicketKeySet }
  | { readonly ok: false; readonly error: string };

/** A JWK Set of ticket keys, read from JSON text; null when it is not one. */
function keySetOf(text: string): TicketKeySet | null {
  try {
    const parsed = ticketKeySetSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The keys --keys names: a JWK Set file, or the address of one (a network's well-known address). */
async function givenKeys(source: string, deps: TicketVerifyDependencies): Promise<KeysFound> {
  let text: string;
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await (deps.fetch ?? globalThis.fetch)(source, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      text = await response.text();
    } else text = await deps.readTextFile(source);
  } catch (error) {
    return { ok: false, error: `cannot read ${source}: ${(error as Error).message}` };
  }
  const keys = keySetOf(text);
  return keys ? { ok: true, keys } : { ok: false, error: `${source} is not a JWKS of ES256 ticket keys` };
}

/** A network's keys from the ticket API's wallet/keys, signed like every call (spec 02 "Request signing"). */
async function publishedKeysOf(
  network: KnownNetwork,
  api: string,
  deps: TicketVerifyDependencies,
): Promise<KeysFound> {
  const client = createTicketClient({
    baseUrl: api,
    signingKey: network.signingKey,
    networkId: network.id,
    cacheTtlMs: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  try {
    return { ok: true, keys: await client.call(walletKeysCall, { networkId: network.id }) };
  } catch (error) {
    return {
      ok: false,
      error: `cannot fetch the keys of network ${network.id} from ${api}: ${(error as Error).message}`,
    };
  }
}

async function keysFor(
  options: TicketVerifyOptions,
  network: KnownNetwork | null,
  deps: TicketVerifyDependencies,
): Promise<KeysFound> {
  if (options.keysFile !== null) return givenKeys(options.keysFile, deps);
  if (network === null)
    return {
      ok: false,
      error: `network ${options.networkId} is unknown here: give --keys with its published keys`,
    };
  return publishedKeysOf(network, options.api, deps);
}

/**
 * The other network known here that publishes the key a code is signed with, and the claims that
 * key verifies; null when none does (or their keys cannot be had: the verdict stays UNKNOWN_KEY).
 */
async function signingNetwork(
  code: string,
  options: TicketVerifyOptions,
  networks: readonly KnownNetwork[],
  deps: TicketVerifyDependencies,
): Promise<{ network: KnownNetwork; claims: TicketClaims | null } | null> {
  const kid = keyIdOf(code);
  const token = code.trim().split('~')[0] ?? '';
  if (kid === null) return null;
  for (const network of networks) {
    if (network.id === options.networkId) continue;
    const found = await publishedKeysOf(network, options.api, deps);
    const key = found.ok ? found.keys.keys.find((candidate) => candidate.kid === kid) : undefined;
    if (!key) continue;
    try {
      await verifyCompactEs256(token, key);
    } catch {
      return null;
    }
    return { network, claims: readTicketClaims(token) };
  }
  return null;
}

/** Runs the command; answers its exit status. */
export async function runTicketVerify(
  argv: readonly string[],
  deps: TicketVerifyDependencies,
): Promise<number> {
  const parsed = parseTicketVerifyArguments(argv);
  if (!parsed.ok) {
    deps.printError(parsed.error);
    deps.printError(TICKET_VERIFY_USAGE);
    return VERIFY_EXIT.usage;
  }
  const { options } = parsed;
  const networks = await deps.networks();
  const checking = networks.find((network) => network.id === options.networkId) ?? null;
  const found = await keysFor(options, checking, deps);
  if (!found.ok) {
    deps.printError(found.error);
    return VERIFY_EXIT.usage;
  }
  const now = options.at ?? deps.now();
  let verdict = await verifyTicketCode(options.code, {
    keys: found.keys,
    now,
    network: options.networkId,
  });
  // A key the network does not publish may be one another network does: that network's ticket.
  let owner: KnownNetwork | null = null;
  if (!verdict.valid && verdict.reason === 'UNKNOWN_KEY') {
    const signing = await signingNetwork(options.code, options, networks, deps);
    if (signing) {
      owner = signing.network;
      verdict = { valid: false, reason: 'OTHER_NETWORK', claims: signing.claims };
    }
  } else if (!verdict.valid && verdict.reason === 'OTHER_NETWORK' && verdict.claims)
    owner = networks.find((network) => network.id === verdict.claims?.net) ?? null;
  // Times on the clock of the network checking.
  const lines = ticketVerdictLines(verdict, options.code, now, checking?.timeZone ?? null, owner);
  for (const line of lines) deps.print(line);
  return verdict.valid ? VERIFY_EXIT.valid : VERIFY_EXIT.refused;
}
