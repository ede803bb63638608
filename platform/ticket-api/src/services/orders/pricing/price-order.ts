// What the three order calls share: the optional caller, the travellers the articles are for, the
// cart priced from the catalogue and its vouchers applied; answers verify's shape (VOUCH-04).
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import type { OrderArticle, VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import { type UserRow, users } from '../../../db/schema/users.ts';
import { resolveSession } from '../../sessions/resolve-session.ts';
import type { SessionPolicy } from '../../sessions/session-policy.ts';
import { sessionProviderOf } from '../../sessions/session-provider.ts';
import { findVouchers } from '../../vouchers/find-vouchers.ts';
import { normaliseVoucherCode } from '../../vouchers/sync-vouchers.ts';
import { type AppliedVouchers, applyVouchers } from './apply-vouchers.ts';
import { type PricedCart, priceCart, refusal } from './price-cart.ts';

export type CartRequest = {
  userToken?: string | undefined;
  userId?: number | undefined;
  lang?: Locale | undefined;
  articles: readonly OrderArticle[];
  vouchers: readonly string[];
  shippingFeeShopItemId: number | null;
};

/** Who asks: the signed-in account and its session, or nobody (a visitor fills a cart too). */
export type Caller = { user: UserRow | null; session: SessionRow | null };

/** The signed-in caller of a call whose session is optional. */
export async function resolveOptionalCaller(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  network: LoadedNetwork;
  userToken: string | undefined;
  userId: number | undefined;
}): Promise<Caller> {
  if (options.userToken === undefined) {
    if (options.userId !== undefined) throw new AppError('USER_NOT_CONNECTED');
    return { user: null, session: null };
  }
  const { session, user } = await resolveSession({
    db: options.db,
    clock: options.clock,
    policy: options.policy,
    token: options.userToken,
    networkId: options.network.network.config.id,
  });
  if (options.userId !== undefined && options.userId !== session.userId)
    throw new AppError('FORBIDDEN', { message: 'The session belongs to another user' });
  if (!user || user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  return { user, session };
}

/** Each article is for the caller or one of the caller's active traveller profiles. */
async function checkCustomers(db: Database, user: UserRow | null, articles: readonly OrderArticle[]) {
  const others = [
    ...new Set(
      articles.flatMap((article) =>
        article.customerId === null || article.customerId === user?.id ? [] : [article.customerId],
      ),
    ),
  ];
  if (others.length === 0) return;
  if (!user) {
    const position = articles.findIndex((article) => article.customerId !== null);
    throw new AppError('USER_NOT_CONNECTED', {
      details: { issues: [{ path: `articles.${position}.customerId`, message: 'USER_NOT_CONNECTED' }] },
    });
  }
  const profiles = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentUserId, user.id), eq(users.active, true), inArray(users.id, others)));
  const owned = new Set(profiles.map((profile) => profile.id));
  const position = articles.findIndex(
    (article) =>
      article.customerId !== null && article.customerId !== user.id && !owned.has(article.customerId),
  );
  if (position >= 0) throw refusal('PROFILE_NOT_FOUND', `articles.${position}.customerId`);
}

/** CAT-03, CHK-03: a guest, and the driver of the provider the session was opened with (decision 0044). */
export const viewerOf = (
  network: LoadedNetwork,
  user: UserRow | null,
  session: Pick<SessionRow, 'authProviderId'> | null | undefined,
): CatalogueViewer => ({
  guest: user?.status === 'GUEST',
  signInDriver: sessionProviderOf(network, session ?? null)?.driver ?? null,
});

export type PricedOrder = { priced: PricedCart; applied: AppliedVouchers; answer: VerifyAnswer };

export async function priceOrder(options: {
  db: Database;
  clock: Clock;
  network: LoadedNetwork;
  user: UserRow | null;
  /** The caller's session: a FranceConnect sign-in is offered no dematerialised support (CAT-03). */
  session?: Pick<SessionRow, 'authProviderId'> | null | undefined;
  request: CartRequest;
}): Promise<PricedOrder> {
  const { db, network, user, request } = options;
  const config = network.network.config;
  const now = options.clock.now();
  const priced = priceCart({
    network,
    articles: request.articles,
    shippingFeeShopItemId: request.shippingFeeShopItemId,
    viewer: viewerOf(network, user, options.session),
    now,
  });
  await checkCustomers(db, user, request.articles);
  const vouchers = await findVouchers({
    db,
    networkId: config.id,
    codes: request.vouchers.map(normaliseVoucherCode),
    userId: user?.id ?? null,
    locale: request.lang ?? config.defaultLanguage,
    defaultLanguage: config.defaultLanguage,
  });
  const applied = applyVouchers({
    lines: priced.lines,
    codes: request.vouchers,
    vouchers,
    normalise: normaliseVoucherCode,
    now,
  });
  const lines = priced.lines.map((line, index) => {
    const discountAmount = applied.lineDiscounts[index] ?? 0;
    return { ...line, discountAmount, totalAmount: line.amount - discountAmount };
  });
  return {
    priced,
    applied,
    answer: {
      currency: config.currency,
      lines,
      discounts: applied.discounts,
      subtotalAmount: priced.subtotalAmount,
      discountAmount: applied.discountAmount,
      totalAmount: priced.subtotalAmount - applied.discountAmount,
      paymentOptions: priced.paymentOptions,
      isSubscription: priced.isSubscription,
    },
  };
}
