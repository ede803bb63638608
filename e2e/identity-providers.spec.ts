// Sign-in through a network's OpenID providers, against the identity sandbox (decision 0044): a
// network's Keycloak on Lakeside and FranceConnect on Lumière; the details FranceConnect gives kept
// read-only, no phone ticket after a FranceConnect sign-in, link, replace and unlink, the logout at
// the provider before the shop's, a traveller given a sign-in of their own, and axe on the new pages.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { createSandboxUser } from '@transit-shop/identity-sandbox/admin-client';
import { MESSAGES } from '@transit-shop/identity-sandbox/messages';
import {
  expectSignedIn,
  field,
  newAccount,
  PASSWORD,
  register,
  shopUrl,
  signIn,
} from './support/accounts.ts';
import { seriousViolationsInBothSchemes } from './support/axe.ts';
import { IDENTITY_SANDBOX_URL } from './support/platform.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const ADMIN_KEY = 'identity-sandbox-development-admin-key';
const SANDBOX_PASSWORD = 'Sandbox-Pass-2026';
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A user of a Keycloak-like realm of the sandbox, made for the test. */
async function realmUser(realm: 'lakeside' | 'lumiere', givenName: string, familyName: string) {
  const username = `rider-${unique()}`;
  await createSandboxUser(`${IDENTITY_SANDBOX_URL}/realms/${realm}`, ADMIN_KEY, {
    username,
    password: SANDBOX_PASSWORD,
    claims: { given_name: givenName, family_name: familyName, email: `${username}@example.org` },
  });
  return { username, givenName, familyName };
}

/** A user of the FranceConnect-like provider, with a pivot identity. */
async function franceConnectUser() {
  const username = `fc-${unique()}`;
  await createSandboxUser(`${IDENTITY_SANDBOX_URL}/franceconnect`, ADMIN_KEY, {
    username,
    password: SANDBOX_PASSWORD,
    claims: {
      given_name: 'Maëlle Anne',
      family_name: 'Rivière',
      birthdate: '1992-07-21',
      gender: 'female',
      birthplace: '75107',
      birthcountry: '99100',
      email: `${username}@example.org`,
    },
  });
  return { username, givenName: 'Maëlle Anne', familyName: 'Rivière' };
}

/**
 * Back from the provider, the shop exchanges the code, links (or signs in), reads the account again
 * and loads the next page's code before it shows: about 5 s alone on two shared cores, and over 10 s
 * once in a full run (the account page's render alone took up to 2.6 s).
 */
const BACK_FROM_PROVIDER = { timeout: 30_000 };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sandbox's sign-in heading in the shop page's language (the shop sends it as ui_locales), the
 * provider's name isolated from the sentence's direction.
 */
function sandboxHeading(locale: Locale, provider: string): RegExp {
  const [before = '', after = ''] = MESSAGES[locale].signInHeading('\u0000').split('\u0000');
  return new RegExp(`^${escapeRegExp(before)}\u2068?${escapeRegExp(provider)}\u2069?${escapeRegExp(after)}$`);
}

/** The sandbox's sign-in page for `provider`: the user types their username and password there. */
async function signInAtSandbox(
  page: Page,
  locale: Locale,
  provider: string,
  username: string,
): Promise<void> {
  const texts = MESSAGES[locale];
  await expect(page.getByRole('heading', { level: 1, name: sandboxHeading(locale, provider) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.getByLabel(texts.username).fill(username);
  await page.getByLabel(texts.password, { exact: true }).fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: texts.signIn, exact: true }).click();
}

/** Back at the shop once the return page has signed the rider in and moved on. */
async function expectBackSignedIn(page: Page, slug: string, locale: Locale): Promise<void> {
  await expect(page).toHaveURL(
    (url) => url.host.startsWith(`${slug}.localhost`) && !url.pathname.includes('/auth/'),
    BACK_FROM_PROVIDER,
  );
  await expectSignedIn(page, locale);
}

/** A traveller added to the signed-in account from its page; back on the account page after. */
async function addTraveller(
  page: Page,
  slug: string,
  locale: Locale,
  firstName: string,
  lastName: string,
): Promise<void> {
  const t = textsOf(locale);
  await page.goto(shopUrl(slug, locale, '/account/new'));
  await field(page, t.account.fields.firstName).fill(firstName);
  await field(page, t.account.fields.lastName).fill(lastName);
  await page.getByRole('button', { name: t.account.traveller.add }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.account.title })).toBeVisible();
}

async function signInWithFranceConnect(page: Page, locale: Locale, username: string): Promise<void> {
  const t = textsOf(locale);
  await page.goto(shopUrl('lumiere', locale, '/auth'));
  await page.getByRole('button', { name: t.auth.providers.franceConnect }).click();
  await signInAtSandbox(page, locale, 'FranceConnect (sandbox)', username);
  await expectBackSignedIn(page, 'lumiere', locale);
}

