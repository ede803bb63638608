// The transport card calls (MEDIA_CALLS, decision 0032). The handler picks what the service needs,
// calls it, and answers; a change answers the account's cards as getMedias lists them after it.
import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { Hono } from 'hono';
import type { UserRow } from '../../db/schema/users.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { listMedia, type MediaContext } from './list-media.ts';
import { registerMedia } from './register-media.ts';
import { reportMediaIncident } from './report-media-incident.ts';
import { searchMediaForSignin } from './search-media-for-signin.ts';
import { unregisterMedia } from './unregister-media.ts';

export function mediaRoutes() {
  const app = new Hono<AppEnv>();
  const calls = MEDIA_CALLS;
  const contextOf = (input: {
    deps: AppDeps;
    network: LoadedNetwork;
    user: UserRow;
    payload: { lang?: Locale | undefined };
  }): MediaContext => ({
    db: input.deps.db,
    cards: input.deps.cards,
    network: input.network,
    user: input.user,
    now: input.deps.clock.now(),
    lang: input.payload.lang,
  });

  // What a proof's tries need to email a card's holder (decision 0036).
  const mailOf = (deps: AppDeps) => ({
    mailer: deps.mailer,
    logger: deps.logger,
    shopPort: deps.shopPort,
    jobs: deps.jobs,
  });

  mountCall(app, calls.getMedias, (input) => listMedia(contextOf(input)));

  mountCall(app, calls.registerMedia, (input) =>
    registerMedia({
      ...contextOf(input),
      ...mailOf(input.deps),
      userId: input.payload.userId,
      number: input.payload.mediaNumber,
      proof: {
        birthDate: input.payload.mediaCustomerBirthDate,
        printedCode: input.payload.mediaPrintedCode,
      },
      clientAddress: input.client.address,
    }),
  );

  mountCall(app, calls.unregisterMedia, async (input) => {
    const context = contextOf(input);
    await unregisterMedia({ ...context, mediaId: input.payload.mediaId });
    return listMedia(context);
  });

  mountCall(app, calls.reportMediaIncident, async (input) => {
    const context = contextOf(input);
    await reportMediaIncident({ ...context, mediaId: input.payload.mediaId, kind: input.payload.kind });
    return listMedia(context);
  });

  mountCall(app, calls.searchLocalMediaForSignin, ({ payload, deps, network, client }) =>
    searchMediaForSignin({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      cards: deps.cards,
      keys: deps.identityKeys,
      network,
      clientAddress: client.address,
      number: payload.mediaNumber,
      birthDate: payload.mediaCustomerBirthDate,
    }),
  );

  return app;
}
