// /products/{id}: the product page. Its loader sends /products and /products/ home (ROUTE-03) and
// fills the query cache with the catalogue and the signed-in user, so the page shows at once; a
// failed call is said on the page, with a way to try again. Lines go to the page's cart
// (lib/cart), unless a provider above hands another add (tests).
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { addToCart } from '../../../lib/cart/add-to-cart.ts';
import { getProductsQueryOptions } from '../../../lib/catalogue/get-products.ts';
import { currentUser } from '../../../lib/session/guards.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { useAddToCart } from '../add-to-cart.tsx';
import { ProductDetails } from '../components/product-details.tsx';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  if (!params.id) throw redirect(localePath(locale, paths.home));
  const runtime = await getSessionRuntime();
  await Promise.all([
    runtime.queryClient.prefetchQuery(getProductsQueryOptions(runtime.client, runtime.network.id, locale)),
    currentUser(runtime),
  ]);
  return null;
}

function ProductRoute() {
  const { id = '' } = useParams();
  const onAddToCart = useAddToCart() ?? addToCart;
  // An id that is not a number names no item: the page says the product is not for sale.
  return <ProductDetails key={id} shopItemId={/^\d+$/.test(id) ? Number(id) : 0} onAddToCart={onAddToCart} />;
}

export function Component() {
  return (
    <WithSession>
      <ProductRoute />
    </WithSession>
  );
}
