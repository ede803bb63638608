import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { IN_MEMORY_DATA_DIR } from '../../env.ts';
import {
  decodeHeader,
  koOf,
  nextMail,
  okOf,
  partsOf,
  registerAndLogin,
  useSmtpCapture,
} from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { createTestApp, LUMIERE_ID, type TestApp, useTestApp } from '../../test-support/test-app.ts';
import { testPostgresUrl } from '../../test-support/test-database.ts';
import { sweepRateLimits } from '../account/rate-limit.ts';
import type { RegistryCardRecord } from '../card-registry/card-registry.ts';
import { createSession } from '../sessions/create-session.ts';
import { ACCOUNT_PROOF_TRIES, ADDRESS_PROOF_TRIES, CARD_PROOF_TRIES } from './card-holding.ts';
import { LINKS_PER_DAY, LIVE_LINKS_MAX } from './register-media.ts';

const LAKESIDE_ID = 103;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOLDER_BIRTH_DATE = '1988-05-13';

// The tries are counted in the database from Date, which follows the fake clock here.
const testApp = useTestApp({ fakeDate: true });
const smtp = useSmtpCapture(testApp);

type Customer = { user: { id: number }; token: string };

let addresses = 0;
/** A client address of the test's own, so its tries count against no other test's. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A card of the network's registry no other test knows, its holder born HOLDER_BIRTH_DATE. */
const freshCard = (app: TestApp, networkId = LUMIERE_ID) =>
  app.demoCards.issueCard(
    networkId,
    { holderName: 'Inès Martin', holderBirthDate: HOLDER_BIRTH_DATE, expiresOn: '2031-12-31' },
    app.clock.now(),
  );

