// The checkout's rules beyond the cart's pricing (decision 0019), in the order they are checked, each
// refusal with its error code and field: the guest's (NET-03, AUTH-04, CHK-07, CHK-02; CHK-03, the
// items a guest gets on a card only, is the pricing's, which reads a guest session as a guest
// viewer), the customer's (CHK-04, the saved method), the documents each line gives for its item's
// required types (CHK-08: valid, or being checked where the network allows it), the card each PHYSICAL
// article is loaded on (decision 0032) or the new card the order buys for it (decision 0037), then the
// delivery (CHK-05, ACC-02). The rules themselves are the sdk's, shared with the browser's checkout.
import { goesOnNewCard } from '@transit-shop/sdk/catalogue/article-rules';
import {
  areGuestOrdersAllowed,
  type CheckoutLine,
  isCollectArticle,
  isGuestInstallmentCount,
  isWithinGuestAmount,
  missingShippingAddressParts,
  needsShippingAddress,
} from '@transit-shop/sdk/checkout/checkout-rules';
import type { Delivery, OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import { AppError, type FieldIssue } from '@transit-shop/sdk/errors/app-error';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { newCardProductOf } from '@transit-shop/tenancy/new-card-product';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type SavedPaymentMethodRow, savedPaymentMethods } from '../../../db/schema/payments.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import type { CardRegistry } from '../../card-registry/card-registry.ts';
import { orderLineDocumentsCovered } from '../../documents/order-line-documents.ts';
import { checkCardForOrderLine } from '../../media/card-for-order-line.ts';
import { cardOfArticle, checkCardHolders } from '../../media/shop-cards.ts';
import { refusal } from '../pricing/price-cart.ts';

export type CheckoutChoices = {
  articles: readonly OrderArticle[];
  totalAmount: number;
  /** Null for an order without payment (Order/create.json). */
  paymentMethod: OnlinePaymentMethod | null;
  installments: number;
  savedPaymentMethodId: number | null;
  saveMethod: boolean;
  delivery: Delivery | null;
  invoiceEmail: string | null;
};

export const isGuest = (user: UserRow) => user.status === 'GUEST';

function checkGuest(network: LoadedNetwork, choices: CheckoutChoices): void {
  const config = network.network.config;
  if (!areGuestOrdersAllowed(config)) throw new AppError('GUEST_ORDER_NOT_ALLOWED');
  if (choices.savedPaymentMethodId !== null)
    throw refusal('GUEST_PAYMENT_METHOD_NOT_ALLOWED', 'savedPaymentMethodId');
  if (choices.saveMethod) throw refusal('GUEST_PAYMENT_METHOD_NOT_ALLOWED', 'saveMethod');
  // A subscription is managed, renewed and terminated in an account (decision 0043).
  const subscribed = choices.articles.findIndex((article) => article.isSubscription);
  if (subscribed >= 0)
    throw refusal('GUEST_SUBSCRIPTION_NOT_ALLOWED', `articles.${subscribed}.isSubscription`);
  if (!isGuestInstallmentCount(choices.installments))
    throw refusal('GUEST_PAYMENT_METHOD_NOT_ALLOWED', 'installments');
  if (choices.invoiceEmail === null) throw refusal('INVOICE_EMAIL_MISSING', 'invoiceEmail');
  if (!isWithinGuestAmount(config, choices.totalAmount)) throw new AppError('GUEST_AMOUNT_EXCEEDED');
}

async function savedMethodOf(
  db: Database,
  network: LoadedNetwork,
  user: UserRow,
  choices: CheckoutChoices,
): Promise<SavedPaymentMethodRow | null> {
  if (choices.savedPaymentMethodId === null || choices.paymentMethod === null) return null;
  const [method] = await db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.id, choices.savedPaymentMethodId),
        eq(savedPaymentMethods.userId, user.id),
        eq(savedPaymentMethods.networkId, network.network.config.id),
        isNull(savedPaymentMethods.removedAt),
      ),
    )
    .limit(1);
  // A method of another kind than the one chosen is not the one the buyer meant.
  if (!method || method.kind !== choices.paymentMethod)
    throw refusal('SAVED_METHOD_NOT_FOUND', 'savedPaymentMethodId');
  return method;
}

/** CHK-08: each line's documents cover its item's required types, for the line's traveller. */
async function checkDocuments(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  articles: readonly OrderArticle[];
  now: Date;
}): Promise<void> {
  const items = new Map(options.network.catalogue.shopItems.map((item) => [item.shopItemId, item]));
  for (const [index, article] of options.articles.entries()) {
    const required = items.get(article.shopItemId)?.requiredDocuments ?? [];
    if (required.length === 0) continue;
    const covered =
      !isGuest(options.user) &&
      (await orderLineDocumentsCovered(options.db, {
        network: options.network,
        accountId: options.user.id,
        travellerId: article.customerId ?? options.user.id,
        itemId: article.shopItemId,
        requiredTypeIds: required,
        documentIds: article.documents,
        now: options.now,
      }));
    if (!covered) throw refusal('INVALID_DOCUMENT', `articles.${index}.documents`);
  }
}

/**
 * A PHYSICAL article naming a card: the card is the buyer's, for the holder or the line's traveller,
 * linked and usable; its refusal names the article's field.
 */
