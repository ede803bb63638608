// The catalogue calls (CATALOGUE_CALLS, decision 0016): the network's catalogue file answered in the
// language asked for, each call keeping its own items with the sdk's selectors. Guests browse: no
// session. Hiding items from the listing is the shop's (shopListing); the answers hold them all.
import { carriesAllTags, isMediaProduct, isUniversalProduct } from '@transit-shop/sdk/catalogue/select-items';
import { CATALOGUE_CALLS, type ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Locale } from '@transit-shop/sdk/locales';
import { catalogueAnswer, type LoadedNetwork } from '@transit-shop/tenancy';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';

const answerOf = (network: LoadedNetwork, locale: Locale, keep?: (item: ShopItem) => boolean) =>
  catalogueAnswer(
    { config: network.network.config, catalogue: network.catalogue },
    keep ? { locale, keep } : { locale },
  );

export function catalogueRoutes() {
  const app = new Hono<AppEnv>();
  const calls = CATALOGUE_CALLS;

  mountCall(app, calls.getProducts, ({ payload, network }) =>
    answerOf(network, payload.lang, carriesAllTags(payload.tags)),
  );
  mountCall(app, calls.getUniversalProducts, ({ payload, network }) =>
    answerOf(network, payload.lang, isUniversalProduct),
  );
  mountCall(app, calls.getMediaProducts, ({ payload, network }) =>
    answerOf(network, payload.lang, isMediaProduct),
  );
  mountCall(app, calls.shopCatalog, ({ payload, network }) => answerOf(network, payload.lang));

  return app;
}
