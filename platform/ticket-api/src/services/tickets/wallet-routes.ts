// The wallet's calls (WALLET_CALLS, decision 0030): the caller's tickets and overview, a guest's by
// their order's tickets reference, the designs and keys, activation, transfer, the online check of
// a code and the contract's documents. Each handler finds what the caller reaches, calls the
// service and answers, its instants on the network's clock (decision 0038).

import { JWKS_MAX_AGE_SECONDS, JWKS_PATH, WALLET_CALLS } from '@transit-shop/sdk/contract/wallet';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall, NETWORK_HEADER } from '../../http/mount-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { blueprintsOf } from './blueprints.ts';
import { contractAttestation, contractSticker } from './contract-documents.ts';
import { decodeTicketCode } from './decode-ticket-code.ts';
import { type Punched, punchTicket } from './punch-ticket.ts';
import { callersTickets, guestsTickets } from './ticket-access.ts';
import { transferContract } from './transfer-contract.ts';
import { walletRowOf, walletTicketOf } from './wallet-answer.ts';
import { listWalletTickets, walletOverview } from './wallet-tickets.ts';

const forbidden = () => new AppError('FORBIDDEN', { message: 'Not one of the account’s travellers' });

/** The ticket as it is after a change, seen from the device that made it. */
async function ticketAfter(options: {
  deps: AppDeps;
  network: LoadedNetwork;
  reach: SQL;
  ticketId: number;
  thumbprint: string | null;
  lang: Locale | undefined;
  now: Date;
}) {
  const row = await walletRowOf(options.deps.db, options.reach, options.ticketId, options.deps.cards);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return walletTicketOf({
    row,
    network: options.network,
    signer: options.deps.ticketSigner,
    deviceThumbprint: options.thumbprint,
    lang: options.lang,
    now: options.now,
  });
}

export function walletRoutes() {
  const app = new Hono<AppEnv>();
  const calls = WALLET_CALLS;

  mountCall(app, calls.getWallet, async ({ payload, deps, network, user }) => {
    const now = deps.clock.now();
    const reach = await callersTickets({
      db: deps.db,
      network,
      user,
      userId: payload.userId,
      refusal: forbidden,
    });
    const list = await listWalletTickets({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      cards: deps.cards,
      reach,
      lang: payload.lang,
      now,
    });
    return {
      groups: walletOverview(list, payload),
      syncedAt: networkInstantText(now, network.network.config.timeZone),
    };
  });

  mountCall(app, calls.tickets, async ({ payload, deps, network, user }) => {
    const now = deps.clock.now();
    const reach = await callersTickets({
      db: deps.db,
      network,
      user,
      userId: payload.userId,
      refusal: forbidden,
    });
    const list = await listWalletTickets({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      cards: deps.cards,
      reach,
      filters: { ids: payload.id, productIds: payload.blueprintId, networkIds: payload.networkId },
      deviceKey: payload.deviceKey,
      lang: payload.lang,
      now,
    });
    return { tickets: list, syncedAt: networkInstantText(now, network.network.config.timeZone) };
  });

  mountCall(app, calls.guestTickets, async ({ payload, deps, network }) => {
    const now = deps.clock.now();
    const reach = await guestsTickets({ db: deps.db, network, reference: payload.reference });
    const list = await listWalletTickets({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      cards: deps.cards,
      reach,
      deviceKey: payload.deviceKey,
      guest: true,
      lang: payload.lang,
      now,
    });
    return { tickets: list, syncedAt: networkInstantText(now, network.network.config.timeZone) };
  });

  mountCall(app, calls.blueprints, ({ payload, network }) => ({
    blueprints: blueprintsOf({ network, productIds: payload.productId, lang: payload.lang }),
  }));

  mountCall(app, calls.keys, ({ deps, network }) =>
    deps.ticketSigner.publishedKeys(network.network.config.id),
  );

  // The same keys as a plain JWK Set for any JOSE library (decision 0040), for the network the
  // tenant service names. The caching headers are set around the ETag check, so a 304 keeps them.
  app.get(
    JWKS_PATH,
    async (c, next) => {
      await next();
      if (c.res.status !== 200 && c.res.status !== 304) return;
      c.res.headers.set('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      c.res.headers.set('access-control-allow-origin', '*');
    },
    etag(),
    async (c) => {
      const id = c.req.header(NETWORK_HEADER) ?? '';
      const network = /^[1-9]\d{0,15}$/.test(id) ? c.var.deps.networks.byId(Number(id)) : undefined;
      if (!network) throw new AppError('NETWORK_NOT_FOUND');
      return c.json(await c.var.deps.ticketSigner.publishedKeys(network.network.config.id));
    },
  );

  const punched = async (
    input: { deps: AppDeps; network: LoadedNetwork; reach: SQL; lang: Locale | undefined; now: Date },
    punch: Punched,
  ) => ({
    ticket: await ticketAfter({ ...input, ticketId: punch.ticketId, thumbprint: punch.thumbprint }),
    activatedAt: networkInstantText(punch.activatedAt, input.network.network.config.timeZone),
  });

  mountCall(app, calls.punchTicket, async ({ payload, deps, network, user }) => {
    const now = deps.clock.now();
    const reach = await callersTickets({ db: deps.db, network, user, userId: payload.userId });
    const punch = await punchTicket({ db: deps.db, network, reach, ...payload, now });
    return punched({ deps, network, reach, lang: payload.lang, now }, punch);
  });

  mountCall(app, calls.punchGuestTicket, async ({ payload, deps, network }) => {
    const now = deps.clock.now();
    const reach = await guestsTickets({ db: deps.db, network, reference: payload.reference });
    const punch = await punchTicket({ db: deps.db, network, reach, ...payload, now });
    return punched({ deps, network, reach, lang: payload.lang, now }, punch);
  });

  mountCall(app, calls.transferContract, async ({ payload, deps, network, user }) => {
    const now = deps.clock.now();
    const reach = await callersTickets({ db: deps.db, network, user, userId: payload.userId });
    const moved = await transferContract({
      db: deps.db,
      cards: deps.cards,
      network,
      reach,
      ticketId: payload.ticketId,
      target: payload.target,
      deviceKey: payload.deviceKey,
      mediaId: payload.mediaId,
      now,
    });
    const ticket = await ticketAfter({
      deps,
      network,
      reach,
      ticketId: payload.ticketId,
      thumbprint: moved.thumbprint,
      lang: payload.lang,
      now,
    });
    return { transfer: moved.transfer, ticket };
  });

  mountCall(app, calls.decode, ({ payload, deps, network }) =>
    decodeTicketCode({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      code: payload.encodedPayload,
      lang: payload.lang,
      now: deps.clock.now(),
    }),
  );

  mountCall(app, calls.contractAttestation, async ({ payload, deps, network, user }) => {
    const reach = await callersTickets({ db: deps.db, network, user, userId: payload.userId });
    return contractAttestation({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      reach,
      ticketId: payload.ticketId,
      lang: payload.lang,
      now: deps.clock.now(),
    });
  });

  mountCall(app, calls.sticker, ({ payload, deps, network }) =>
    contractSticker({
      db: deps.db,
      network,
      signer: deps.ticketSigner,
      stickerId: payload.stickerId,
      lang: payload.lang,
      now: deps.clock.now(),
    }),
  );

  return app;
}
