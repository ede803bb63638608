// `npm run ticket:verify` (decision 0030): a network's staff check a code offline and read the
// verdict in plain English. Arguments, where the keys come from (a JWKS file, or the ticket API's
// wallet/keys, signed like every call) and the printout; the script only supplies files and fetch.
import { decodeProtectedHeader } from 'jose';
import { createTicketClient } from '../client/ticket-client.ts';
import { walletKeysCall } from '../contract/wallet.ts';
import { networkInstantText, shownEndOf } from '../time/network-instant.ts';
import {
  type TicketClaims,
  type TicketKeySet,
  type TicketRefusal,
  type TicketVerdict,
  ticketKeySetSchema,
  verifyTicketCode,
} from './ticket-token.ts';

export const DEFAULT_TICKET_API = 'http://127.0.0.1:8081';

export const TICKET_VERIFY_USAGE = [
  'usage: npm run ticket:verify -- <code> --network-id <id> [--keys <jwks.json>] [--api <base url>] [--at <ISO instant>]',
  '  --network-id  required: the id of the network checking (tenants/<slug>/network.json); a ticket of another is refused',
  '  --keys        the network’s published keys (a JWKS file); default: fetched from the ticket API',
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
  OTHER_NETWORK: 'a ticket of another network',
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

/** The verdict as staff read it: the answer first, then what the ticket says. */
export function ticketVerdictLines(
  verdict: TicketVerdict,
  code: string,
  checkedAt: Date,
  timeZone: string | null = null,
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
  const lines = [`REFUSED: ${REFUSAL_EXPLANATIONS[verdict.reason]} [${verdict.reason}]`];
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
  /** The network's request-signing key and time zone, null when this machine does not know it. */
  readonly networkOf: (networkId: number) => Promise<KnownNetwork | null>;
  readonly fetch?: typeof globalThis.fetch;
  readonly now: () => Date;
  readonly print: (line: string) => void;
  readonly printError: (line: string) => void;
};

export type KnownNetwork = { readonly signingKey: string; readonly timeZone: string };

type KeysFound =
  | { readonly ok: true; readonly keys: TicketKeySet }
  | { readonly ok: false; readonly error: string };

async function keysFor(options: TicketVerifyOptions, deps: TicketVerifyDependencies): Promise<KeysFound> {
  const { networkId } = options;
  if (options.keysFile !== null) {
    let json: unknown;
    try {
      json = JSON.parse(await deps.readTextFile(options.keysFile));
    } catch (error) {
      return { ok: false, error: `cannot read ${options.keysFile}: ${(error as Error).message}` };
    }
    const parsed = ticketKeySetSchema.safeParse(json);
    return parsed.success
      ? { ok: true, keys: parsed.data }
      : { ok: false, error: `${options.keysFile} is not a JWKS of ES256 ticket keys` };
  }
  const signingKey = (await deps.networkOf(networkId))?.signingKey ?? null;
  if (signingKey === null)
    return { ok: false, error: `network ${networkId} is unknown here: give --keys with its published keys` };
  // wallet/keys is signed like every call of the ticket API (spec 02 "Request signing").
  const client = createTicketClient({
    baseUrl: options.api,
    signingKey,
    networkId,
    cacheTtlMs: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  try {
    return { ok: true, keys: await client.call(walletKeysCall, { networkId }) };
  } catch (error) {
    return {
      ok: false,
      error: `cannot fetch the keys of network ${networkId} from ${options.api}: ${(error as Error).message}`,
    };
  }
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
  const found = await keysFor(options, deps);
  if (!found.ok) {
    deps.printError(found.error);
    return VERIFY_EXIT.usage;
  }
  const now = options.at ?? deps.now();
  const verdict = await verifyTicketCode(options.code, {
    keys: found.keys,
    now,
    network: options.networkId,
  });
  // Times on the clock of the network checking.
  const timeZone = (await deps.networkOf(options.networkId))?.timeZone ?? null;
  for (const line of ticketVerdictLines(verdict, options.code, now, timeZone)) deps.print(line);
  return verdict.valid ? VERIFY_EXIT.valid : VERIFY_EXIT.refused;
}
