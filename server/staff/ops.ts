// The shop's state during the day in the database (shop_ops, sold_out, staff_streams): pause,
// busy, sold out, the owner's settings of the order watch, and the heartbeat rows of the staff's
// event streams (devices are counted across processes). The rules are shared/ops; this file
// reads and writes. Every change NOTIFYs the shop's staff devices ('ops') in its transaction.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ANSWER_MINUTES, DEVICE_STALE_MS, pauseEnd, shopLiveAt, tonightsClose, type PauseChoice, type ShopLive, type ShopOpsState,
} from '@shared/ops';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { notifyOrderEvent } from './events';
import { staffShop } from './shop';

export interface ShopOps {
  state: ShopOpsState;
  answerMinutes: number;
  deviceWatch: boolean;
  lastDeviceAt: string | null;
  noDeviceSince: string | null;
}

interface OpsRow {
  paused_until: Date | string | null;
  busy_minutes: number;
  busy_until: Date | string | null;
  answer_minutes: number;
  device_watch: boolean;
  last_device_at: Date | string | null;
  unattended_since: Date | string | null;
  no_device_since: Date | string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export async function readOps(q: DbQuery, shopId: string): Promise<ShopOps> {
  const { rows } = await q.query<OpsRow>(
    'SELECT paused_until, busy_minutes, busy_until, answer_minutes, device_watch, last_device_at, unattended_since, no_device_since FROM shop_ops WHERE shop_id = $1',
    [shopId],
  );
  const sold = await q.query<{ item_id: string; until: Date | string | null }>('SELECT item_id, until FROM sold_out WHERE shop_id = $1 ORDER BY item_id', [shopId]);
  const r = rows[0];
  return {
    state: {
      pausedUntil: iso(r?.paused_until ?? null),
      busyMinutes: r?.busy_minutes ?? 0,
      busyUntil: iso(r?.busy_until ?? null),
      unattendedSince: iso(r?.unattended_since ?? null),
      soldOut: sold.rows.map((s) => ({ id: s.item_id, until: iso(s.until) })),
    },
    answerMinutes: r?.answer_minutes ?? DEFAULT_ANSWER_MINUTES,
    deviceWatch: r?.device_watch ?? true,
    lastDeviceAt: iso(r?.last_device_at ?? null),
    noDeviceSince: iso(r?.no_device_since ?? null),
  };
}

// A storefront asks every few seconds and so does every order: one read per shop and second per
// process. A change in this process drops its entry; another process's change shows within a second.
// The entry is the read itself: the requests that find the second over while it runs wait for it
// instead of each reading again (under load every order in flight did: 10–50 reads of two statements
// each on PGlite's one connection, docs/benchmarks.md). A failed read is not kept.
const LIVE_TTL_MS = 1000;
const liveCache = new Map<string, { at: number; state: Promise<ShopOpsState> }>();

export function dropLiveCache(shopId?: string): void {
  if (shopId) liveCache.delete(shopId);
  else liveCache.clear();
}

/** Is the shop taking orders, what is sold out, the busy minutes: at `now` (shared/ops rules). */
export async function shopLive(ctx: ServerContext, shopId: string, now: Date): Promise<ShopLive> {
  const { config } = await staffShop(ctx, shopId);
  const hit = liveCache.get(config.id);
  let state = hit && Date.now() - hit.at < LIVE_TTL_MS ? hit.state : null;
  if (!state) {
    const entry = { at: Date.now(), state: readOps(ctx.db, config.id).then((r) => r.state) };
    entry.state.catch(() => {
      if (liveCache.get(config.id) === entry) liveCache.delete(config.id);
    });
    liveCache.set(config.id, entry);
    if (liveCache.size > 1000) liveCache.delete(liveCache.keys().next().value as string);
    state = entry.state;
  }
  return shopLiveAt(await state, now, config.timeZone);
}

async function ensureRow(tx: DbQuery, shopId: string): Promise<void> {
  await tx.query('INSERT INTO shop_ops (shop_id) VALUES ($1) ON CONFLICT (shop_id) DO NOTHING', [shopId]);
}

/** Tells the shop's staff devices (every process) that the shop's state changed. */
export async function notifyOps(tx: DbQuery, shopId: string): Promise<void> {
  await notifyOrderEvent(tx, { shopId, orderId: '', kind: 'ops' });
}

async function write(ctx: ServerContext, shopId: string, fn: (tx: DbQuery) => Promise<void>): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await ensureRow(tx, shopId);
    await fn(tx);
    await notifyOps(tx, shopId);
  });
  dropLiveCache(shopId);
}

/** 'Bestellungen pausieren' (null: 'Wieder annehmen'). */
export async function setPause(ctx: ServerContext, shopId: string, choice: PauseChoice | null): Promise<void> {
  const { config } = await staffShop(ctx, shopId);
  const now = ctx.now();
  const until = choice === null ? null : pauseEnd(choice, now, config.timeZone).toISOString();
  await write(ctx, shopId, async (tx) => {
    await tx.query('UPDATE shop_ops SET paused_until = $2, updated_at = $3 WHERE shop_id = $1', [shopId, until, now.toISOString()]);
  });
}

