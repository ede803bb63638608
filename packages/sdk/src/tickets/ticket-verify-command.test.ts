import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_FIELD } from '../signing/canonical-string.ts';
import { verifySignature } from '../signing/sign.ts';
import {
  type EcPublicJwk,
  signDeviceProof,
  signTicketToken,
  type TicketClaims,
  ticketCode,
} from './ticket-token.ts';
import {
  parseTicketVerifyArguments,
  runTicketVerify,
  type TicketVerifyDependencies,
} from './ticket-verify-command.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const SIGNING_KEY = 'network-101-shared-key';
const NETWORKS = [
  { id: 101, name: 'Lumière Mobilités', signingKey: SIGNING_KEY, timeZone: 'Europe/Paris' },
  { id: 103, name: 'Lakeside Transit', signingKey: 'network-103-shared-key', timeZone: 'Europe/Zurich' },
];

async function publicJwkOf(key: CryptoKey): Promise<EcPublicJwk> {
  const { x, y }: JWK = await exportJWK(key);
  if (!x || !y) throw new Error('not an EC public key');
  return { kty: 'EC', crv: 'P-256', x, y };
}

async function setUp() {
  const network = await generateKeyPair('ES256', { extractable: true });
  const device = await generateKeyPair('ES256');
  const jwks = { keys: [{ kid: 'lumiere-2026-11', ...(await publicJwkOf(network.publicKey)) }] };
  const claims: TicketClaims = {
    net: 101,
    tid: 'AAAAAAAAAAAAAAAAAAAAAA',
    pid: 5101,
    trv: 'Camille Martin',
    from: seconds(NOW) - 600,
    to: seconds(NOW) + 3000,
    until: seconds(new Date('2027-11-27T23:00:00Z')),
    jrn: 9,
    gen: 0,
    iat: seconds(NOW),
    cnf: { jwk: await publicJwkOf(device.publicKey) },
  };
  const signingKey = { kid: 'lumiere-2026-11', privateKey: network.privateKey };
  const code = ticketCode(
    await signTicketToken(claims, signingKey),
    await signDeviceProof(claims.tid, device.privateKey, NOW),
  );
  const { cnf: _device, ...unbound } = claims;
  const printed = await signTicketToken({ ...unbound, prn: true }, signingKey);
  return { jwks, claims, code, printed };
}

/** The command's surroundings: files, known networks, the fetch boundary, and what it printed. */
function surroundings(options: { files?: Record<string, string>; fetch?: typeof globalThis.fetch } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const deps: TicketVerifyDependencies = {
    readTextFile: async (path) => {
      const text = options.files?.[path];
      if (text === undefined) throw new Error('no such file');
      return text;
    },
    networks: async () => NETWORKS,
    fetch:
      options.fetch ??
      (async () => {
        throw new Error('no network in this test');
      }),
    now: () => NOW,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  };
  return { deps, out: () => out.join('\n'), err: () => err.join('\n') };
}

describe('ticket:verify, its arguments', () => {
  it('reads a code and each option, spaced or with =', () => {
    expect(
      parseTicketVerifyArguments([
        'CODE',
        '--network-id',
        '101',
        '--keys=keys.json',
        '--api',
        'https://api.example.org/',
        '--at',
        '2026-11-27T10:00:00Z',
      ]),
    ).toEqual({
      ok: true,
      options: {
        code: 'CODE',
        networkId: 101,
        keysFile: 'keys.json',
        api: 'https://api.example.org/',
        at: new Date('2026-11-27T10:00:00Z'),
      },
    });
    expect(parseTicketVerifyArguments(['CODE', '--network-id', '101'])).toMatchObject({
      ok: true,
      options: { networkId: 101, keysFile: null, api: 'http://127.0.0.1:8081', at: null },
    });
  });

  it.each([
    [[], 'no code given'],
    [['A', 'B'], 'give exactly one code'],
    [['A', '--colour', 'red'], 'unknown option --colour'],
    [['A', '--keys'], '--keys needs a value'],
    [['A', '--at', 'a', '--at', 'b'], '--at given twice'],
    [
      ['A', '--keys', 'keys.json'],
      '--network-id is required: the id of the network checking (a code’s own network claim is not trusted)',
    ],
    [['A', '--network-id', 'lumiere'], '--network-id must be a network id, not lumiere'],
    [['A', '--network-id', '0'], '--network-id must be a network id, not 0'],
    [
      ['A', '--network-id', '101', '--at', 'tomorrow'],
      '--at must be an ISO instant such as 2026-11-27T10:00:00Z, not tomorrow',
    ],
    [
      ['A', '--network-id', '101', '--api', 'ftp://example.org'],
      '--api must be an http(s) URL, not ftp://example.org',
    ],
  ])('refuses %j: %s', (argv, error) => {
    expect(parseTicketVerifyArguments(argv)).toEqual({ ok: false, error });
  });
});

