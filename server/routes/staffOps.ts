// The staff's controls of the shop during the day, under /api/staff/{shopId} (mounted by
// routes/staff.ts: the caller is checked there — this shop's staff or its POS key):
//   GET  …/ops                       state, settings, connected devices, the sold-out list
//   POST …/ops/pause      {minutes}  15 | 30 | 60 | 'tomorrow' | null ('Wieder annehmen')
//   POST …/ops/busy       {minutes}  0 | 15 | 30 | 45 | 60 ('Viel los')
//   POST …/ops/sold-out   {id, mark} mark 'tonight' | 'untilBack' | null (available again)
//   POST …/ops/settings   {answerMinutes?, deviceWatch?}  owner only (logged in)
//   POST …/orders/{id}/refund-retry  a failed refund now
//   POST …/test/watch?at=&order=     test mode only (TISCHLEIN_TEST_CLOCK=1): one round of the order watch at `at`
import { Hono } from 'hono';
import * as v from 'valibot';
import { acceptPresets } from '@shared/inbox';
import {
  BUSY_MAX, isAnswerMinutes, isBusyMinutes, OPS_TEXTS, PAUSE_CHOICES, soldOutCandidates, type PauseChoice,
} from '@shared/ops';
import { instantFrom, type ServerContext } from '../context';
import { HttpError } from '../http';
import type { PaymentRegistry } from '../payments';
import { connectedDevices, readOps, setBusy, setPause, setSoldOut, setWatchSettings, shopLive } from '../staff/ops';
import { inboxOrder, retryRefund } from '../staff/orders';
import { staffShop } from '../staff/shop';
import { runOrderWatch } from '../staff/watch';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

const PauseSchema = v.object({
  minutes: v.nullable(v.picklist(PAUSE_CHOICES as unknown as (number | string)[], OPS_TEXTS.badPause), null),
});
const BusySchema = v.object({ minutes: v.pipe(v.number(OPS_TEXTS.badBusy), v.check((n: number) => isBusyMinutes(n), OPS_TEXTS.badBusy)) });
const SoldOutSchema = v.object({
  id: v.pipe(v.string(OPS_TEXTS.badItem), v.minLength(1, OPS_TEXTS.badItem), v.maxLength(100, OPS_TEXTS.badItem)),
  mark: v.nullable(v.picklist(['tonight', 'untilBack'], "mark: expected 'tonight', 'untilBack' or null")),
});
const SettingsSchema = v.object({
  answerMinutes: v.optional(v.pipe(v.number(OPS_TEXTS.badAnswerMinutes), v.check((n: number) => isAnswerMinutes(n), OPS_TEXTS.badAnswerMinutes))),
  deviceWatch: v.optional(v.boolean('deviceWatch: expected true or false')),
});

export function staffOpsRoutes(ctx: ServerContext, opts: { payments: PaymentRegistry }): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  /** What the staff app's 'Betrieb' section shows. */
  const view = async (shopId: string) => {
    const now = ctx.now();
    const { catalog, config } = await staffShop(ctx, shopId);
    const ops = await readOps(ctx.db, shopId);
    const live = await shopLive(ctx, shopId, now);
    const marks = new Map(ops.state.soldOut.map((s) => [s.id, s.until]));
    return {
      live,
      /** the shop's time zone: the app shows the shop's clock, wherever the tablet thinks it is */
      timeZone: config.timeZone,
      acceptPresets: acceptPresets(live.busyMinutes),
      busyMax: BUSY_MAX,
      settings: { answerMinutes: ops.answerMinutes, deviceWatch: ops.deviceWatch },
      devices: await connectedDevices(ctx.db, shopId, now),
      items: soldOutCandidates(catalog).map((c) => ({ ...c, soldOut: live.soldOut.includes(c.id), until: live.soldOut.includes(c.id) ? (marks.get(c.id) ?? null) : null })),
    };
  };

  app.get('/:shopId/ops', async (c) => c.json(await view(c.get('shopId'))));

  app.post('/:shopId/ops/pause', async (c) => {
    const { minutes } = await jsonOf(c, PauseSchema);
    await setPause(ctx, c.get('shopId'), minutes as PauseChoice | null);
    return c.json(await view(c.get('shopId')));
  });
  app.post('/:shopId/ops/busy', async (c) => {
    const { minutes } = await jsonOf(c, BusySchema);
    await setBusy(ctx, c.get('shopId'), minutes);
    return c.json(await view(c.get('shopId')));
  });
  app.post('/:shopId/ops/sold-out', async (c) => {
    const { id, mark } = await jsonOf(c, SoldOutSchema);
    const { catalog } = await staffShop(ctx, c.get('shopId'));
    // only what the menu has: the list cannot fill with made-up ids
    if (!soldOutCandidates(catalog).some((x) => x.id === id)) throw new HttpError(404, 'unknown_item', OPS_TEXTS.badItem);
    await setSoldOut(ctx, c.get('shopId'), id, mark);
    return c.json(await view(c.get('shopId')));
  });
  app.post('/:shopId/ops/settings', async (c) => {
    requireOwner(c);
    const body = await jsonOf(c, SettingsSchema);
    await setWatchSettings(ctx, c.get('shopId'), body);
    return c.json(await view(c.get('shopId')));
  });

  app.post('/:shopId/orders/:id/refund-retry', async (c) => {
    await jsonOf(c, v.object({}));
    const shopId = c.get('shopId');
    const order = await inboxOrder(ctx, shopId, c.req.param('id'));
    if (order.refundStatus !== 'failed') throw new HttpError(409, 'no_failed_refund', 'Für diese Bestellung ist keine Erstattung fehlgeschlagen.');
    await retryRefund(ctx, opts.payments, shopId, order.id);
    return c.json({ order: await inboxOrder(ctx, shopId, order.id) });
  });

  // Browser tests move the watch's clock (the auto-refusal after the answer time): only where
  // `?at=` moves clocks at all, which production refuses to start with.
  if (ctx.testClock) {
    app.post('/:shopId/test/watch', async (c) => {
      const { instant } = instantFrom(ctx, c.req.query('at'));
      const orderId = c.req.query('order') || undefined;
      return c.json(await runOrderWatch(ctx, opts.payments, instant, { shopId: c.get('shopId'), orderId }));
    });
  }

  return app;
}