const signIn = (app: TestApp, networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({ db: app.deps.db, clock: app.clock, policy: app.deps.sessionPolicy, networkId, user });

/** A new session of an account on a network (after the clock moved past the last one). */
const sessionOn = async (app: TestApp, userId: number, networkId: number) =>
  (
    await createSession({
      db: app.deps.db,
      clock: app.clock,
      policy: app.deps.sessionPolicy,
      userId,
      networkId,
    })
  ).token;

const link = (
  app: TestApp,
  customer: Customer,
  proof: { number: string; birthDate?: string; printedCode?: string },
  address: string,
  networkId = LUMIERE_ID,
) =>
  app.call(
    MEDIA_CALLS.registerMedia,
    {
      userToken: customer.token,
      userId: customer.user.id,
      networkId,
      mediaNumber: proof.number,
      ...(proof.birthDate ? { mediaCustomerBirthDate: proof.birthDate } : {}),
      ...(proof.printedCode ? { mediaPrintedCode: proof.printedCode } : {}),
    },
    { from: { forwardedFor: address } },
  );

const search = (app: TestApp, number: string, birthDate: string, address: string) =>
  app.call(
    MEDIA_CALLS.searchLocalMediaForSignin,
    { mediaNumber: number, mediaCustomerBirthDate: birthDate, networkId: LUMIERE_ID },
    { from: { forwardedFor: address } },
  );

/** A call's outcome as the caller sees it: its status and code, or what it found. */
async function outcomeOf(response: Response): Promise<string> {
  const body = (await response.json()) as {
    status: string;
    response: { error?: { code: string }; result?: string; media?: unknown };
  };
  if (body.status === 'ko') return `${response.status} ${body.response.error?.code}`;
  return body.response.result ? `found ${body.response.result}` : 'linked';
}

/**
 * Twenty wrong birth dates for a card sent at once, from four accounts (each with no more guesses in
 * flight than the new links a day allow it) and twenty addresses, to the apps in turn.
 */
async function guessAtOnce(apps: TestApp[], number: string): Promise<string[]> {
  const [first] = apps as [TestApp];
  const accounts = await Promise.all([signIn(first), signIn(first), signIn(first), signIn(first)]);
  return Promise.all(
    walkedDates(20).map(async (date, index) =>
      outcomeOf(
        await link(
          apps[index % apps.length] as TestApp,
          accounts[index % accounts.length] as Customer,
          { number, birthDate: date },
          newAddress(),
        ),
      ),
    ),
  );
}

/** The birth dates an attacker walks, one a day from 1 January 1988: the holder's is the 134th. */
function walkedDates(count: number): string[] {
  const start = Date.UTC(1988, 0, 1);
  return Array.from({ length: count }, (_, day) => new Date(start + day * DAY_MS).toISOString().slice(0, 10));
}

describe('birth dates tried on a card', () => {
  it('walking the dates from several accounts and addresses, with both calls, never finds the holder’s past five wrong ones, and the right date is then refused alike', async () => {
    const app = testApp.current;
    const card = await freshCard(app);
    const accounts = await Promise.all([signIn(app), signIn(app), signIn(app)]);
    const dates = walkedDates(140);
    expect(dates.indexOf(HOLDER_BIRTH_DATE)).toBe(133);
    const outcomes: string[] = [];
    for (const [index, date] of dates.entries()) {
      // Each try from another address; every third a card sign-in search, the others links.
      const account = accounts[index % accounts.length] as Customer;
      const address = newAddress();
      const response =
        index % 3 === 2
          ? await search(app, card.number, date, address)
          : await link(app, account, { number: card.number, birthDate: date }, address);
      outcomes.push(await outcomeOf(response));
    }
    expect(outcomes.slice(0, CARD_PROOF_TRIES.maxHits)).toEqual(
      Array(CARD_PROOF_TRIES.maxHits).fill('409 MEDIA_BIRTH_DATE_MISMATCH'),
    );
    // Past the fifth, every date is refused alike, the holder's included.
    expect(new Set(outcomes.slice(CARD_PROOF_TRIES.maxHits))).toEqual(new Set(['429 MEDIA_TRIES_EXHAUSTED']));
    const right = await koOf(
      await link(
        app,
        accounts[0] as Customer,
        { number: card.number, birthDate: HOLDER_BIRTH_DATE },
        newAddress(),
      ),
    );
    const wrong = await koOf(
      await link(
        app,
        accounts[0] as Customer,
        { number: card.number, birthDate: '1988-05-14' },
        newAddress(),
      ),
    );
    expect(right).toEqual(wrong);
    expect(right).toMatchObject({ status: 429, details: { retryAfterSeconds: 24 * 60 * 60 } });
    expect(await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.number, card.number))).toEqual([]);

    // The next day the card's tries are back: the holder links it with the right date.
    app.clock.advance(DAY_MS);
    const holder = await signIn(app);
    await okOf(await link(app, holder, { number: card.number, birthDate: HOLDER_BIRTH_DATE }, newAddress()));
  });

  it('counts a try before checking it: parallel guesses get five answers and no more', async () => {
    const app = testApp.current;
    const card = await freshCard(app);
    const outcomes = await guessAtOnce([app], card.number);
    expect(outcomes.filter((outcome) => outcome === '409 MEDIA_BIRTH_DATE_MISMATCH')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === '429 MEDIA_TRIES_EXHAUSTED')).toHaveLength(15);
  });

  it('a right date takes its try back: the holder’s own searches never lock the card', async () => {
    const app = testApp.current;
    const card = await freshCard(app);
    // An account with its identity, which a card sign-in opens.
    const registered = await registerAndLogin(app);
    const holder = { user: { id: registered.user.userId }, token: registered.token };
    await okOf(await link(app, holder, { number: card.number, birthDate: HOLDER_BIRTH_DATE }, newAddress()));
    for (let wrong = 0; wrong < CARD_PROOF_TRIES.maxHits - 1; wrong += 1) {
      await search(app, card.number, '1990-01-01', newAddress());
    }
    for (let right = 0; right < 10; right += 1) {
      expect(await outcomeOf(await search(app, card.number, HOLDER_BIRTH_DATE, newAddress()))).toBe(
        'found ONE',
      );
    }
    expect(await outcomeOf(await search(app, card.number, '1990-01-01', newAddress()))).toBe(
      '409 MEDIA_BIRTH_DATE_MISMATCH',
    );
    expect(await outcomeOf(await search(app, card.number, HOLDER_BIRTH_DATE, newAddress()))).toBe(
      '429 MEDIA_TRIES_EXHAUSTED',
    );
  });

  it('one account’s wrong dates are limited across cards, and so are one address’s across accounts', async () => {
    const app = testApp.current;
    const cards: RegistryCardRecord[] = [];
    for (let index = 0; index < ADDRESS_PROOF_TRIES.maxHits + 1; index += 1) cards.push(await freshCard(app));
    const card = (index: number) => cards[index] as RegistryCardRecord;

    const account = await signIn(app);
    for (let index = 0; index < ACCOUNT_PROOF_TRIES.maxHits; index += 1) {
      expect(
        await outcomeOf(
          await link(app, account, { number: card(index).number, birthDate: '1990-01-01' }, newAddress()),
        ),
      ).toBe('409 MEDIA_BIRTH_DATE_MISMATCH');
    }
    // A card it never tried, with its right date, from a new address: the account waits.
    const next = card(ACCOUNT_PROOF_TRIES.maxHits);
    expect(
      await outcomeOf(
        await link(app, account, { number: next.number, birthDate: HOLDER_BIRTH_DATE }, newAddress()),
      ),
    ).toBe('429 MEDIA_TRIES_EXHAUSTED');

    const address = newAddress();
    for (let index = 0; index < ADDRESS_PROOF_TRIES.maxHits; index += 1) {
      const someone = await signIn(app);
      expect(
        await outcomeOf(
          await link(app, someone, { number: card(index).number, birthDate: '1991-01-01' }, address),
        ),
      ).toBe('409 MEDIA_BIRTH_DATE_MISMATCH');
    }
    const newcomer = await signIn(app);
    expect(
      await outcomeOf(
        await link(
          app,
          newcomer,
          { number: card(ADDRESS_PROOF_TRIES.maxHits).number, birthDate: HOLDER_BIRTH_DATE },
          address,
        ),
      ),
    ).toBe('429 MEDIA_TRIES_EXHAUSTED');
    // The same from another address links.
    await okOf(
      await link(
        app,
        newcomer,
        { number: card(ADDRESS_PROOF_TRIES.maxHits).number, birthDate: HOLDER_BIRTH_DATE },
        newAddress(),
      ),
    );
  });

  it('the linked holder is emailed in their language once the card’s tries are used up, and only then', async () => {
    const app = testApp.current;
    const card = await freshCard(app);
    const holder = await signIn(app, LUMIERE_ID, { locale: 'it', firstName: 'Giulia' });
    await okOf(await link(app, holder, { number: card.number, birthDate: HOLDER_BIRTH_DATE }, newAddress()));
    const stranger = await signIn(app);
    const seen = smtp.current.messages.length;
    for (let wrong = 0; wrong < CARD_PROOF_TRIES.maxHits - 1; wrong += 1) {
      await link(app, stranger, { number: card.number, birthDate: `1970-01-0${wrong + 1}` }, newAddress());
    }
    expect(smtp.current.messages).toHaveLength(seen);
    const lockedAt = app.clock.now();
    await link(app, stranger, { number: card.number, birthDate: '1970-02-01' }, newAddress());
    const mail = await nextMail(smtp.current, seen);
    expect(mail.envelope.to).toEqual([holder.user.email]);
    expect(decodeHeader(mail.headers.subject)).toBe(
      'Lumière Mobilités: alcuni tentativi sulla tua tessera di trasporto sono stati bloccati',
    );
    const { text } = partsOf(mail);
    const until = new Intl.DateTimeFormat('it', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    }).format(new Date(lockedAt.getTime() + DAY_MS));
    expect(text).toContain('Buongiorno Giulia,');
    expect(text).toContain(`che termina con ${card.number.slice(-4)}`);
    expect(text).toContain(`fino al ${until}`);
    expect(text).not.toContain(card.number);
    // Tries past the limit send nothing more.
    await link(app, stranger, { number: card.number, birthDate: '1970-03-01' }, newAddress());
    await search(app, card.number, '1970-04-01', newAddress());
    expect(smtp.current.messages).toHaveLength(seen + 1);
  });
});

