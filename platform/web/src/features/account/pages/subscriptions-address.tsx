// ROUTE-12: /subscriptions and /account/subscriptions, where older shops listed subscriptions, lead
// to the account's tacit subscriptions (replacing the address in the history, in its language) on a
// network that sells them; elsewhere they name nothing and show the not-found page.
import { type LoaderFunctionArgs, replace } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { hasSubscriptions } from '../account-guard.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await hasSubscriptions())) return null;
  const url = new URL(request.url);
  throw replace(`${localePath(splitLocale(url.pathname).locale, paths.accountTacit)}${url.search}`);
}

export function Component() {
  return <NotFoundPage />;
}
