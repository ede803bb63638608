// The order key's idempotency (decision 0019): what makes two placements the same order, and the
// order a key placed before.
import { createHash } from 'node:crypto';
import { canonicalJson } from '@transit-shop/sdk/signing/canonical-string';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../../db/schema/orders.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import type { PlaceOrderRequest } from './place-order-request.ts';

/**
 * What makes two placements the same order: everything the buyer chose, not the session, the page
 * language, the return page (a retry from the page in another language is the same order) or the
 * confirmation of a repeat (a retry of a confirmed placement is the same order).
 */
export function requestHash(request: PlaceOrderRequest): string {
  const {
    userToken: _token,
    lang: _lang,
    returnUrl: _returnUrl,
    confirmRepeat: _confirmRepeat,
    ...rest
  } = request;
  const { signature: _signature, ...chosen } = rest as typeof rest & { signature?: string };
  return createHash('sha256').update(canonicalJson(chosen)).digest('hex');
}

export async function findOrder(deps: CheckoutDeps, network: LoadedNetwork, user: UserRow, orderKey: string) {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.networkId, network.network.config.id),
        eq(orders.userId, user.id),
        eq(orders.orderKey, orderKey),
      ),
    )
    .limit(1);
  return order;
}