describe('ticket:verify, the verdict staff read', () => {
  it('prints a valid ticket with its product, traveller, window on the network’s clock, journeys, device binding and key; exit 0', async () => {
    const { jwks, code } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': JSON.stringify(jwks) } });
    expect(await runTicketVerify([code, '--keys', 'keys.json', '--network-id', '101'], deps)).toBe(0);
    expect(out()).toBe(
      [
        'VALID (device proof checked)',
        '  product:    5101',
        '  traveller:  Camille Martin',
        '  validity:   2026-11-27 10:50:00 +01:00 to 2026-11-27 11:50:00 +01:00; may be activated until 2027-11-27 23:59:00 +01:00',
        '  journeys:   9 left',
        '  held:       on the phone it is bound to',
        '  network:    101; ticket AAAAAAAAAAAAAAAAAAAAAA, binding 0',
        '  key:        lumiere-2026-11',
        '  checked at: 2026-11-27 11:00:00 +01:00',
      ].join('\n'),
    );
  });

  it('says a printed ticket is printed', async () => {
    const { jwks, printed } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': JSON.stringify(jwks) } });
    expect(await runTicketVerify([printed, '--keys', 'keys.json', '--network-id', '101'], deps)).toBe(0);
    expect(out()).toContain('VALID (printed ticket)');
    expect(out()).toContain('held:       printed (no phone)');
  });

  it('refuses with the reason in plain English at the instant --at names; exit 1', async () => {
    const { jwks, code } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': JSON.stringify(jwks) } });
    expect(
      await runTicketVerify(
        [code, '--keys', 'keys.json', '--network-id', '101', '--at', '2026-11-27T10:00:45Z'],
        deps,
      ),
    ).toBe(1);
    expect(out().split('\n')[0]).toBe(
      'REFUSED: the phone’s proof is too old or from the future (a screenshot, or the phone’s clock is wrong) [DEVICE_PROOF_STALE]',
    );
    expect(out()).toContain('  traveller:  Camille Martin');
    expect(out()).toContain('  checked at: 2026-11-27 11:00:45 +01:00');
  });

  it('refuses a ticket of another network than --network-id; exit 1', async () => {
    const { jwks, code } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': JSON.stringify(jwks) } });
    expect(await runTicketVerify([code, '--keys', 'keys.json', '--network-id', '102'], deps)).toBe(1);
    expect(out()).toContain(
      'REFUSED: another network’s ticket: Lumière Mobilités (network 101) [OTHER_NETWORK]',
    );
  });

  it('never checks a code against the network it claims: without --network-id there is no verdict, even for a valid code', async () => {
    const { jwks, code } = await setUp();
    const fetched: string[] = [];
    const { deps, out, err } = surroundings({
      files: { 'keys.json': JSON.stringify(jwks) },
      fetch: async (input) => {
        fetched.push(String(input));
        throw new Error('no network in this test');
      },
    });
    expect(await runTicketVerify([code, '--keys', 'keys.json'], deps)).toBe(2);
    expect(await runTicketVerify([code], deps)).toBe(2);
    expect(out()).toBe('');
    expect(fetched).toEqual([]);
    expect(err()).toContain('--network-id is required');
    expect(err()).toContain('--network-id <id>');
  });

  it('says what a ticket signed with an unpublished key claims, marked unchecked; in UTC for a network unknown here', async () => {
    const { code } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': '{"keys":[]}' } });
    expect(await runTicketVerify([code, '--keys', 'keys.json', '--network-id', '101'], deps)).toBe(1);
    expect(out()).toContain('[UNKNOWN_KEY]');
    expect(out()).toContain('its signature could not be checked');
    expect(out()).toContain('  key:        lumiere-2026-11');
    expect(out()).toContain('  checked at: 2026-11-27 11:00:00 +01:00');
    const elsewhere = surroundings({ files: { 'keys.json': '{"keys":[]}' } });
    expect(await runTicketVerify([code, '--keys', 'keys.json', '--network-id', '555'], elsewhere.deps)).toBe(
      1,
    );
    expect(elsewhere.out()).toContain('  checked at: 2026-11-27T10:00:00Z');
  });

  it('refuses text that is no code; exit 1', async () => {
    const { jwks } = await setUp();
    const { deps, out } = surroundings({ files: { 'keys.json': JSON.stringify(jwks) } });
    expect(await runTicketVerify(['hello', '--keys', 'keys.json', '--network-id', '101'], deps)).toBe(1);
    expect(out()).toContain('REFUSED: this is not a ticket code');
  });

  it('fetches the keys of the network checking from wallet/keys, signed with the network’s key', async () => {
    const { jwks, code } = await setUp();
    const asked: URL[] = [];
    const { deps } = surroundings({
      fetch: async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        asked.push(url);
        return new Response(JSON.stringify({ status: 'ok', response: jwks }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(
      await runTicketVerify([code, '--network-id', '101', '--api', 'https://tickets.example.org/api'], deps),
    ).toBe(0);
    expect(asked).toHaveLength(1);
    const [url = new URL('about:blank')] = asked;
    expect(`${url.origin}${url.pathname}`).toBe('https://tickets.example.org/api/wallet/keys');
    const query = Object.fromEntries(url.searchParams);
    expect(query.networkId).toBe('101');
    const { [SIGNATURE_FIELD]: signature = '', ...signed } = query;
    expect(await verifySignature({ ...signed, networkId: 101 }, signature, SIGNING_KEY)).toBe(true);
  });

  it.each([
    ['no code', [], 'no code given'],
    [
      'an unreadable keys file',
      ['CODE', '--network-id', '101', '--keys', 'missing.json'],
      'cannot read missing.json',
    ],
    [
      'a keys file that is no JWKS',
      ['CODE', '--network-id', '101', '--keys', 'bad.json'],
      'bad.json is not a JWKS',
    ],
    ['no network checking', ['CODE', '--keys', 'bad.json'], '--network-id is required'],
    ['a network unknown here', ['CODE', '--network-id', '999'], 'network 999 is unknown here'],
    [
      'keys the ticket API does not answer',
      ['CODE', '--network-id', '101'],
      'cannot fetch the keys of network 101',
    ],
  ])('gives no verdict for %s; exit 2', async (_case, argv, error) => {
    const { deps, out, err } = surroundings({ files: { 'bad.json': '{"keys":[{"kty":"RSA"}]}' } });
    expect(await runTicketVerify(argv, deps)).toBe(2);
    expect(err()).toContain(error);
    expect(out()).toBe('');
  });

  it('says a code signed by a key another network publishes is that network’s ticket, naming it; exit 1', async () => {
    const { jwks, code } = await setUp();
    const asked: number[] = [];
    // The ticket API answers each network's own keys: Lumière's (101) signed the code.
    const fetch: typeof globalThis.fetch = async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const networkId = Number(url.searchParams.get('networkId'));
      asked.push(networkId);
      const response = networkId === 101 ? jwks : { keys: [] };
      return new Response(JSON.stringify({ status: 'ok', response }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const { deps, out } = surroundings({ fetch });
    expect(await runTicketVerify([code, '--network-id', '103'], deps)).toBe(1);
    expect(out().split('\n')[0]).toBe(
      'REFUSED: another network’s ticket: Lumière Mobilités (network 101) [OTHER_NETWORK]',
    );
    expect(out()).toContain('  traveller:  Camille Martin');
    expect(out()).toContain('  key:        lumiere-2026-11');
    // On the clock of the network checking.
    expect(out()).toContain('  checked at: 2026-11-27 11:00:00 +01:00');
    expect(asked).toEqual([103, 101]);

    // A key id another network publishes, on a code its key did not sign: no network's ticket.
    const forged = `${code.split('.').slice(0, 2).join('.')}.${'A'.repeat(85)}Q`;
    const again = surroundings({ fetch });
    expect(await runTicketVerify([forged, '--network-id', '103'], again.deps)).toBe(1);
    expect(again.out()).toContain('[UNKNOWN_KEY]');
  });

  it('reads the keys from a JWK Set address such as a network’s /.well-known/jwks.json, unsigned', async () => {
    const { jwks, code } = await setUp();
    const asked: string[] = [];
    const { deps, out } = surroundings({
      fetch: async (input) => {
        asked.push(String(input));
        return new Response(JSON.stringify(jwks), { headers: { 'content-type': 'application/json' } });
      },
    });
    const address = 'https://shop.lumiere-mobilites.example/.well-known/jwks.json';
    expect(await runTicketVerify([code, '--network-id', '101', '--keys', address], deps)).toBe(0);
    expect(asked).toEqual([address]);
    expect(out().split('\n')[0]).toBe('VALID (device proof checked)');
  });
});
