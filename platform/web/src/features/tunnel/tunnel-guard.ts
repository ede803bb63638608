// The tunnel pages' loader (ROUTE-06): a signed-in customer, not a guest, on a network with
// has_media_tunnel and a tunnel under way, else home; a step the tunnel has not reached sends to
// its current step. It starts the page's tunnel, restored from local storage (TUN-01), with the
// account's travellers and cards and the network's new-card product.
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import {
  type TunnelStep,
  tunnelEntryRedirectOf,
  tunnelPageRedirectOf,
} from '@transit-shop/flows/tunnel/tunnel-rules';
import { creationProductOf } from '@transit-shop/sdk/catalogue/select-items';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { creationProductsPayload, getProductsCall } from '@transit-shop/sdk/contract/catalogue';
import type { Locale } from '@transit-shop/sdk/locales';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { currentUser } from '../../lib/session/guards.ts';
import { getSessionRuntime, type SessionRuntime } from '../../lib/session/session-runtime.ts';
import { transportCardsQueryOptions } from '../../lib/transport-cards/transport-cards.ts';
import { runningTunnel, type TunnelActor, tunnelFor } from '../../lib/tunnel/tunnel-runtime.ts';

/** The path of a tunnel step's page. */
export const tunnelPathOf = (step: TunnelStep) => `${paths.tunnel}/${step}`;

/** The network's new-card product (NET-09); none when the catalogue cannot be read now. */
async function creationProduct(runtime: SessionRuntime, locale: Locale) {
  try {
    return creationProductOf(
      (await runtime.client.call(getProductsCall, creationProductsPayload(locale))).categories,
    );
  } catch {
    return null;
  }
}

async function startTunnel(runtime: SessionRuntime, user: AuthUser, userToken: string, locale: Locale) {
  const [medias, newCard] = await Promise.all([
    runtime.queryClient.ensureQueryData(transportCardsQueryOptions(runtime.client, user.userId, locale)),
    creationProduct(runtime, locale),
  ]);
  return tunnelFor(userToken, {
    travellers: {
      holderId: user.userId,
      profileIds: user.profiles.filter((profile) => profile.active).map((profile) => profile.userId),
    },
    medias,
    pairing: runtime.network.configuration.has_media_tunnel_pairing,
    creationProduct: newCard,
    timeZone: runtime.network.timeZone,
  });
}

export async function tunnelLoader(step: TunnelStep, { request }: LoaderFunctionArgs): Promise<null> {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const home = localePath(locale, paths.home);
  const runtime = await getSessionRuntime();
  const session = runtime.actor.getSnapshot();
  const status = sessionStatusOf(session);
  const viewer = { signedIn: status === 'loggedIn', guest: status === 'guest' };
  const network = runtime.network.configuration;
  const ticket = session.context.ticket;
  if (tunnelEntryRedirectOf(viewer, network) !== null || !ticket) throw redirect(home);
  let actor: TunnelActor | undefined = runningTunnel(ticket.userToken);
  if (!actor) {
    const user = await currentUser(runtime);
    if (!user || user.authAsGuest) throw redirect(home);
    actor = await startTunnel(runtime, user, ticket.userToken, locale);
  }
  const { context } = actor.getSnapshot();
  const target = tunnelPageRedirectOf({
    viewer,
    network,
    tunnel: context.item === null ? null : context,
    requested: step,
  });
  if (target === '/') throw redirect(home);
  if (target !== null) throw redirect(localePath(locale, tunnelPathOf(target)));
  return null;
}
