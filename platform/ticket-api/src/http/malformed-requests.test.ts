// Property tests (fast-check) of every route the ticket API mounts: random and malformed payloads,
// encodings, signatures, methods, query strings, headers and networks. Whatever arrives, the answer
// is the envelope of DESIGN.md with a code of the sdk's catalogue and its status, never a 5xx or a
// trace, and a request without a correct signature changes nothing. A failure prints its seed.
import { readdir } from 'node:fs/promises';
import { encodePayload } from '@transit-shop/sdk/client/encode-payload';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { AUTHENTICATION_CALLS, PROVIDER_RETURN_PATHS } from '@transit-shop/sdk/contract/authentication';
import { bodyLimitOf } from '@transit-shop/sdk/contract/body-limits';
import { CATALOGUE_CALLS } from '@transit-shop/sdk/contract/catalogue';
import { CHECKOUT_CALLS, SAVED_METHOD_KINDS } from '@transit-shop/sdk/contract/checkout';
import { COLLECT_CALLS } from '@transit-shop/sdk/contract/collect';
import type { AnyCallContract } from '@transit-shop/sdk/contract/define-call';
import { DOCUMENT_CALLS } from '@transit-shop/sdk/contract/documents';
import { errorBodySchema, okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { ID_MAX, signatureSchema } from '@transit-shop/sdk/contract/fields';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import { PAYMENT_METHOD_CALLS } from '@transit-shop/sdk/contract/payment-methods';
import { SUBSCRIPTION_CALLS } from '@transit-shop/sdk/contract/subscriptions';
import { JWKS_PATH, WALLET_CALLS } from '@transit-shop/sdk/contract/wallet';
import { ERROR_CODES, isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { canonicalValue, SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { signPayload } from '@transit-shop/sdk/signing/sign';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { nameSchema } from '@transit-shop/sdk/validation/name';
import { currentPasswordSchema, passwordSchema } from '@transit-shop/sdk/validation/password';
import { phoneSchema } from '@transit-shop/sdk/validation/phone';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { generateKeyPair, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, queryRows } from '../db/database.ts';
import { PICTURE_ROUTE } from '../services/account/picture-url.ts';
import { DOCUMENT_FILES_PATH } from '../services/documents/document-downloads.ts';
import {
  CUSTOM_TOKEN_AUDIENCE,
  createCustomToken,
  ID_TOKEN_AUDIENCE,
  ID_TOKEN_ISSUER,
} from '../services/identity/identity-tokens.ts';
import { NOTIFICATION_PATH } from '../services/payments/notification-routes.ts';
import { sandboxNotificationSchema, sandboxSignatureHeader } from '../services/payments/sandbox-provider.ts';
import { createSignInProviders } from '../services/sign-in-providers/provider-registry.ts';
import { okOf, signUpIdentity } from '../test-support/account-test-kit.ts';
import { signedInUser } from '../test-support/accounts.ts';
import { TEST_WEBHOOK_SECRET } from '../test-support/fake-payment-provider.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../test-support/openid-provider.ts';
import { LOG_ERROR, LUMIERE_ID, useTestApp } from '../test-support/test-app.ts';
import { arbitraryOf, type FieldDomains } from '../test-support/zod-arbitrary.ts';
import type { AppEnv } from './app-env.ts';
import { JSON_BODY_MAX_BYTES, NETWORK_HEADER } from './mount-call.ts';

const testApp = useTestApp();

type Payload = Record<string, unknown>;

/** Runs per property and per route: the file stays well under a minute on PGlite. */
const RUNS = {
  junk: 30,
  wrongTypes: 40,
  unknownFields: 25,
  signatures: 40,
  valid: 25,
  encodings: 30,
  networks: 20,
  methods: 300,
  queries: 150,
  pictures: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Real tokens, made once the app is up, mixed with forged ones

type Fixtures = {
  networkIds: number[];
  idToken: string;
  guestIdToken: string;
  refreshToken: string;
  customToken: string;
  /** Our issuer, audience and key id, signed with a key that is not ours. */
  forgedIdToken: string;
  /** The name of a picture that is stored, so the picture route's own answer is fuzzed too. */
  pictureName: string;
};

let fixtureValues: Fixtures | undefined;

function fixtures(): Fixtures {
  if (!fixtureValues) throw new Error('the fixtures are not ready');
  return fixtureValues;
}

const fixture = (pick: (values: Fixtures) => string) => fc.constant(null).map(() => pick(fixtures()));

/** The smallest PNG: a picture the upload takes. */
const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let openIdProvider: TestOpenIdProvider | undefined;
afterAll(async () => {
  await openIdProvider?.close();
});

beforeAll(async () => {
  const app = testApp.current;
  // The networks' OpenID providers answer, so that a valid attempt goes all the way.
  openIdProvider = await startTestOpenIdProvider();
  app.deps.signInProviders = createSignInProviders({
    identitySandboxUrl: openIdProvider.origin,
    secretOf: () => undefined,
    clock: app.clock,
    logger: app.deps.logger,
  });
  const { identity } = await signUpIdentity(app);
  const guest = await okOf<{ idToken: string }>(
    await app.call(IDENTITY_CALLS.signUp, { networkId: LUMIERE_ID, locale: 'fr' }),
  );
  const { privateKey } = await generateKeyPair('ES256');
  // Alive by the test clock, so that only its key gives it away.
  const issuedAt = Math.floor(app.clock.now().getTime() / 1000);
  const forgedIdToken = await new SignJWT({ email_verified: true, anonymous: false })
    .setProtectedHeader({ alg: 'ES256', kid: app.deps.identityKeys.keyId, typ: 'JWT' })
    .setIssuer(ID_TOKEN_ISSUER)
    .setAudience(ID_TOKEN_AUDIENCE)
    .setSubject(identity.localId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(privateKey);
  const { user, token } = await signedInUser({
    db: app.deps.db,
    clock: app.clock,
    policy: app.deps.sessionPolicy,
    networkId: LUMIERE_ID,
  });
  const uploaded = await okOf<{ user: { userPictureUrl: string | null } }>(
    await app.call(ACCOUNT_CALLS.uploadPicture, {
      userToken: token,
      user_id: user.id,
      media: new Blob([PNG_PIXEL], { type: 'image/png' }),
    }),
  );
  fixtureValues = {
    networkIds: app.deps.networks.all().map((network) => network.network.config.id),
    idToken: identity.idToken,
    guestIdToken: guest.idToken,
    refreshToken: identity.refreshToken,
    customToken: await createCustomToken({
      keys: app.deps.identityKeys,
      clock: app.clock,
      identityAccountId: identity.localId,
    }),
    forgedIdToken,
    pictureName: uploaded.user.userPictureUrl?.split('/').pop() ?? '',
  };
});

// ---------------------------------------------------------------------------------------------
// Values: text with the characters that break naive code, tokens, ids, and each field's domain

/** Controls, NUL, lone surrogates, bidi and zero-width marks, quotes, separators of our formats. */
const NASTY = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u{1f68b}',
  '\r',
  '\n',
  '\t',
  '"',
  "'",
  '\\',
  '*',
  '%',
  '&',
  '=',
  '+',
  '<',
  '{',
  '[',
  '#',
  '?',
);
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const plainCharacter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_.é');
const character = fc.oneof(
  { weight: 8, arbitrary: plainCharacter },
  { weight: 2, arbitrary: NASTY },
  { weight: 1, arbitrary: anyCodeUnit },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);
const text = (minLength: number, maxLength: number) => fc.string({ unit: character, minLength, maxLength });

/** What a client may put where a token goes: garbage, base64, long runs, injection attempts. */
const token = (maxLength: number) =>
  fc
    .oneof(
      text(1, 64),
      fc.base64String({ minLength: 4, maxLength: 96 }),
      fc.stringMatching(/^[\w-]{43}$/),
      fc.integer({ min: 1, max: maxLength }).map((length) => 'x'.repeat(length)),
      fc.constantFrom('\u0000', '%00', ' ', "' or '1'='1", '../../etc/passwd', 'null', 'undefined', '\ud800'),
    )
    .filter((value) => value.length >= 1 && value.length <= maxLength);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url');
const jwtHeader = fc.record(
  {
    alg: fc.constantFrom('none', 'ES256', 'HS256', 'RS256', 'EdDSA', ''),
    kid: fc.oneof(fc.string(), fc.jsonValue()),
    typ: fc.constantFrom('JWT', 'at+jwt'),
    crit: fc.array(fc.string()),
    b64: fc.boolean(),
    jku: fc.webUrl(),
  },
  { requiredKeys: [] },
);
const jwtClaims = fc.record(
  {
    iss: fc.oneof(fc.constant(ID_TOKEN_ISSUER), fc.string()),
    aud: fc.oneof(fc.constantFrom(ID_TOKEN_AUDIENCE, CUSTOM_TOKEN_AUDIENCE), fc.jsonValue()),
    sub: fc.oneof(fc.uuid(), fc.jsonValue()),
    iat: fc.oneof(fc.integer(), fc.jsonValue()),
    exp: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()),
    email: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const forgedJwt = fc
  .tuple(
    fc.oneof(jwtHeader, fc.jsonValue()),
    fc.oneof(jwtClaims, fc.jsonValue()),
    fc.oneof(fc.constant(''), fc.base64String(), text(0, 20)),
  )
  .map(([header, claims, signature]) => `${base64url(header)}.${base64url(claims)}.${signature}`);
const realToken = fc.oneof(
  fixture((values) => values.idToken),
  fixture((values) => values.guestIdToken),
  fixture((values) => values.customToken),
  fixture((values) => values.forgedIdToken),
);
/** A real token with one character changed. */
const tamperedToken = fc
  .tuple(realToken, fc.nat(), fc.constantFrom('A', '_', '.', '='))
  .map(([value, at, replacement]) => {
    const index = at % value.length;
    return `${value.slice(0, index)}${replacement}${value.slice(index + 1)}`;
  });
const jwt = (maxLength: number) =>
  fc
    .oneof(token(maxLength), forgedJwt, realToken, tamperedToken)
    .filter((value) => value.length >= 1 && value.length <= maxLength);

const id = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: ID_MAX }),
  fc.constantFrom(1, ID_MAX),
);
const knownNetworkId = fc.nat().map((index) => {
  const ids = fixtures().networkIds;
  return ids[index % ids.length] as number;
});
const networkId = fc.oneof({ weight: 4, arbitrary: knownNetworkId }, { weight: 1, arbitrary: id });
const unknownNetworkId = id.filter((value) => !fixtures().networkIds.includes(value));

const accepts = (schema: z.ZodType) => (value: unknown) => schema.safeParse(value).success;
const email = fc
  .oneof(
    fc.emailAddress(),
    fc.tuple(text(1, 30), text(1, 30)).map(([local, domain]) => `${local}@${domain}`),
  )
  .filter(accepts(emailSchema));
const name = fc
  .string({
    unit: fc.constantFrom(...'aeiouyéïøbdkmrsLMZßñ', ' ', '-', "'", '’', 'أ', '李', '\u0301'),
    minLength: 2,
    maxLength: 40,
  })
  .filter(accepts(nameSchema));
const password = fc
  .tuple(
    fc.constantFrom('A', 'Ž', 'Σ'),
    fc.constantFrom('a', 'ß', 'ж'),
    fc.constantFrom('1', '7', '٣'),
    fc.constantFrom('!', '*', '€', '\u0000', '"'),
    text(8, 60),
  )
  .map((parts) => parts.join(''))
  .filter(accepts(passwordSchema));
const currentPassword = text(1, 128).filter(accepts(currentPasswordSchema));
const birthday = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const phone = fc
  .tuple(
    fc.constantFrom('', '+', '00'),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 15 }),
    fc.constantFrom('', ' ', '.', '-'),
  )
  .map(([prefix, digits, separator]) => `${prefix}${digits.join(separator)}`)
  .filter(accepts(phoneSchema));
