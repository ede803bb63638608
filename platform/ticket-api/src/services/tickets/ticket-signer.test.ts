import { calculateJwkThumbprint, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app.ts';
import {
  createDatabaseTicketSigner,
  liveTicketKeys,
  retireTicketKey,
  rotateTicketKey,
  SIGNER_CACHE_MS,
  UNKNOWN_KID_RELOAD_MS,
} from './ticket-signer.ts';

const testApp = useTestApp();

const claimsOn = (net: number) => ({
  net,
  tid: 'AAAAAAAAAAAAAAAAAAAAAA',
  pid: 5101,
  trv: 'Ada Lovelace',
  from: null,
  to: null,
  until: null,
  jrn: 1,
  gen: 0,
  iat: 1_800_000_000,
});

// Each test signs on a network id of its own: the keys are per network.
let nextNetwork = 9000;
const aNetwork = () => {
  nextNetwork += 1;
  return nextNetwork;
};

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('the ticket signer over ticket_signing_keys', () => {
  it('makes a network’s key on first need, its kid the RFC 7638 thumbprint of the key it publishes', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const networkId = aNetwork();
    expect(await liveTicketKeys(db, networkId)).toEqual([]);
    const signer = createDatabaseTicketSigner({ db, clock });
    const published = await signer.publishedKeys(networkId);
    expect(published.keys).toHaveLength(1);
    const [key] = published.keys;
    if (!key) throw new Error('no key');
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }));
    expect(kidOf(await signer.sign(networkId, claimsOn(networkId)))).toBe(key.kid);
    // Another signer on the same table finds the key rather than making one.
    const other = createDatabaseTicketSigner({ db, clock });
    expect(await other.publishedKeys(networkId)).toEqual(published);
    expect(await liveTicketKeys(db, networkId)).toHaveLength(1);
  });

  it('a rotation: the newest key signs, both are published; a retired key is neither', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const networkId = aNetwork();
    const first = await rotateTicketKey(db, networkId, clock.now());
    clock.advanceMinutes(1);
    const second = await rotateTicketKey(db, networkId, clock.now());
    const signer = createDatabaseTicketSigner({ db, clock });
    expect(kidOf(await signer.sign(networkId, claimsOn(networkId)))).toBe(second.kid);
    expect((await signer.publishedKeys(networkId)).keys.map((key) => key.kid)).toEqual([
      second.kid,
      first.kid,
    ]);

    expect(await retireTicketKey(db, { networkId, kid: second.kid }, clock.now())).toBe('RETIRED');
    expect(await retireTicketKey(db, { networkId, kid: second.kid }, clock.now())).toBe('ALREADY_RETIRED');
    expect(await retireTicketKey(db, { networkId, kid: 'no-such-kid' }, clock.now())).toBe('UNKNOWN');
    const fresh = createDatabaseTicketSigner({ db, clock });
    expect(kidOf(await fresh.sign(networkId, claimsOn(networkId)))).toBe(first.kid);
    expect((await fresh.publishedKeys(networkId)).keys.map((key) => key.kid)).toEqual([first.kid]);
  });

  it('keeps a network’s keys for a minute: a rotation shows once that minute has passed', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const networkId = aNetwork();
    const signer = createDatabaseTicketSigner({ db, clock });
    const before = kidOf(await signer.sign(networkId, claimsOn(networkId)));
    const rotated = await rotateTicketKey(db, networkId, clock.now());
    clock.advance(SIGNER_CACHE_MS - 1);
    expect(kidOf(await signer.sign(networkId, claimsOn(networkId)))).toBe(before);
    clock.advance(1);
    expect(kidOf(await signer.sign(networkId, claimsOn(networkId)))).toBe(rotated.kid);
  });

  it('a network’s keys are its own', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const [one, two] = [aNetwork(), aNetwork()];
    const signer = createDatabaseTicketSigner({ db, clock });
    const kids = async (networkId: number) =>
      (await signer.publishedKeys(networkId)).keys.map((key) => key.kid);
    expect(await kids(one)).not.toEqual(await kids(two));
  });

  it('retires a key on the network named only: another network’s key id is refused and stays published', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const [mine, theirs] = [aNetwork(), aNetwork()];
    const own = await rotateTicketKey(db, mine, clock.now());
    const other = await rotateTicketKey(db, theirs, clock.now());
    expect(await retireTicketKey(db, { networkId: mine, kid: other.kid }, clock.now())).toBe('OTHER_NETWORK');
    expect((await liveTicketKeys(db, theirs)).map((key) => key.kid)).toEqual([other.kid]);
    expect(await retireTicketKey(db, { networkId: mine, kid: own.kid }, clock.now())).toBe('RETIRED');
    expect(await liveTicketKeys(db, mine)).toEqual([]);
    expect(await retireTicketKey(db, { networkId: theirs, kid: own.kid }, clock.now())).toBe('OTHER_NETWORK');
  });

  it('instances making a network’s first key at the same time make one, and all sign with it', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const networkId = aNetwork();
    const signers = Array.from({ length: 4 }, () => createDatabaseTicketSigner({ db, clock }));
    const tokens = await Promise.all(signers.map((signer) => signer.sign(networkId, claimsOn(networkId))));
    const live = await liveTicketKeys(db, networkId);
    expect(live).toHaveLength(1);
    expect(tokens.map(kidOf)).toEqual(signers.map(() => live[0]?.kid));
    for (const signer of signers)
      expect((await signer.publishedKeys(networkId)).keys.map((key) => key.kid)).toEqual([live[0]?.kid]);
  });

  it('a key id it does not know makes the signer read the keys again before its minute is up, at most once a second', async () => {
    const {
      deps: { db },
      clock,
    } = testApp.current;
    const networkId = aNetwork();
    const checking = createDatabaseTicketSigner({ db, clock });
    const first = (await checking.publishedKeys(networkId)).keys.map((key) => key.kid);
    // Another instance signs with a newer key made after this one read the table.
    const newer = await rotateTicketKey(db, networkId, clock.now());
    clock.advance(UNKNOWN_KID_RELOAD_MS);
    const kids = async (kid?: string) =>
      (await checking.publishedKeys(networkId, { kid })).keys.map((key) => key.kid);
    expect(await kids(newer.kid)).toEqual([newer.kid, ...first]);
    expect(await kids()).toEqual([newer.kid, ...first]);
    // Read again just now: a code naming yet another key id does not read the table again.
    const newest = await rotateTicketKey(db, networkId, clock.now());
    expect(await kids(newest.kid)).toEqual([newer.kid, ...first]);
    clock.advance(UNKNOWN_KID_RELOAD_MS);
    expect(await kids(newest.kid)).toEqual([newest.kid, newer.kid, ...first]);
  });
});