/** 'Viel los': minutes added to every serve time until tonight's close (0: normal). */
export async function setBusy(ctx: ServerContext, shopId: string, minutes: number): Promise<void> {
  const { config } = await staffShop(ctx, shopId);
  const now = ctx.now();
  const until = minutes > 0 ? tonightsClose(config, now).toISOString() : null;
  await write(ctx, shopId, async (tx) => {
    await tx.query('UPDATE shop_ops SET busy_minutes = $2, busy_until = $3, updated_at = $4 WHERE shop_id = $1', [shopId, minutes, until, now.toISOString()]);
  });
}

/** 'ausverkauft' until tonight's close or until switched back; null: available again. */
export async function setSoldOut(ctx: ServerContext, shopId: string, itemId: string, mark: 'tonight' | 'untilBack' | null): Promise<void> {
  const { config } = await staffShop(ctx, shopId);
  const now = ctx.now();
  await write(ctx, shopId, async (tx) => {
    if (mark === null) {
      await tx.query('DELETE FROM sold_out WHERE shop_id = $1 AND item_id = $2', [shopId, itemId]);
      return;
    }
    const until = mark === 'tonight' ? tonightsClose(config, now).toISOString() : null;
    await tx.query(
      `INSERT INTO sold_out (shop_id, item_id, until, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (shop_id, item_id) DO UPDATE SET until = EXCLUDED.until, created_at = EXCLUDED.created_at`,
      [shopId, itemId, until, now.toISOString()],
    );
  });
  // expired marks go when the list is written (the rule ignores them anyway)
  await ctx.db.query('DELETE FROM sold_out WHERE shop_id = $1 AND until IS NOT NULL AND until <= $2', [shopId, now.toISOString()]);
}

/** The owner's settings of the order watch. */
export async function setWatchSettings(ctx: ServerContext, shopId: string, s: { answerMinutes?: number; deviceWatch?: boolean }): Promise<void> {
  const now = ctx.now().toISOString();
  await write(ctx, shopId, async (tx) => {
    if (s.answerMinutes !== undefined) await tx.query('UPDATE shop_ops SET answer_minutes = $2, updated_at = $3 WHERE shop_id = $1', [shopId, s.answerMinutes, now]);
    if (s.deviceWatch !== undefined) {
      // switched off: a shop stopped for want of a device takes orders again at once
      await tx.query(
        `UPDATE shop_ops SET device_watch = $2, updated_at = $3,
           unattended_since = CASE WHEN $2 THEN unattended_since ELSE NULL END, no_device_since = CASE WHEN $2 THEN no_device_since ELSE NULL END
         WHERE shop_id = $1`,
        [shopId, s.deviceWatch, now],
      );
    }
  });
}

// ---------- staff devices: one heartbeat row per event stream ----------

/** A device's stream opened: its row, and a shop stopped for want of a device takes orders again. */
export async function openDeviceStream(ctx: ServerContext, shopId: string): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  const now = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await tx.query('INSERT INTO staff_streams (id, shop_id, seen_at) VALUES ($1, $2, $3)', [id, shopId, now]);
    await ensureRow(tx, shopId);
    const { rows } = await tx.query<{ unattended_since: Date | null }>('SELECT unattended_since FROM shop_ops WHERE shop_id = $1 FOR UPDATE', [shopId]);
    await tx.query('UPDATE shop_ops SET last_device_at = $2, no_device_since = NULL, unattended_since = NULL WHERE shop_id = $1', [shopId, now]);
    if (rows[0]?.unattended_since) await notifyOps(tx, shopId);
  });
  dropLiveCache(shopId);
  return id;
}

/** The stream's heartbeat: its row and the shop's last device time are renewed. */
export async function beatDeviceStream(ctx: ServerContext, shopId: string, id: string): Promise<void> {
  const now = ctx.now().toISOString();
  await ctx.db.query('UPDATE staff_streams SET seen_at = $2 WHERE id = $1', [id, now]);
  await ctx.db.query('UPDATE shop_ops SET last_device_at = $2 WHERE shop_id = $1', [shopId, now]);
}

export async function closeDeviceStream(ctx: ServerContext, shopId: string, id: string): Promise<void> {
  await ctx.db.query('DELETE FROM staff_streams WHERE id = $1', [id]);
  await ctx.db.query('UPDATE shop_ops SET last_device_at = $2 WHERE shop_id = $1', [shopId, ctx.now().toISOString()]);
}

/** Devices connected to the shop now, in every process (rows renewed within DEVICE_STALE_MS). */
export async function connectedDevices(q: DbQuery, shopId: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ n: string | number }>('SELECT count(*) AS n FROM staff_streams WHERE shop_id = $1 AND seen_at > $2', [
    shopId, new Date(now.getTime() - DEVICE_STALE_MS).toISOString(),
  ]);
  return Number(rows[0]?.n ?? 0);
}
