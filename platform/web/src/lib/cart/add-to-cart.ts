// What the product page calls to put a line in the cart: it starts the page's cart if it does not
// run yet, adds the line under the cart's rules, and opens the cart sidebar. A refused line throws
// the catalogue's error of its refusal (SUPPORT_NOT_OFFERED, PRODUCT_ALREADY_IN_CART...), which the
// product page says. A line is bought for one period unless it says it is a tacit subscription. The
// cart's code loads on the first add, not with the product page.
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import type { StartChoice } from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { currentUser } from '../session/guards.ts';
import { getSessionRuntime } from '../session/session-runtime.ts';
import { readSessionStatus } from '../session/session-status.ts';

/** A line as the product page builds it (spec 01 §3 "Cart item", without its id), its start as chosen. */
export type CartLineToAdd = Partial<StartChoice> & {
  readonly item: ShopItem;
  readonly quantity: number;
  readonly profile?: number | null;
  readonly delivery: Support;
  readonly mediaId?: number | null;
  /** An extra shop item sold with each unit: a new transport card for a contract bought on one. */
  readonly option?: ShopItem | null;
  readonly fields?: Readonly<Record<string, string | number | boolean>>;
  readonly documents?: readonly number[];
  /** Bought as a tacit subscription; for one period when left out. */
  readonly isSubscription?: boolean;
};

/**
 * Who adds: a guest or not, and the provider the session was opened with (CAT-03, CHK-03), read as
 * the page's useCatalogueViewer reads it. Not imported from there: the cart's chunk would then
 * share that module, which splits the shop's chunk in two and lengthens the home page's list of chunks.
 */
async function viewerOfPage(): Promise<CatalogueViewer> {
  const user = await currentUser(await getSessionRuntime());
  return { guest: readSessionStatus() === 'guest', signInDriver: user?.signedInWith?.driver ?? null };
}

export async function addToCart(line: CartLineToAdd, viewer?: CatalogueViewer): Promise<void> {
  const [{ getCartRuntime }, { AppError }, adder] = await Promise.all([
    import('./cart-runtime.ts'),
    import('@transit-shop/sdk/errors/app-error'),
    viewer ?? viewerOfPage(),
  ]);
  const { actor } = await getCartRuntime();
  actor.send({
    type: 'ADD_ITEM',
    item: {
      item: line.item,
      quantity: line.quantity,
      delivery: line.delivery,
      profile: line.profile ?? null,
      mediaId: line.mediaId ?? null,
      option: line.option ?? null,
      startMonth: line.startMonth ?? null,
      startDate: line.startDate ?? null,
      startTime: line.startTime ?? null,
      startOffset: line.startOffset ?? null,
      fields: { ...line.fields },
      documents: [...(line.documents ?? [])],
      isSubscription: line.isSubscription ?? false,
    },
    viewer: adder,
  });
  const { refusal } = actor.getSnapshot().context;
  if (refusal) throw new AppError(refusal.code);
  actor.send({ type: 'VISIBILITY_CHANGED', visible: true });
}
