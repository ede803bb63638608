// The click-and-collect calls (COLLECT_CALLS): the pick-up slots of a collect site. Guests order
// too: no session.
import { COLLECT_CALLS } from '@transit-shop/sdk/contract/collect';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { collectSiteOf } from './collect-site.ts';
import { earliestSlotStart, listCollectSlots } from './list-collect-slots.ts';

export function collectRoutes() {
  const app = new Hono<AppEnv>();

  mountCall(app, COLLECT_CALLS.getSlots, async ({ payload, network, deps }) => {
    const config = network.network.config;
    const site = collectSiteOf(config, payload.siteId);
    const now = deps.clock.now();
    return {
      siteId: site.id,
      timeZone: config.timeZone,
      slotMinutes: site.pickUp.slotMinutes,
      earliestStart: earliestSlotStart(now).toISOString(),
      slots: await listCollectSlots(deps.db, { network: config, siteId: site.id, now, from: payload.from }),
    };
  });

  return app;
}