describe('proof of holding a card on a network that hides the birth date', () => {
  it('a card is linked with the code printed on it, not by its number alone, so a stranger with the number cannot link it to block it', async () => {
    const app = testApp.current;
    const card = await freshCard(app, LAKESIDE_ID);
    if (!card.printedCode) throw new Error('an issued card has a printed code');
    const stranger = await signIn(app, LAKESIDE_ID);
    expect(
      await koOf(await link(app, stranger, { number: card.number }, newAddress(), LAKESIDE_ID)),
    ).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'mediaPrintedCode' }] },
    });
    const outcomes: string[] = [];
    for (let guess = 0; guess < CARD_PROOF_TRIES.maxHits + 2; guess += 1) {
      outcomes.push(
        await outcomeOf(
          await link(
            app,
            stranger,
            { number: card.number, printedCode: `GUESS${guess}` },
            newAddress(),
            LAKESIDE_ID,
          ),
        ),
      );
    }
    expect(outcomes).toEqual([
      ...Array(CARD_PROOF_TRIES.maxHits).fill('409 MEDIA_PRINTED_CODE_MISMATCH'),
      '429 MEDIA_TRIES_EXHAUSTED',
      '429 MEDIA_TRIES_EXHAUSTED',
    ]);
    app.clock.advance(DAY_MS);
    const holder = await signIn(app, LAKESIDE_ID);
    const linked = await okOf<{ media: { id: number } }>(
      await link(
        app,
        holder,
        { number: card.number, printedCode: card.printedCode },
        newAddress(),
        LAKESIDE_ID,
      ),
    );
    const [row] = await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.id, linked.media.id));
    expect(row?.proof).toBe('PRINTED_CODE');
  });

  it('a link made by number alone before proofs were recorded cannot report the card, and gives way to the holder’s link', async () => {
    const app = testApp.current;
    const card = await freshCard(app, LAKESIDE_ID);
    const squatter = await signIn(app, LAKESIDE_ID);
    const [legacy] = await app.deps.db
      .insert(mediaLinks)
      .values({
        networkId: LAKESIDE_ID,
        userId: squatter.user.id,
        number: card.number,
        providerId: card.providerId,
        linkedAt: app.clock.now(),
      })
      .returning();
    if (!legacy) throw new Error('no link');
    const report = (customer: Customer, mediaId: number) =>
      app.call(
        MEDIA_CALLS.reportMediaIncident,
        {
          userToken: customer.token,
          userId: customer.user.id,
          mediaId,
          kind: 'STOLEN',
        },
        { networkId: LAKESIDE_ID },
      );
    expect(await koOf(await report(squatter, legacy.id))).toMatchObject({
      status: 403,
      code: 'MEDIA_HOLDING_NOT_PROVEN',
    });
    expect((await app.demoCards.findCard(LAKESIDE_ID, card.number))?.incident).toBeNull();

    const holder = await signIn(app, LAKESIDE_ID);
    const linked = await okOf<{ media: { id: number } }>(
      await link(
        app,
        holder,
        { number: card.number, printedCode: card.printedCode ?? '' },
        newAddress(),
        LAKESIDE_ID,
      ),
    );
    const [ended] = await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.id, legacy.id));
    expect(ended?.removedAt).not.toBeNull();
    await okOf(await report(holder, linked.media.id));
    expect((await app.demoCards.findCard(LAKESIDE_ID, card.number))?.incident?.kind).toBe('STOLEN');
  });
});