const bytes = (maxLength: number) => fc.uint8Array({ maxLength }).map((array) => new Uint8Array(array));
const MAGIC = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
];
const picture = fc
  .tuple(
    fc.oneof(
      bytes(512),
      fc
        .tuple(fc.constantFrom(...MAGIC), bytes(256))
        .map(([magic, rest]) => new Uint8Array([...magic, ...rest])),
      fc.constant(new Uint8Array(PNG_PIXEL)),
    ),
    fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/x-msdownload', ''),
  )
  .map(([content, type]) => new Blob([content], { type }));

/** Shop items of the demo catalogues, so that many articles get past the catalogue, and any id. */
const shopItemId = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      1101,
      1102,
      1103,
      1105,
      1106,
      2101,
      2102,
      2103,
      3101,
      9101,
      9103,
      1201,
      1203,
      2201,
      4201,
      1301,
      1305,
      2302,
    ),
  },
  { weight: 1, arbitrary: id },
);
const instant = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .chain((date) =>
    fc
      .constantFrom('Z', '+01:00', '-05:30')
      .map((offset) => (offset === 'Z' ? date.toISOString() : date.toISOString().replace('Z', offset))),
  );
const month = fc
  .tuple(fc.integer({ min: 2024, max: 2030 }), fc.integer({ min: 1, max: 12 }))
  .map(([year, number]) => `${year}-${String(number).padStart(2, '0')}`);
const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
/** The shop's pages a provider may send back to, on the demo networks' domains, and any address. */
const shopPage = (paths: readonly string[]) =>
  fc
    .tuple(
      fc.constantFrom(
        'http://lumiere.localhost:5173',
        'https://shop.lakeside-transit.example',
        'http://wahat.localhost',
      ),
      fc.constantFrom('', '/en', '/ar', '/fr'),
      fc.constantFrom(...paths),
    )
    .map(([origin, prefix, path]) => `${origin}${prefix}${path}`);
const returnPage = fc.oneof(
  shopPage(Object.values(PROVIDER_RETURN_PATHS)),
  fc.webUrl({ withQueryParameters: true }),
);
const logoutPage = fc.oneof(shopPage(['/auth/logout', '/auth/custom']), fc.webUrl());

/** Quarter hours mostly, as the product page proposes them, and any time. */
const time = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
  fc.stringMatching(/^(?:[01]\d|2[0-3]):[0-5]\d$/),
);
const offset = fc.constantFrom('+00:00', '+01:00', '+02:00', '-03:00');
const articleFields = fc.dictionary(
  fc.oneof(
    fc.constantFrom('studentNumber', 'institution', 'university', 'school', 'constructor', 'toString'),
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,20}$/),
  ),
  fc.oneof(text(0, 30), fc.double(), fc.integer(), fc.boolean()),
  { maxKeys: 4 },
);
const voucherCode = fc.oneof(
  fc.constantFrom(
    'BIENVENUE5',
    'bienvenue5',
    'CARNET2',
    'TICKETOFFERT',
    'ETE2026',
    'AHLAN20',
    'WELCOME5',
    'LAKE10',
  ),
  text(4, 32),
);
/** Ids as a query carries them: numbers the client writes as digits, or digits already. */
const queryId = fc.oneof(id, id.map(String));
/** Network ids as a query carries them: a number the client writes as digits, or digits already. */
const queryNetworkId = fc.oneof(networkId, networkId.map(String));
/** The demo networks' collect sites, and any id. */
const siteId = fc.oneof(fc.constantFrom(11, 12, 13, 21, 22), id);
/** The spec's methods filter: a list of kinds, its JSON text, or one kind alone. */
const savedMethodKinds = fc.uniqueArray(fc.constantFrom(...SAVED_METHOD_KINDS), { minLength: 1 });

/**
 * The domain of each payload field, by name, wherever it sits; the payloads' shapes (which fields,
 * optional or not, nested, listed) are derived from the contract's request schemas.
 */