test.describe('sign-in with OpenID providers', () => {
  // Each test goes to the sandbox and back several times: two minutes on two shared cores.
  test.describe.configure({ timeout: 120_000 });

  test("NET-07 signs in with the network's Keycloak on Lakeside, and logs out there before the shop", async ({
    page,
  }) => {
    const t = textsOf('en');
    const rider = await realmUser('lakeside', 'Robin', 'Aebischer');
    await page.goto(shopUrl('lakeside', 'en', '/auth'));
    await page
      .getByRole('button', { name: fill(t.auth.providers.continueWith, { name: 'Lakeside ID' }) })
      .click();
    await signInAtSandbox(page, 'en', 'Lakeside ID', rider.username);
    await expectBackSignedIn(page, 'lakeside', 'en');

    // The account was made from the provider's details, and names the provider among its sign-in methods.
    await page.goto(shopUrl('lakeside', 'en', '/account'));
    await expect(field(page, t.account.fields.firstName)).toHaveValue('Robin');
    const methods = page.getByRole('region', { name: t.account.identities.title });
    await expect(methods.getByText(/Linked on/)).toBeVisible();

    // A traveller of the account gets an email and a password of their own from the holder.
    const traveller = { email: `lou-${unique()}@example.org`, password: PASSWORD };
    await addTraveller(page, 'lakeside', 'en', 'Lou', 'Aebischer');
    await page
      .getByRole('link', { name: fill(t.account.travellers.editLabel, { name: 'Lou Aebischer' }) })
      .click();
    const ownSignIn = page.getByRole('region', { name: t.account.travellerSignIn.title });
    await field(ownSignIn, fill(t.account.travellerSignIn.email, { name: 'Lou' })).fill(traveller.email);
    await field(ownSignIn, fill(t.account.travellerSignIn.password, { name: 'Lou' })).fill(
      traveller.password,
    );
    await field(ownSignIn, t.account.travellerSignIn.passwordConfirmation).fill(traveller.password);
    await ownSignIn
      .getByRole('button', { name: fill(t.account.travellerSignIn.submit, { name: 'Lou' }) })
      .click();
    await expect(
      ownSignIn.getByText(fill(t.account.travellerSignIn.saved, { name: 'Lou', email: traveller.email })),
    ).toBeVisible();

    // Logout: at the provider first, so its next sign-in asks for the password again.
    await page.goto(shopUrl('lakeside', 'en', '/account'));
    await page.getByRole('link', { name: t.account.logout }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: t.shell.nav.login })).toBeVisible();
    await page.goto(shopUrl('lakeside', 'en', '/auth'));
    await page
      .getByRole('button', { name: fill(t.auth.providers.continueWith, { name: 'Lakeside ID' }) })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: sandboxHeading('en', 'Lakeside ID') }),
    ).toBeVisible();

    // The traveller signs in to the shop by themselves, as themselves.
    await signIn(page, 'lakeside', 'en', traveller);
    await expect(field(page, t.account.fields.firstName)).toHaveValue('Lou');
    await expect(
      page.getByRole('region', { name: t.account.travellers.title }).getByText(t.account.travellers.member),
    ).toBeVisible();
  });

  test('IDP-01 CAT-03 IDP-03 a FranceConnect sign-in on Lumière: details read-only, no phone ticket, then unlinked', async ({
    page,
  }) => {
    const t = textsOf('en');
    const rider = await franceConnectUser();
    await signInWithFranceConnect(page, 'en', rider.username);

    // IDP-01: the names and birth date FranceConnect gives are shown, and cannot be edited.
    await page.goto(shopUrl('lumiere', 'en', '/account'));
    await expect(field(page, t.account.fields.firstName)).toHaveValue(rider.givenName);
    await expect(field(page, t.account.fields.firstName)).toHaveAttribute('readonly', '');
    await expect(field(page, t.account.fields.birthday)).toHaveValue('1992-07-21');
    await expect(field(page, t.account.fields.birthday)).toHaveAttribute('readonly', '');

    // CAT-03: the single ticket is sold on a card or on the phone; after FranceConnect, on a card only.
    await page.goto(shopUrl('lumiere', 'en', '/products/1101'));
    await expect(page.getByText(t.products.support.PHYSICAL).first()).toBeVisible();
    await expect(page.getByText(t.products.support.DEMATERIALIZED)).toHaveCount(0);

    // IDP-03: unlink = sign in again at FranceConnect, choose an email and a password, then unlink.
    await page.goto(shopUrl('lumiere', 'en', '/account'));
    await page
      .getByRole('link', { name: fill(t.account.identities.unlinkLabel, { name: 'FranceConnect' }) })
      .click();
    await page.getByRole('button', { name: fill(t.auth.unlink.confirm, { name: 'FranceConnect' }) }).click();
    await signInAtSandbox(page, 'en', 'FranceConnect (sandbox)', rider.username);
    const own = newAccount('unlinked');
    await field(page, t.auth.fields.email).fill(own.email);
    await field(page, t.auth.fields.password).fill(own.password);
    await field(page, t.auth.fields.passwordConfirmation).fill(own.password);
    await page
      .getByRole('button', { name: fill(t.auth.unlink.credentialsSubmit, { name: 'FranceConnect' }) })
      .click();
    await expect(page.getByText(t.account.identityUnlinked)).toBeVisible(BACK_FROM_PROVIDER);
    await expect(field(page, t.account.fields.firstName)).not.toHaveAttribute('readonly', '');
    const methods = page.getByRole('region', { name: t.account.identities.title });
    await expect(methods.getByText(t.account.identities.notLinked).first()).toBeVisible();
  });

  test("links and replaces the network's Keycloak identity of a password account on Lakeside", async ({
    page,
  }) => {
    const t = textsOf('en');
    const account = newAccount('link');
    await register(page, 'lakeside', 'en', account, 'verified');
    const first = await realmUser('lakeside', 'Noa', 'Brändli');
    const second = await realmUser('lakeside', 'Noa', 'Brändli-Meier');

    await page.goto(shopUrl('lakeside', 'en', '/account'));
    await page
      .getByRole('button', { name: fill(t.account.identities.linkLabel, { name: 'Lakeside ID' }) })
      .click();
    await signInAtSandbox(page, 'en', 'Lakeside ID', first.username);
    await expect(
      page.getByText(fill(t.account.identities.linkedNotice, { name: 'Lakeside ID' })),
    ).toBeVisible(BACK_FROM_PROVIDER);

    await page
      .getByRole('button', { name: fill(t.account.identities.replaceLabel, { name: 'Lakeside ID' }) })
      .click();
    // Replacing asks the provider to sign in again, so another identity can be chosen.
    await signInAtSandbox(page, 'en', 'Lakeside ID', second.username);
    await expect(
      page.getByText(fill(t.account.identities.replacedNotice, { name: 'Lakeside ID' })),
    ).toBeVisible(BACK_FROM_PROVIDER);
  });
});