describe('links per account', () => {
  it(`an account makes ${LINKS_PER_DAY.maxHits} new links a day on a network, and holds ${LIVE_LINKS_MAX} at most`, async () => {
    const app = testApp.current;
    const account = await signIn(app);
    const linkFresh = async (birthDate = HOLDER_BIRTH_DATE) =>
      link(app, account, { number: (await freshCard(app)).number, birthDate }, newAddress());
    for (let index = 0; index < LINKS_PER_DAY.maxHits - 1; index += 1) await okOf(await linkFresh());
    // A refused link is no link: it does not use up the day.
    expect((await koOf(await linkFresh('1990-01-01'))).code).toBe('MEDIA_BIRTH_DATE_MISMATCH');
    await okOf(await linkFresh());
    const today = await koOf(await linkFresh());
    expect(today).toMatchObject({ status: 429, code: 'MEDIA_LINKS_TODAY_EXHAUSTED' });
    expect(today.details?.retryAfterSeconds).toBe(24 * 60 * 60);

    app.clock.advance(DAY_MS);
    account.token = await sessionOn(app, account.user.id, LUMIERE_ID);
    for (let index = 0; index < LIVE_LINKS_MAX - LINKS_PER_DAY.maxHits; index += 1)
      await okOf(await linkFresh());
    expect(await koOf(await linkFresh())).toMatchObject({ status: 409, code: 'MEDIA_LINKS_TOO_MANY' });

    // Another network counts apart.
    const lakeside = await freshCard(app, LAKESIDE_ID);
    const onLakeside = { user: account.user, token: await sessionOn(app, account.user.id, LAKESIDE_ID) };
    await okOf(
      await link(
        app,
        onLakeside,
        { number: lakeside.number, printedCode: lakeside.printedCode ?? '' },
        newAddress(),
        LAKESIDE_ID,
      ),
    );
    // The next day there is still no room, until a card is removed.
    app.clock.advance(DAY_MS);
    account.token = await sessionOn(app, account.user.id, LUMIERE_ID);
    expect((await koOf(await linkFresh())).code).toBe('MEDIA_LINKS_TOO_MANY');
    const [first] = await app.deps.db
      .select()
      .from(mediaLinks)
      .where(eq(mediaLinks.userId, account.user.id))
      .orderBy(mediaLinks.id);
    await okOf(
      await app.call(MEDIA_CALLS.unregisterMedia, {
        userToken: account.token,
        userId: account.user.id,
        mediaId: first?.id,
      }),
    );
    await okOf(await linkFresh());
  });
});