const FIELD_DOMAINS: FieldDomains = {
  userToken: token(512),
  userId: id,
  user_id: id,
  networkId,
  network_id: networkId,
  firebase_token: jwt(8192),
  token: jwt(8192),
  idToken: jwt(8192),
  refresh_token: fc.oneof(
    token(8192),
    fixture((values) => values.refreshToken),
  ),
  code: token(512),
  email,
  contactEmail: email,
  invoiceEmail: email,
  password,
  newPassword: password,
  currentPassword,
  userName: name,
  userLastname: name,
  firstName: name,
  lastName: name,
  userBirthday: birthday,
  userPhoneNumber: phone,
  media: picture,
  document: picture,
  file: picture,
  shopItemId,
  optionShopItemId: shopItemId,
  shippingFeeShopItemId: shopItemId,
  quantity: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 999 })),
  customerId: id,
  mediaId: id,
  mediaNumber: fc.oneof(fc.stringMatching(/^25010000000000\d\d$/), fc.stringMatching(/^[\d -]{8,30}$/)),
  mediaCustomerBirthDate: birthday,
  startMonth: month,
  startDate: date,
  startTime: time,
  startOffset: offset,
  startingAt: instant,
  fields: articleFields,
  documents: fc.array(id, { maxLength: 3 }),
  vouchers: fc.array(voucherCode, { maxLength: 5 }),
  redemptionKey: fc.uuid({ version: 4 }),
  orderKey: fc.uuid({ version: 4 }),
  orderId: id,
  siteId,
  slotStart: instant,
  savedPaymentMethodId: id,
  cardId: id,
  returnUrl: fc.oneof(
    fc.constantFrom('/cart/checkout', '/en/cart/checkout?step=payment', '/'),
    fc.stringMatching(/^\/[a-z0-9/._-]{0,40}$/),
  ),
  checkoutId: fc.oneof(fc.stringMatching(/^chk_[0-9a-f]{24}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/)),
  orderReference: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  authProviderId: fc.oneof(fc.constantFrom(1, 2, 3), id),
  redirectUri: returnPage,
  postLogoutRedirectUri: logoutPage,
  authProviderToken: fc.oneof(fc.stringMatching(/^[\w-]{43}$/), token(512)),
  state: token(256),
};

/** Fields of a payload that travels in the URL, where every value may come as text. */
const QUERY_DOMAINS: FieldDomains = {
  authProviderId: fc.oneof(fc.constantFrom(1, 2, 3, '2'), queryId),
  userId: queryId,
  user_id: queryId,
  networkId: queryNetworkId,
  network_id: queryNetworkId,
  orderId: queryId,
  siteId: fc.oneof(fc.constantFrom(11, 12, 13, 21, 22), queryId),
  page: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 5 }).map(String)),
  pageSize: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }).map(String)),
  tags: fc.oneof(
    fc.constantFrom('', 'eshop_physical_pass', 'hidden', 'eshop_collect eshop_universal'),
    fc.stringMatching(/^[a-z0-9_]{1,12}(?: [a-z0-9_]{1,12}){0,2}$/),
  ),
  from: fc
    .date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  methods: fc.oneof(
    savedMethodKinds,
    savedMethodKinds.map((kinds) => JSON.stringify(kinds)),
    fc.constantFrom(...SAVED_METHOD_KINDS),
  ),
};

/** What differs for one call: a field's domain there, fields its refinement ties together. */
type CallDomains = { fields?: FieldDomains; together?: string[][] };
const CALL_DOMAINS = new Map<AnyCallContract, CallDomains>([
  [ACCOUNT_CALLS.signInWithToken, { fields: { token: jwt(4096) } }],
  [ACCOUNT_CALLS.uploadPicture, { fields: { user_id: queryId } }],
  [
    ACCOUNT_CALLS.updateAccount,
    // An email change needs the current password; a password change both passwords.
    {
      fields: { password: currentPassword },
      together: [
        ['email', 'password'],
        ['currentPassword', 'newPassword'],
      ],
    },
  ],
  [IDENTITY_CALLS.signInWithPassword, { fields: { password: currentPassword } }],
  // A guest, or an account with every field.
  [
    IDENTITY_CALLS.signUp,
    { together: [['email', 'password', 'firstName', 'lastName', 'acceptedTerms', 'acceptedPrivacy']] },
  ],
  [ORDER_CALLS.redeemVoucher, { fields: { code: voucherCode } }],
]);

/** Payloads the call's request schema describes, with values drawn from each field's whole domain. */
function payloadsOf(contract: AnyCallContract): fc.Arbitrary<Payload> {
  const own = CALL_DOMAINS.get(contract);
  return arbitraryOf(contract.request, {
    fields: {
      ...FIELD_DOMAINS,
      ...(contract.encoding === 'query' ? QUERY_DOMAINS : {}),
      ...own?.fields,
    },
    text,
    skip: [SIGNATURE_FIELD],
    ...(own?.together && { together: own.together }),
  });
}

// ---------------------------------------------------------------------------------------------
// The routes

type CallCase = { route: string; contract: AnyCallContract; valid: fc.Arbitrary<Payload> };

/** Whether a value holds, anywhere, a NUL or a lone surrogate: no text a database can store. */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || /\p{Cs}/u.test(value);
  if (value === null || typeof value !== 'object' || value instanceof Blob) return false;
  return Object.values(value).some(holdsUnstorableText);
}

/** What the server takes: the call's schema, and only texts a database can store. */
const serverAccepts = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).success && !holdsUnstorableText(value);

/**
 * Whether a field's text starts with a byte order mark, which a form's decoder drops (WHATWG
 * multipart/form-data parsing): sent as a form, such a text arrives one character shorter.
 */
const startsWithByteOrderMark = (value: Payload) =>
  Object.values(value).some((field) => typeof field === 'string' && field.startsWith('\uFEFF'));

const callCase = (contract: AnyCallContract, payload = payloadsOf(contract)): CallCase => ({
  route: `${contract.method} /${contract.path}`,
  contract,
  valid: payload.filter(
    (value) =>
      serverAccepts(contract.request, value) &&
      !(contract.encoding === 'multipart' && startsWithByteOrderMark(value)),
  ),
});

const CALL_CASES: CallCase[] = [
  ACCOUNT_CALLS,
  AUTHENTICATION_CALLS,
  IDENTITY_CALLS,
  CATALOGUE_CALLS,
  ORDER_CALLS,
  CHECKOUT_CALLS,
  COLLECT_CALLS,
  PAYMENT_METHOD_CALLS,
  SUBSCRIPTION_CALLS,
  MEDIA_CALLS,
  WALLET_CALLS,
  DOCUMENT_CALLS,
].flatMap((calls) =>
  Object.values(calls as Record<string, AnyCallContract>).map((contract) => callCase(contract)),
);
const HEALTH_ROUTE = 'GET /healthz';
const DOCUMENT_FILE_ROUTE = `GET ${DOCUMENT_FILES_PATH}/:token`;
const NOTIFICATION_ROUTE = `POST ${NOTIFICATION_PATH}`;
const JWKS_ROUTE = `GET ${JWKS_PATH}`;
const PICTURE_PATH = `/${PICTURE_ROUTE}/`;
const PICTURE_ROUTE_PATTERN = `GET ${PICTURE_PATH}:name`;
const FUZZED_ROUTES = [
  ...CALL_CASES.map((call) => call.route),
  HEALTH_ROUTE,
  PICTURE_ROUTE_PATTERN,
  NOTIFICATION_ROUTE,
  DOCUMENT_FILE_ROUTE,
  JWKS_ROUTE,
];

/** The form field a multipart call's file travels in. */
const fileFieldOf = (contract: AnyCallContract) =>
  ['media', 'document', 'file'].find((field) => fieldNames(contract).includes(field)) ?? 'media';