async function checkCards(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  user: UserRow;
  articles: readonly OrderArticle[];
  now: Date;
}): Promise<void> {
  for (const [index, article] of options.articles.entries()) {
    if (article.support !== 'PHYSICAL' || article.mediaId === null) continue;
    await checkCardForOrderLine({
      ...options,
      mediaId: article.mediaId,
      customerId: article.customerId,
      replacing: cardOfArticle(options.network, article) === 'REPLACEMENT',
    }).catch((error: unknown) => {
      // The card's refusals name the article; the registry's failure (MEDIA_ERROR) names nothing.
      const { code } = error as { code?: unknown };
      if (
        error instanceof AppError &&
        isErrorCode(code) &&
        code.startsWith('MEDIA_') &&
        code !== 'MEDIA_ERROR'
      )
        throw refusal(code, `articles.${index}.mediaId`);
      throw error;
    });
  }
}

/** An item the catalogue does not hold has no tag: it is never collected. */
const UNKNOWN_ITEM = { tags: '' };

/**
 * Decision 0037: a customer's PHYSICAL article that names no card of the account and is not collected
 * goes on a new card sent by post, which the order buys for its traveller: the network's new-card
 * product (NET-09) as the option of one of that traveller's articles, once. A network without one
 * sends no card by post. A guest's card by post is not checked here (decision 0037, open).
 */
function checkNewCards(network: LoadedNetwork, user: UserRow, articles: readonly OrderArticle[]): void {
  if (isGuest(user)) return;
  const newCard = newCardProductOf(network.catalogue)?.item ?? null;
  const items = new Map(network.catalogue.shopItems.map((item) => [item.shopItemId, item]));
  const travellerOf = (article: OrderArticle) => article.customerId ?? user.id;
  const carded = new Set<number>();
  articles.forEach((article, index) => {
    if (article.optionShopItemId === null || cardOfArticle(network, article) !== 'NEW') return;
    const at = `articles.${index}.optionShopItemId`;
    // Another item tagged as a new card is not the one the network names.
    if (article.optionShopItemId !== newCard?.shopItemId) throw refusal('SHOP_ITEM_NOT_OFFERED', at);
    // A traveller's card carries all their tickets by post: a second one would carry none.
    if (carded.has(travellerOf(article))) throw refusal('PRODUCT_ALREADY_IN_CART', at);
    carded.add(travellerOf(article));
  });
  articles.forEach((article, index) => {
    const item = items.get(article.shopItemId) ?? UNKNOWN_ITEM;
    if (!goesOnNewCard({ ...article, item }) || carded.has(travellerOf(article))) return;
    throw refusal(
      newCard ? 'MEDIA_NEW_CARD_MISSING' : 'MEDIA_NEW_CARD_NOT_OFFERED',
      `articles.${index}.mediaId`,
    );
  });
}

/**
 * CHK-05: an item picked up at an agency needs a collect at one of the network's sites, with a
 * slot. Any other PHYSICAL article that goes on no card the buyer holds is posted: it needs a
 * collect or a complete shipping address (ACC-02).
 */
function checkDelivery(network: LoadedNetwork, choices: CheckoutChoices): void {
  const { delivery, articles } = choices;
  const items = new Map(network.catalogue.shopItems.map((item) => [item.shopItemId, item]));
  const lines: CheckoutLine[] = articles.map((article) => ({
    item: items.get(article.shopItemId) ?? UNKNOWN_ITEM,
    support: article.support,
    mediaId: article.mediaId,
  }));
  if (lines.some(isCollectArticle) && delivery?.mode !== 'COLLECT')
    throw refusal('COLLECT_AGENCY_MISSING', 'delivery');
  if (delivery?.mode === 'COLLECT') {
    const site = network.network.config.collectSites.find((candidate) => candidate.id === delivery.siteId);
    if (!site) throw refusal('COLLECT_AGENCY_MISSING', 'delivery.siteId');
    return;
  }
  if (!needsShippingAddress(lines)) return;
  const missing = missingShippingAddressParts(delivery?.mode === 'SHIPPING' ? delivery.address : null);
  if (missing.length > 0) {
    const issues: FieldIssue[] = missing.map((part) => ({
      path: `delivery.address.${part}`,
      message: VALIDATION_MESSAGES.required,
    }));
    throw new AppError('SHIPPING_ADDRESS_INCOMPLETE', { details: { issues } });
  }
}

/** Runs the checkout's rules; answers the saved method to charge, if any. */
export async function checkCheckout(options: {
  db: Database;
  cards: CardRegistry;
  now: Date;
  network: LoadedNetwork;
  user: UserRow;
  choices: CheckoutChoices;
}): Promise<{ savedMethod: SavedPaymentMethodRow | null }> {
  const { db, network, user, choices } = options;
  let savedMethod: SavedPaymentMethodRow | null = null;
  if (isGuest(user)) {
    checkGuest(network, choices);
  } else {
    const verifiedAt = user.verifiedAt?.toISOString() ?? null;
    if (!isAccountVerified({ verifiedAt }, network.network.config.authenticationProviders))
      throw new AppError('ACCOUNT_NOT_VERIFIED');
    savedMethod = await savedMethodOf(db, network, user, choices);
  }
  await checkDocuments({ db, network, user, articles: choices.articles, now: options.now });
  await checkCards({ db, cards: options.cards, network, user, articles: choices.articles, now: options.now });
  checkNewCards(network, user, choices.articles);
  await checkCardHolders({ db, network, user, articles: choices.articles });
  checkDelivery(network, choices);
  return { savedMethod };
}