describe('the counters', () => {
  it('are deleted by the sweep once their window has ended', async () => {
    const app = testApp.current;
    const { db } = app.deps;
    // Earlier tests' windows, ended since the clock moved on.
    await sweepRateLimits(db, app.clock.now());
    const card = await freshCard(app);
    await link(app, await signIn(app), { number: card.number, birthDate: '1990-01-01' }, newAddress());
    const counted = (await db.select().from(rateLimits)).length;
    expect(counted).toBeGreaterThan(0);
    expect(await sweepRateLimits(db, app.clock.now())).toBe(0);
    expect(await sweepRateLimits(db, new Date(app.clock.now().getTime() + DAY_MS + 1000))).toBe(counted);
    expect(await db.select().from(rateLimits)).toEqual([]);
  });
});

// Defined only in the project on PostgreSQL (vitest.config.ts): two processes cannot share PGlite.
if (testPostgresUrl())
  describe('two ticket API processes on one PostgreSQL database', () => {
    it('share the card’s count: tries on either refuse the card on both past five', async () => {
      const first = testApp.current;
      const url = first.database.driver.kind === 'postgres' ? first.database.driver.url : '';
      // A second app with a pool of its own on the same database, as a second process has.
      const handle = await createDatabase({ DATABASE_URL: url, DATA_DIR: IN_MEMORY_DATA_DIR });
      const second = await createTestApp({ database: { ...handle, drop: () => handle.close() } });
      second.clock.set(first.clock.now());
      try {
        expect(second.database.driver).not.toBe(first.database.driver);
        const card = await freshCard(first);
        // Guesses sent to either process in turn.
        const outcomes = await guessAtOnce([first, second], card.number);
        expect(outcomes.filter((outcome) => outcome === '409 MEDIA_BIRTH_DATE_MISMATCH')).toHaveLength(5);
        expect(outcomes.filter((outcome) => outcome === '429 MEDIA_TRIES_EXHAUSTED')).toHaveLength(15);
        for (const app of [first, second]) {
          expect(
            await outcomeOf(
              await link(
                app,
                await signIn(first),
                { number: card.number, birthDate: HOLDER_BIRTH_DATE },
                newAddress(),
              ),
            ),
          ).toBe('429 MEDIA_TRIES_EXHAUSTED');
        }
      } finally {
        await second.close();
      }
    });
  });