for (const locale of ['en', 'ar'] as const satisfies Locale[]) {
  test.describe(`provider pages, ${locale}, on a phone`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test.describe.configure({ timeout: 240_000 });

    test(`axe on the provider return, link, replace and unlink pages (lumiere ${locale}, light and dark)`, async ({
      page,
    }) => {
      const t = textsOf(locale);
      const check = async (path: string, title: string) =>
        test.step(`axe on ${path}`, async () => {
          await page.goto(shopUrl('lumiere', locale, path));
          await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
          expect
            .soft(await seriousViolationsInBothSchemes(page), `serious violations on ${path}`)
            .toEqual([]);
        });
      // A return the provider refused, as a rider who pressed Cancel there sees it.
      await check('/auth/fc/finalize?error=access_denied&state=refused', t.auth.providerReturn.failedTitle);
      await check('/auth/custom?error=access_denied&state=refused', t.auth.providerReturn.failedTitle);

      const rider = await franceConnectUser();
      await signInWithFranceConnect(page, locale, rider.username);
      // A Compte Lumière identity too, so the replace page (ROUTE-11: a default identity) opens.
      const realm = await realmUser('lumiere', 'Inès', 'Garnier');
      await page.goto(shopUrl('lumiere', locale, '/account/identity/add'));
      await page
        .getByRole('button', { name: fill(t.account.identities.continueWith, { name: 'Compte Lumière' }) })
        .click();
      await signInAtSandbox(page, locale, 'Compte Lumière', realm.username);
      await expect(
        page.getByText(fill(t.account.identities.linkedNotice, { name: 'Compte Lumière' })),
      ).toBeVisible(BACK_FROM_PROVIDER);

      await check('/account/identity/add', t.account.identities.addTitle);
      await check('/account/identity/replace', t.account.identities.replaceTitle);
      await check('/auth/fc/delete-identity', fill(t.auth.unlink.title, { name: 'FranceConnect' }));

      // A traveller's page, with the form giving them a sign-in of their own.
      await addTraveller(page, 'lumiere', locale, 'Léo', 'Rivière');
      const editHref = await page
        .getByRole('link', { name: fill(t.account.travellers.editLabel, { name: 'Léo Rivière' }) })
        .getAttribute('href');
      const editPath = (editHref ?? '').replace(/^\/(en|ar|it|es)(?=\/)/, '');
      await check(editPath, t.account.traveller.editTitle);
      await expect(page.getByRole('region', { name: t.account.travellerSignIn.title })).toBeVisible();
    });
  });
}