/** Method and path of every route; `app.use` middleware (ALL on a wildcard) is not a route. */
function mountedRoutes(app: Hono<AppEnv>): string[] {
  const routes = app.routes
    .filter((route) => !(route.method === 'ALL' && route.path.endsWith('*')))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

const shapeOf = (contract: AnyCallContract) =>
  (contract.request as unknown as { shape: Record<string, z.ZodType> }).shape;
const fieldNames = (contract: AnyCallContract) =>
  Object.keys(shapeOf(contract)).filter((field) => field !== SIGNATURE_FIELD);

// ---------------------------------------------------------------------------------------------
// Sending

type Body = string | FormData | Uint8Array<ArrayBuffer>;
type Wire = { method: string; path: string; headers?: Record<string, string>; body?: Body | undefined };
type Answer = { method: string; status: number; contentType: string; text: string };

async function send(wire: Wire): Promise<Answer> {
  const init: RequestInit = { method: wire.method, headers: wire.headers ?? {} };
  if (wire.body !== undefined) init.body = wire.body;
  const response = await testApp.current.app.request(wire.path, init);
  return {
    method: wire.method,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** The network whose key signs: the one the payload names, else Lumière (then also the header). */
function signingNetwork(contract: AnyCallContract, payload: Payload): number {
  const named = contract.networkField ? payload[contract.networkField] : undefined;
  // A query carries the id as digits.
  if (typeof named === 'string' && /^[1-9]\d{0,15}$/.test(named)) return Number(named);
  return typeof named === 'number' ? named : LUMIERE_ID;
}

const keyOf = (networkId: number) =>
  testApp.current.deps.networks.byId(networkId)?.network.config.signingKey ?? 'no such network';

async function signed(contract: AnyCallContract, payload: Payload, secret?: string): Promise<Payload> {
  const key = secret ?? keyOf(signingNetwork(contract, payload));
  return { ...payload, [SIGNATURE_FIELD]: await signPayload(payload, key) };
}

/** The header the tenant service would set for the payload's network. */
const networkHeaderOf = (contract: AnyCallContract, payload: Payload) => ({
  [NETWORK_HEADER]: String(signingNetwork(contract, payload)),
});

function encode(contract: AnyCallContract, payload: Payload, headers: Record<string, string> = {}): Wire {
  const path = `/${contract.path}`;
  const encoded = encodePayload(contract.encoding, payload);
  if (encoded.kind === 'query') {
    return { method: contract.method, path: `${path}?${encoded.searchParams}`, headers };
  }
  if (encoded.kind === 'multipart') return { method: contract.method, path, headers, body: encoded.body };
  return {
    method: contract.method,
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(encoded.json),
  };
}

/**
 * The payload as the server receives it: a JSON round trip, or the form as fetch sends and parses
 * it (text fields with their line breaks made CRLF and lone surrogates replaced, files as files).
 */
async function asReceived(contract: AnyCallContract, payload: Payload): Promise<Payload> {
  if (contract.encoding === 'json') return JSON.parse(JSON.stringify(payload)) as Payload;
  if (contract.encoding === 'query') {
    const encoded = encodePayload('query', payload);
    const params =
      encoded.kind === 'query' ? new URLSearchParams(encoded.searchParams.toString()) : undefined;
    return collectEntries(params?.entries() ?? []);
  }
  const form = await new Request('http://localhost/', { method: 'POST', body: formOf(payload) }).formData();
  return collectEntries(form.entries());
}

/** Fields as the server collects them: a repeated one as a list, every one an own property. */
function collectEntries(entries: Iterable<[string, unknown]>): Payload {
  const received: Payload = {};
  for (const [field, value] of entries) {
    const previous = Object.hasOwn(received, field) ? received[field] : undefined;
    const next =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    Object.defineProperty(received, field, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return received;
}

/** A junk JSON body as a call whose payload travels in the URL receives it: its members as parameters. */
function junkQuery(body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return new URLSearchParams({ payload: body }).toString();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return new URLSearchParams({ payload: body }).toString();
  const params = new URLSearchParams();
  try {
    for (const [field, member] of Object.entries(value))
      params.append(field, typeof member === 'string' ? member : (JSON.stringify(member) ?? ''));
  } catch {
    // Nested too deep to write again: the text as it came.
    return new URLSearchParams({ payload: body }).toString();
  }
  return params.toString();
}

const networkKnown = (contract: AnyCallContract, payload: Payload) =>
  testApp.current.deps.networks.byId(signingNetwork(contract, payload)) !== undefined;

// ---------------------------------------------------------------------------------------------
// What every answer must be

type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes a request meets before its signature is checked, and the only ones it meets without one. */
const BEFORE_SIGNATURE = ['INVALID_REQUEST', 'NETWORK_NOT_FOUND', 'INVALID_SIGNATURE'];

const TRACE_SIGNS = [
  /\n\s*at /,
  /\bat (?:async )?[\w$.<>[\]]+ \(/,
  /\bat (?:file:|node:|\/)/,
  /file:\/\//,
  /node:internal/,
  /node_modules/,
  /\.(?:[cm]?[jt]s|tsx?):\d+/,
  /[\\/](?:src|work|home|tmp|usr)[\\/]/,
];

/** No frame, file path or source position; the issue paths echo the caller's field names, so they are left out. */
function expectNoTrace(body: unknown) {
  const shown = JSON.stringify(body, (key, value: unknown) =>
    key === 'path' && typeof value === 'string' ? '' : value,
  );
  for (const sign of TRACE_SIGNS) expect(shown).not.toMatch(sign);
  expect(shown).not.toContain(process.cwd());
}

/**
 * Checks the answer is the envelope, ok only where `okResponse` says what an ok answer holds, ko
 * with a catalogue code and that code's status; answers the error of a ko, null for an ok.
 */
function expectEnvelope(answer: Answer, okResponse?: z.ZodType): ErrorBody | null {
  const seen = `${answer.method} answered ${answer.status}: ${answer.text.slice(0, 400)}`;
  expect(answer.status, seen).toBeLessThan(500);
  if (answer.method === 'HEAD') {
    expect(answer.text, seen).toBe('');
    return null;
  }
  expect(answer.contentType, seen).toMatch(/^application\/json\b/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expectNoTrace(body);
  expect(Object.keys(body).sort(), seen).toEqual(['response', 'status']);
  if (body.status === 'ok') {
    expect(okResponse, `an ok answer where none may be: ${seen}`).toBeDefined();
    expect(answer.status, seen).toBe(200);
    expect(okEnvelopeSchema(okResponse as z.ZodType).safeParse(body).success, seen).toBe(true);
    return null;
  }
  expect(body.status, seen).toBe('ko');
  const response = body.response as Record<string, unknown>;
  expect(Object.keys(response), seen).toEqual(['error']);
  const error = errorBodySchema.parse(response.error);
  for (const key of Object.keys(error)) expect(['code', 'message', 'details'], seen).toContain(key);
  expect(isErrorCode(error.code), `${error.code} is not in the catalogue: ${seen}`).toBe(true);
  expect(error.message, seen).not.toBe('');
  const tooLarge = error.code === 'INVALID_REQUEST' && answer.status === 413;
  if (!tooLarge) expect(answer.status, seen).toBe(ERROR_CODES[error.code as keyof typeof ERROR_CODES].status);
  return error;
}

function expectKo(answer: Answer, codes: readonly string[]): ErrorBody {
  const error = expectEnvelope(answer);
  expect(error, `expected a ko, ${answer.status} ${answer.text.slice(0, 400)}`).not.toBeNull();
  expect(codes, `${answer.status} ${answer.text.slice(0, 400)}`).toContain(error?.code);
  return error as ErrorBody;
}

const issuePaths = (error: ErrorBody) => (error.details?.issues ?? []).map((issue) => issue.path);

// ---------------------------------------------------------------------------------------------
// "Nothing was done": every table's rows, the outbox and the error log are as they were

async function databaseDigest(db: Database): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
  );
  const digests: string[] = [];
  for (const { name: table } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      db,
      sql.raw(
        `select count(*)::int as rows, md5(string_agg(t::text, ',' order by t::text)) as digest from ${table} t`,
      ),
    );
    digests.push(`${table} ${row?.rows} ${row?.digest ?? ''}`);
  }
  return digests;
}

async function serviceState() {
  const { deps, outboxDir, logs } = testApp.current;
  return {
    database: await databaseDigest(deps.db),
    outbox: (await readdir(outboxDir, { recursive: true })).sort(),
    errorsLogged: logs.filter((line) => line.level >= LOG_ERROR).length,
  };
}

async function expectNothingDone(run: () => Promise<void>): Promise<void> {
  const before = await serviceState();
  await run();
  expect(await serviceState()).toEqual(before);
}

// ---------------------------------------------------------------------------------------------
// Malformed inputs

/** A JSON body of anything: any value, any keys, deep nesting, huge strings, with the call's field names. */
function junkBody(fields: string[]): fc.Arbitrary<string> {
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.jsonValue({ stringUnit: 'binary', maxDepth: 6 }).map((v) => JSON.stringify(v)),
    },
    {
      weight: 3,
      arbitrary: fc
        .dictionary(fc.oneof(field, text(0, 12)), fc.jsonValue({ maxDepth: 3 }))
        .map((v) => JSON.stringify(v)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, fc.integer({ min: 1, max: 10_000 }), fc.constantFrom('[', '{"a":'))
        .map(([key, depth, open]) => {
          const close = open === '[' ? ']' : '}';
          return `{${JSON.stringify(key)}:${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          field,
          fc.integer({ min: 1_000, max: 100_000 }),
          fc.constantFrom('x', 'é', '\u{1f68b}', '\u0000'),
        )
        .map(([key, length, unit]) => JSON.stringify({ [key]: unit.repeat(length) })),
    },
  );
}

/** A value of another type than the field's, or the field's value as text, as a number, wrapped. */
function wrongValue(valid: unknown) {
  // fast-check's records may have no prototype: String() and Number() of one throw.
  const primitive = typeof valid === 'object' && valid !== null ? (JSON.stringify(valid) ?? '') : valid;
  return fc.oneof(
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      1e308,
      -1e308,
      ID_MAX + 1,
      2 ** 53 + 2,
      '',
      ' ',
      'true',
      '1e3',
      '٣',
    ),
    fc.constant(String(primitive)),
    fc.constant(Number(primitive)),
    fc.constant(typeof valid === 'string' ? `${valid}\u0000` : '\u0000'),
    fc.constant([valid]),
    fc.constant({ value: valid }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    text(0, 20),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

const extraField = fc.oneof(
  text(1, 24),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'Signature',
    'SIGNATURE',
    'signature ',
    ' userToken',
    'userToken ',
    'user-token',
    'isAdmin',
    'role',
    'status',
    'userId\u0000',
    '0',
    '',
    '*',
    'a.b',
    '$where',
  ),
);

const HEX40 = /^[0-9a-f]{40}$/;
type Tampering =
  | { kind: 'missing' }
  | { kind: 'wrong'; value: string }
  | { kind: 'other-key'; key: string }
  | { kind: 'other-network' }
  | { kind: 'other-payload'; extra: string }
  | { kind: 'malformed'; value: unknown }
  | { kind: 'twice' };

const tampering: fc.Arbitrary<Tampering> = fc.oneof(
  fc.constant({ kind: 'missing' as const }),
  fc.stringMatching(HEX40).map((value) => ({ kind: 'wrong' as const, value })),
  fc.string({ minLength: 1, maxLength: 40 }).map((key) => ({ kind: 'other-key' as const, key })),
  fc.constant({ kind: 'other-network' as const }),
  text(1, 10).map((extra) => ({ kind: 'other-payload' as const, extra })),
  fc
    .oneof(
      fc.stringMatching(/^[0-9a-f]{0,39}$/),
      fc.stringMatching(/^[0-9a-f]{41,80}$/),
      fc.stringMatching(/^[0-9a-f]{39}[g-zG-Z ]$/),
      fc.stringMatching(/^(?:0x| )[0-9a-f]{40}$/),
      text(0, 50),
      fc.jsonValue().filter((value) => typeof value !== 'string'),
    )
    .filter((value) => !signatureSchema.safeParse(value).success)
    .map((value) => ({ kind: 'malformed' as const, value })),
  fc.constant({ kind: 'twice' as const }),
);

/** Header values a client can send: Latin-1 without controls. */
const headerValue = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 120,
});
const randomHeaders = fc.record(
  {
    [NETWORK_HEADER]: fc.oneof(
      headerValue,
      id.map(String),
      fc.constantFrom('0', '-1', '101.0', '1e2', '0101'),
    ),
    'x-request-id': headerValue,
    authorization: fc.oneof(
      headerValue,
      token(200).map((value) => `Bearer ${encodeSafely(value, encodeURIComponent)}`),
    ),
    cookie: headerValue,
    accept: headerValue,
    'x-forwarded-for': headerValue,
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
  },
  { requiredKeys: [] },
);
const queryString = fc.oneof(
  text(0, 80),
  fc
    .dictionary(text(0, 12), text(0, 24))
    .map((params) => new URLSearchParams(params as Record<string, string>).toString()),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', 'a=1&a=2&a[]=3', '__proto__[x]=1', '&&&', '=='),
);

const FORBIDDEN_METHODS = ['CONNECT', 'TRACE', 'TRACK'];
/** fetch spells these in upper case whatever case they were given in. */
const NORMALISED_METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
const method = fc
  .oneof(
    fc.constantFrom(
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'get',
      'post',
      'Put',
      'patch',
    ),
    fc.constantFrom('PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'M-SEARCH', 'QUERY'),
    fc.stringMatching(/^[A-Za-z]{1,12}$/),
  )
  .filter((value) => !FORBIDDEN_METHODS.includes(value.toUpperCase()));
const asSent = (value: string) =>
  NORMALISED_METHODS.includes(value.toUpperCase()) ? value.toUpperCase() : value;

const pictureName = fc.oneof(
  text(1, 40).map((value) => encodeSafely(value, encodeURIComponent)),
  fc.stringMatching(/^[0-9a-f]{32}\.(?:png|jpg|webp)$/),
  fc.stringMatching(/^[0-9a-fA-F]{30,34}\.[a-z]{2,5}$/),
  fc.constantFrom(
    '..',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%2F..%2Fpackage.json',
    '%00',
    '%',
    'x.png%00.png',
  ),
  fixture((values) => values.pictureName),
);

const BODY_CASES = [
  'text/plain',
  'form',
  'other-encoding',
  'random-content-type',
  'upper-case-content-type',
  'empty',
  'no-body',
  'truncated',
  'not-json',
  'not-an-object',
  'bytes',
  'byte-order-mark',
  'too-large',
  'no-file',
  'file-as-text',
  'two-files',
  'broken-form',
] as const;

/** A body and its headers; readable: whether the server can read the payload ('maybe': either). */
type BodyVariant = {
  payload: Payload;
  headers: Record<string, string>;
  body?: Body | undefined;
  /** The URL parameters of a call whose payload travels there. */
  query?: string;
  readable: boolean | 'maybe';
  tooLarge?: true;
};

/**
 * The same cases for a call whose payload travels in the URL: a body and its content type change
 * nothing there, a missing, truncated, garbled or wrapped query does.
 */
function queryVariant(
  contract: AnyCallContract,
  [payload, signature, kind, contentType, garbage]: Parameters<typeof bodyVariant>[1],
): BodyVariant {
  const sent = { ...payload, [SIGNATURE_FIELD]: signature };
  const encoded = encodePayload('query', sent);
  const natural = encoded.kind === 'query' ? encoded.searchParams.toString() : '';
  const headers = { ...networkHeaderOf(contract, payload), 'content-type': contentType };
  switch (kind) {
    case 'empty':
    case 'no-body':
      return { payload, headers, readable: false };
    case 'truncated':
      return { payload, headers, query: natural.slice(0, -1), readable: 'maybe' };
    case 'not-json':
      return { payload, headers, query: encodeSafely(garbage, encodeURI), readable: false };
    case 'not-an-object':
      return {
        payload,
        headers,
        query: new URLSearchParams({ payload: JSON.stringify(sent) }).toString(),
        readable: false,
      };
    default:
      return { payload, headers, query: natural, readable: true };
  }
}

/** A body of one of BODY_CASES for a valid payload, signed wrong so a body read as it should be meets the signature check. */
function bodyVariant(
  contract: AnyCallContract,
  [payload, signature, kind, contentType, garbage, raw, notAnObject]: [
    Payload,
    string,
    (typeof BODY_CASES)[number],
    string,
    string,
    Uint8Array<ArrayBuffer>,
    unknown,
  ],
): BodyVariant {
  const multipart = contract.encoding === 'multipart';
  const fields = fieldNames(contract);
  const fileField = fileFieldOf(contract);
  const sent = { ...payload, [SIGNATURE_FIELD]: signature };
  const headers = networkHeaderOf(contract, payload);
  const json = JSON.stringify(sent);
  const withType = (type: string) => ({ ...headers, 'content-type': type });
  const natural = multipart
    ? { headers, body: formOf(sent) }
    : { headers: withType('application/json'), body: json };
  const refused = (type: string, body?: Body): BodyVariant => ({
    payload,
    headers: withType(type),
    body,
    readable: false,
  });
  switch (kind) {
    case 'text/plain':
      return refused('text/plain', json);
    case 'form':
      return refused(
        'application/x-www-form-urlencoded',
        new URLSearchParams(
          Object.entries(sent).map(([field, value]): [string, string] => [
            field,
            String(canonicalValue(value)),
          ]),
        ).toString(),
      );
    case 'other-encoding':
      return multipart
        ? refused('application/json', json)
        : { payload, headers, body: formOf(sent), readable: false };
    case 'random-content-type': {
      const type = contentType.split(';')[0]?.trim().toLowerCase();
      const expected = multipart ? 'multipart/form-data' : 'application/json';
      return {
        payload,
        ...natural,
        headers: withType(contentType),
        readable: type === expected && 'maybe',
      };
    }
    case 'upper-case-content-type':
      return multipart
        ? { payload, ...natural, readable: true }
        : { payload, headers: withType('APPLICATION/JSON; charset=UTF-8'), body: json, readable: true };
    case 'empty':
      return refused(multipart ? 'multipart/form-data; boundary=x' : 'application/json', '');
    case 'no-body':
      return { payload, headers, readable: false };
    case 'truncated':
      return refused('application/json', json.slice(0, -1));
    case 'not-json':
      return refused(multipart ? 'multipart/form-data; boundary=----x' : 'application/json', garbage);
    case 'not-an-object':
      return refused('application/json', JSON.stringify(notAnObject));
    case 'bytes':
      return refused(multipart ? 'multipart/form-data; boundary=b' : 'application/json', raw);
    case 'byte-order-mark':
      return multipart
        ? { payload, ...natural, readable: true }
        : { payload, headers: withType('application/json'), body: `\ufeff${json}`, readable: 'maybe' };
    case 'too-large':
      return multipart
        ? {
            payload,
            headers,
            body: formOf({ ...sent, [fileField]: new Blob([new Uint8Array(bodyLimitOf(contract) + 1)]) }),
            readable: false,
            tooLarge: true,
          }
        : {
            ...refused(
              'application/json',
              JSON.stringify({ ...sent, padding: 'x'.repeat(JSON_BODY_MAX_BYTES) }),
            ),
            tooLarge: true,
          };
    case 'no-file':
      return multipart
        ? { payload, headers, body: formOf({ ...sent, [fileField]: undefined }), readable: false }
        : { payload, ...natural, readable: true };
    case 'file-as-text':
      return multipart
        ? { payload, headers, body: formOf({ ...sent, [fileField]: 'picture.png' }), readable: false }
        : { payload, ...natural, readable: true };
    case 'two-files': {
      if (!multipart) return { payload, ...natural, readable: true };
      const twice = formOf(sent);
      twice.append(fileField, new Blob([PNG_PIXEL]), 'second.png');
      return { payload, headers, body: twice, readable: false };
    }
    case 'broken-form':
      return refused(
        'multipart/form-data; boundary=zzz',
        `--zzz\r\nContent-Disposition: form-data; name="${fields[0]}"\r\n\r\n${garbage}`,
      );
  }
}

/** The multipart form of a payload, as the sdk client makes it. */
function formOf(payload: Payload): FormData {
  const encoded = encodePayload('multipart', payload);
  return encoded.kind === 'multipart' ? encoded.body : new FormData();
}

/** Percent-encoding that does not throw on a lone surrogate. */
function encodeSafely(value: string, encoder: (value: string) => string): string {
  try {
    return encoder(value);
  } catch {
    return encoder(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

function decodeSafely(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------------------------------------

describe('every route the ticket API mounts is fuzzed here', () => {
  it('the fuzzed routes are exactly the mounted ones: a new route must be added to this file', () => {
    expect(mountedRoutes(testApp.current.app)).toEqual([...FUZZED_ROUTES].sort());
  });
});

describe.each(CALL_CASES)('$route', ({ contract, valid }) => {
  const fields = fieldNames(contract);

  it('API-03 answers any JSON body with a catalogue ko, never a 5xx or a trace, and does nothing', async () => {
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(junkBody(fields), fc.boolean(), async (body, withHeader) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (withHeader) headers[NETWORK_HEADER] = String(LUMIERE_ID);
          // A GET carries no body: its junk arrives as URL parameters.
          const wire =
            contract.encoding === 'query'
              ? { method: contract.method, path: `/${contract.path}?${junkQuery(body)}`, headers }
              : { method: contract.method, path: `/${contract.path}`, headers, body };
          expectKo(await send(wire), BEFORE_SIGNATURE);
        }),
        { numRuns: RUNS.junk },
      ),
    );
  });

  it('API-03 names a field of the right name but the wrong type, whatever else the payload holds', async () => {
    const mutation = fc
      .tuple(valid, fc.constantFrom(...fields))
      .chain(([payload, field]) => wrongValue(payload[field]).map((value) => ({ payload, field, value })));
    await fc.assert(
      fc.asyncProperty(mutation, async ({ payload, field, value }) => {
        const changed = { ...payload, [field]: value };
        // Signed as the wire carries it (a NaN travels as null), so that the signature is the right one.
        const mutated = await asReceived(contract, changed);
        const answer = await send(
          encode(contract, await signed(contract, mutated), networkHeaderOf(contract, mutated)),
        );
        const error = expectEnvelope(answer, contract.response);
        const namesField = () =>
          expect(issuePaths(error as ErrorBody).map((path) => path.split('.')[0])).toContain(field);
        const fieldSchema = shapeOf(contract)[field] as z.ZodType;
        // The schema speaks first (a value of the wrong type, then rules across fields), then storability.
        if (field in mutated && !fieldSchema.safeParse(mutated[field]).success) {
          expect(error?.code).toBe('INVALID_REQUEST');
          namesField();
        } else if (!serverAccepts(contract.request, mutated)) {
          expect(error?.code).toBe('INVALID_REQUEST');
          if (contract.request.safeParse(mutated).success && holdsUnstorableText(mutated[field]))
            namesField();
        }
        expect(error?.code).not.toBe('INVALID_SIGNATURE');
      }),
      { numRuns: RUNS.wrongTypes },
    );
  });

  it('API-03 refuses unknown fields by name, even correctly signed, before doing anything', async () => {
    const shape = shapeOf(contract);
    const extras = fc
      .uniqueArray(fc.tuple(extraField, fc.jsonValue({ maxDepth: 2 })), {
        minLength: 1,
        maxLength: 3,
        selector: ([field]) => field,
      })
      .filter((pairs) => pairs.every(([field]) => !Object.hasOwn(shape, field)));
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(valid, extras, async (payload, pairs) => {
          const sent: Payload = { ...payload };
          for (const [field, value] of pairs) Object.defineProperty(sent, field, { value, enumerable: true });
          const answer = await send(
            encode(contract, await signed(contract, sent), networkHeaderOf(contract, sent)),
          );
          const error = expectKo(answer, ['INVALID_REQUEST']);
          // A form field's name travels as fetch writes it (CRLF line breaks, no lone surrogate).
          const received = Object.keys(await asReceived(contract, sent));
          for (const field of received.filter((name) => !Object.hasOwn(shape, name))) {
            expect(error.details?.issues).toContainEqual({
              path: field,
              message: VALIDATION_MESSAGES.unknownField,
            });
          }
        }),
        { numRuns: RUNS.unknownFields },
      ),
    );
  });

  it('API-01 does nothing without a correct signature: missing, wrong, of another key or payload, malformed', async () => {
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(valid, tampering, async (payload, how) => {
          const sent: Payload = { ...payload };
          const network = signingNetwork(contract, payload);
          const correct = (await signed(contract, payload))[SIGNATURE_FIELD] as string;
          if (how.kind === 'wrong')
            sent[SIGNATURE_FIELD] = how.value === correct ? '0'.repeat(40) : how.value;
          if (how.kind === 'other-key') sent[SIGNATURE_FIELD] = await signPayload(payload, how.key);
          if (how.kind === 'other-network') {
            const other = fixtures().networkIds.find((candidate) => candidate !== network) ?? 0;
            sent[SIGNATURE_FIELD] = await signPayload(payload, keyOf(other));
          }
          if (how.kind === 'other-payload') {
            sent[SIGNATURE_FIELD] = await signPayload({ ...payload, zz: how.extra }, keyOf(network));
          }
          if (how.kind === 'malformed') sent[SIGNATURE_FIELD] = how.value;
          if (how.kind === 'twice') sent[SIGNATURE_FIELD] = [correct, correct];
          const answer = await send(encode(contract, sent, networkHeaderOf(contract, payload)));
          const malformed = how.kind === 'malformed' || how.kind === 'twice';
          if (malformed) {
            expect(issuePaths(expectKo(answer, ['INVALID_REQUEST']))).toContain(SIGNATURE_FIELD);
          } else {
            expectKo(answer, [networkKnown(contract, payload) ? 'INVALID_SIGNATURE' : 'NETWORK_NOT_FOUND']);
          }
        }),
        { numRuns: RUNS.signatures },
      ),
    );
  });

  it('API-03 answers a correctly signed payload of random valid values with an ok or a catalogue ko', async () => {
    const signIn = () =>
      signedInUser({
        db: testApp.current.deps.db,
        clock: testApp.current.clock,
        policy: testApp.current.deps.sessionPolicy,
        networkId: LUMIERE_ID,
      });
    await fc.assert(
      fc.asyncProperty(valid, fc.boolean(), fc.boolean(), async (payload, live, upperCase) => {
        const sent: Payload = { ...payload };
        const sessionFields = contract.session;
        // A live session lets the call go past the session check into its service.
        if (sessionFields && live) {
          const { user, token: sessionToken } = await signIn();
          sent[sessionFields.token] = sessionToken;
          if (sessionFields.userId) sent[sessionFields.userId] = user.id;
          if (contract.networkField) sent[contract.networkField] = LUMIERE_ID;
        }
        const signedPayload = await signed(contract, await asReceived(contract, sent));
        if (upperCase) signedPayload[SIGNATURE_FIELD] = String(signedPayload[SIGNATURE_FIELD]).toUpperCase();
        const answer = await send(encode(contract, signedPayload, networkHeaderOf(contract, sent)));
        const error = expectEnvelope(answer, contract.response);
        expect(error?.code).not.toBe('INVALID_SIGNATURE');
        if (!networkKnown(contract, sent)) expect(error?.code).toBe('NETWORK_NOT_FOUND');
      }),
      { numRuns: RUNS.valid },
    );
  });

  it('API-03 refuses a body of the wrong content type, unreadable or too large, and does nothing', async () => {
    const variant = fc
      .tuple(
        valid,
        fc.stringMatching(HEX40),
        fc.constantFrom(...BODY_CASES),
        headerValue,
        text(0, 60),
        bytes(200),
        fc.jsonValue().filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
      )
      .map((drawn) =>
        contract.encoding === 'query' ? queryVariant(contract, drawn) : bodyVariant(contract, drawn),
      );
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(variant, async ({ payload, headers, body, query, readable, tooLarge }) => {
          const path = query === undefined ? `/${contract.path}` : `/${contract.path}?${query}`;
          const answer = await send({ method: contract.method, path, headers, body });
          const error = expectKo(answer, BEFORE_SIGNATURE);
          if (tooLarge) expect(answer.status).toBe(413);
          if (readable === false) expect(error.code).toBe('INVALID_REQUEST');
          if (readable === true) {
            expect(error.code).toBe(
              networkKnown(contract, payload) ? 'INVALID_SIGNATURE' : 'NETWORK_NOT_FOUND',
            );
          }
        }),
        { numRuns: RUNS.encodings },
      ),
    );
  });

  it('NET-01 refuses an unknown, garbled or contradicting network, even correctly signed, and does nothing', async () => {
    const knownHeader = (header: string) => fixtures().networkIds.map(String).includes(header.trim());
    // A call that names its network: an unknown one, or a header that says another. Else the header.
    const network: fc.Arbitrary<{ field?: number; header?: string }> = contract.networkField
      ? fc.oneof(
          fc
            .tuple(unknownNetworkId, fc.boolean())
            .map(([field, withHeader]) => (withHeader ? { field, header: String(field) } : { field })),
          fc
            .tuple(knownNetworkId, fc.oneof(headerValue, knownNetworkId.map(String)))
            .filter(([field, header]) => header.trim() !== String(field))
            .map(([field, header]) => ({ field, header })),
        )
      : fc.oneof(
          fc
            .oneof(
              unknownNetworkId.map(String),
              headerValue.filter((header) => !knownHeader(header)),
            )
            .map((header) => ({ header })),
          fc.constant({}),
        );
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(valid, network, knownNetworkId, async (payload, { field, header }, signer) => {
          const sent: Payload = { ...payload };
          if (contract.networkField && field !== undefined) sent[contract.networkField] = field;
          const headers: Record<string, string> = header === undefined ? {} : { [NETWORK_HEADER]: header };
          const answer = await send(encode(contract, await signed(contract, sent, keyOf(signer)), headers));
          expectKo(answer, ['NETWORK_NOT_FOUND']);
        }),
        { numRuns: RUNS.networks },
      ),
    );
  });
});

describe(NOTIFICATION_ROUTE, () => {
  const at = '/payments/notifications/sandbox';
  const nowSeconds = () => Math.floor(testApp.current.clock.now().getTime() / 1000);
  const notificationBody = fc.record({
    id: fc.oneof(fc.stringMatching(/^evt_[0-9a-f]{24}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/)),
    type: fc.constantFrom('payment.pending', 'payment.succeeded', 'payment.refused', 'payment.cancelled'),
    createdAt: instant.map((value) => new Date(value).toISOString()),
    sequence: fc.integer({ min: 1, max: 1_000_000 }),
    data: fc.record({
      checkoutId: fc.option(fc.stringMatching(/^chk_[0-9a-f]{24}$/)),
      paymentId: fc.stringMatching(/^pay_[0-9a-f]{24}$/),
      merchantReference: fc.oneof(fc.uuid({ version: 4 }), text(0, 200)),
      amount: fc.integer({ min: 0, max: 99_999_999 }),
      currency: fc.constantFrom('EUR', 'MAD', 'CHF'),
      method: fc.constantFrom('CARD', 'TRANSFER'),
      reason: fc.option(fc.constantFrom('card_declined', 'insufficient_funds')),
      savedMethod: fc.constant(null),
    }),
  });
  const notificationOf = (answer: Answer) => {
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    expect(answer.contentType).toMatch(/^application\/json\b/);
    expectNoTrace(JSON.parse(answer.text));
  };

  it('refuses any body without a correct, fresh signature, never with a 5xx, and does nothing', async () => {
    const signature = fc.oneof(
      fc.constant(undefined),
      headerValue,
      fc.stringMatching(/^t=\d{1,12},v1=[0-9a-f]{64}$/),
      fc.integer({ min: 301, max: 100_000 }).map((skew) => ({ skew })),
    );
    const body = fc.oneof(
      notificationBody.map((value) => JSON.stringify(value)),
      junkBody(['id', 'type', 'data']),
    );
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(body, signature, fc.boolean(), async (raw, how, future) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (typeof how === 'string') headers['sandbox-signature'] = how;
          if (how && typeof how === 'object') {
            const seconds = nowSeconds() + (future ? how.skew : -how.skew);
            headers['sandbox-signature'] = sandboxSignatureHeader(TEST_WEBHOOK_SECRET, seconds, raw);
          }
          const answer = await send({ method: 'POST', path: at, headers, body: raw });
          notificationOf(answer);
          const error = expectKo(answer, ['NOTIFICATION_REFUSED', 'INVALID_REQUEST']);
          if (error.code === 'INVALID_REQUEST') expect(answer.status).toBe(413);
        }),
        { numRuns: RUNS.signatures },
      ),
    );
  });

  it('answers 400 to a correctly signed body that is no notification, and does nothing', async () => {
    const junk = junkBody(['id', 'type', 'data', 'sequence']).filter((raw) => {
      try {
        return !sandboxNotificationSchema.safeParse(JSON.parse(raw)).success;
      } catch {
        return true;
      }
    });
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(junk, async (raw) => {
          const headers = {
            'sandbox-signature': sandboxSignatureHeader(TEST_WEBHOOK_SECRET, nowSeconds(), raw),
          };
          const answer = await send({ method: 'POST', path: at, headers, body: raw });
          notificationOf(answer);
          expectKo(answer, ['INVALID_REQUEST']);
        }),
        { numRuns: RUNS.junk },
      ),
    );
  });

  it('answers 200 to any correctly signed notification, of a payment of ours or not, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(notificationBody, async (value) => {
        const raw = JSON.stringify(value);
        const headers = {
          'sandbox-signature': sandboxSignatureHeader(TEST_WEBHOOK_SECRET, nowSeconds(), raw),
        };
        const answer = await send({ method: 'POST', path: at, headers, body: raw });
        notificationOf(answer);
        // A text no database can keep is no notification of the protocol.
        expect(answer.status).toBe(sandboxNotificationSchema.safeParse(value).success ? 200 : 400);
      }),
      { numRuns: RUNS.valid },
    );
  });
});

describe('any method, query string and header on any address', () => {
  /** A path of a mounted route, or any other. */
  const path = fc.oneof(
    fc.constantFrom(...CALL_CASES.map((call) => `/${call.contract.path}`), '/healthz', '/healthz/'),
    pictureName.map((name) => `${PICTURE_PATH}${name}`),
    fc.constantFrom(
      '/',
      '/Account',
      '/Account/',
      '/account/login.json',
      '/identity',
      '/api/Account/login.json',
    ),
    text(0, 40).map((value) => `/${encodeSafely(value, encodeURI)}`),
  );

  /** What answers a request at this path with this method, without a signature. */
  function expectedAt(requestPath: string, requestMethod: string, answer: Answer): void {
    const routeMethod = requestMethod === 'HEAD' ? 'GET' : requestMethod;
    // The router matches the path percent-decoded.
    const pathname = decodeSafely(new URL(requestPath, 'http://localhost').pathname);
    const call = CALL_CASES.find(
      (candidate) => `/${candidate.contract.path}` === pathname && candidate.contract.method === routeMethod,
    );
    if (call && answer.method === 'HEAD') {
      // A HEAD of a call answers the GET's refusal without its body.
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).toBe('');
    } else if (call) {
      expectKo(answer, BEFORE_SIGNATURE);
    } else if (routeMethod === 'GET' && pathname === '/healthz') {
      const health = z.strictObject({ database: z.literal('ok'), networks: z.number().int().positive() });
      expect(expectEnvelope(answer, health), 'the health check answers ok').toBeNull();
    } else if (routeMethod === 'GET' && pathname.startsWith(PICTURE_PATH) && answer.status === 200) {
      expect(answer.contentType).toMatch(/^image\/(?:png|jpeg|webp)$/);
    } else if (answer.method === 'HEAD') {
      expect(answer.status).toBe(404);
    } else {
      expectKo(answer, ['NOT_FOUND']);
    }
  }

  it('API-03 answers any method on any address with the envelope, NOT_FOUND where nothing is served, and does nothing', async () => {
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(
          path,
          method,
          fc.option(text(0, 200), { nil: undefined }),
          async (at, verb, body) => {
            const sentMethod = asSent(verb);
            const carriesBody = !['GET', 'HEAD'].includes(sentMethod);
            const answer = await send({
              method: verb,
              path: at,
              headers: { 'content-type': 'application/json', [NETWORK_HEADER]: String(LUMIERE_ID) },
              body: carriesBody ? body : undefined,
            });
            answer.method = sentMethod;
            expectedAt(at, sentMethod, answer);
          },
        ),
        { numRuns: RUNS.methods },
      ),
    );
  });

  it('API-03 ignores any query string and header it does not read, and does nothing without a signature', async () => {
    const anyRoute = fc.oneof(
      fc
        .constantFrom(...CALL_CASES)
        .chain((call) => call.valid.map((payload) => ({ call, payload: payload as Payload | undefined }))),
      fc.constant({ call: undefined, payload: undefined }),
    );
    await expectNothingDone(() =>
      fc.assert(
        fc.asyncProperty(
          anyRoute,
          queryString,
          randomHeaders,
          fc.stringMatching(HEX40),
          fc.boolean(),
          pictureName,
          async ({ call, payload }, query, headers, signature, health, name) => {
            if (!call || !payload) {
              const at = `${health ? '/healthz' : `${PICTURE_PATH}${name}`}?${query}`;
              expectedAt(at, 'GET', await send({ method: 'GET', path: at, headers }));
              return;
            }
            const wire = encode(call.contract, { ...payload, [SIGNATURE_FIELD]: signature }, headers);
            wire.path = `${wire.path}${wire.path.includes('?') ? '&' : '?'}${query}`;
            expectKo(await send(wire), BEFORE_SIGNATURE);
          },
        ),
        { numRuns: RUNS.queries },
      ),
    );
  });

  it('serves a stored picture as an attachment and answers NOT_FOUND for any other name', async () => {
    await fc.assert(
      fc.asyncProperty(pictureName, async (name) => {
        const response = await testApp.current.app.request(`${PICTURE_PATH}${name}`);
        if (name === fixtures().pictureName) {
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('image/png');
          expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
          expect(response.headers.get('x-content-type-options')).toBe('nosniff');
          // Kept re-encoded: a PNG still, of the same one pixel.
          const { format, width, height } = await sharp(
            new Uint8Array(await response.arrayBuffer()),
          ).metadata();
          expect([format, width, height]).toEqual(['png', 1, 1]);
          return;
        }
        expectKo(
          {
            method: 'GET',
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            text: await response.text(),
          },
          ['NOT_FOUND'],
        );
      }),
      { numRuns: RUNS.pictures },
    );
  });
});

describe(`${JWKS_ROUTE}`, () => {
  it('API-03 answers a JWK Set for a network the header names, else NETWORK_NOT_FOUND, never a 5xx', async () => {
    const networkIds = fixtures().networkIds;
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.oneof(fc.constantFrom(...networkIds.map(String)), fc.stringMatching(/^[!-~]{0,20}$/)), {
          nil: undefined,
        }),
        text(0, 30),
        async (networkId, query) => {
          const headers: Record<string, string> =
            networkId === undefined ? {} : { [NETWORK_HEADER]: networkId };
          const answer = await send({
            method: 'GET',
            path: `${JWKS_PATH}?q=${encodeSafely(query, encodeURIComponent)}`,
            headers,
          });
          if (networkId !== undefined && networkIds.map(String).includes(networkId)) {
            expect(answer.status).toBe(200);
            expect((JSON.parse(answer.text) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
            return;
          }
          expectKo(answer, ['NETWORK_NOT_FOUND']);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe(`${DOCUMENT_FILE_ROUTE}`, () => {
  it('API-03 answers NOT_FOUND in the envelope to any token and any authorisation, never a file or a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        text(0, 60),
        fc.option(fc.stringMatching(/^[!-~]{0,80}$/), { nil: undefined }),
        fc.boolean(),
        async (token, authorization, withHeader) => {
          const headers: Record<string, string> = {};
          if (withHeader) headers[NETWORK_HEADER] = String(LUMIERE_ID);
          if (authorization !== undefined)
            headers.authorization = `Bearer ${authorization.replace(/[\r\n]/g, '')}`;
          const response = await testApp.current.app.request(
            `${DOCUMENT_FILES_PATH}/${encodeSafely(token, encodeURIComponent)}`,
            { headers },
          );
          expectKo(
            {
              method: 'GET',
              status: response.status,
              contentType: response.headers.get('content-type') ?? '',
              text: await response.text(),
            },
            ['NOT_FOUND'],
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
