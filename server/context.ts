// What every route needs: the loaded data, the database, the clock; plus shop-time helpers.
import type { DeliveryPeriod, Franchise, FranchiseShop, ShopConfig } from '@shared/domain';
import type { ShopTime } from '@shared/time';
import { shopTimeAt } from '@shared/time/clock';
import { computeDeliveryPeriod, DEFAULT_LEAD_TIME, todaysRanges } from '@shared/time/deliveryPeriod';
import { periodNotTaking, withBusyLead, type ShopLive } from '@shared/ops/rules';
import type { Db } from './db';
import type { AddressResolver } from './geo';
import type { Gazetteer } from './data/load';
import { HttpError } from './http';
import type { ShopRecord, ShopRepository } from './shops/repository';

export interface ServerContext {
  /** The shops, from the database through a cache (server/shops/repository.ts) */
  shops: ShopRepository;
  /** The offline geocoder's streets (the data file's gazetteer) */
  gazetteer: Gazetteer;
  db: Db;
  now: () => Date;
  /** 'Straße Nr, PLZ Ort' -> address with coordinates (server/geo/resolve.ts) */
  resolveAddress: AddressResolver;
  /** Tile server template ({z}/{x}/{y}); null = generated tiles */
  tileUrl?: string | null;
  /** `?at=` is honoured only in test mode (TISCHLEIN_TEST_CLOCK=1) */
  testClock?: boolean;
  /** Disk cache of upstream tiles; null = memory only */
  tileCacheDir?: string | null;
  /** fetch for upstream tiles (tests) */
  tileFetch?: typeof fetch;
  /** Aborted when the process begins to shut down (server/shutdown.ts): /readyz answers 503, event streams end */
  shutdown?: AbortSignal;
}

export const SHOP_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export async function getShop(ctx: ServerContext, shopId: string): Promise<ShopRecord> {
  const shop = SHOP_ID.test(shopId) ? await ctx.shops.getShop(shopId) : null;
  if (!shop) throw new HttpError(404, 'unknown_shop', `Shop '${shopId.slice(0, 64)}' gibt es nicht.`);
  return shop;
}

/** `?at=` (ISO date-time, test mode only) or the clock. */
export function instantFrom(ctx: ServerContext, at: string | undefined): { instant: Date; realtime: boolean } {
  if (!ctx.testClock || at === undefined || at === '') return { instant: ctx.now(), realtime: true };
  const ms = /^\d{4}-\d{2}-\d{2}/.test(at) ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(ms)) throw new HttpError(400, 'invalid_request', "at: expected an ISO date-time, e.g. '2026-11-24T12:00:00+01:00'");
  return { instant: new Date(ms), realtime: false };
}

export function shopTime(config: ShopConfig, instant: Date): ShopTime {
  return shopTimeAt(instant, config.timeZone);
}

/**
 * The shop's delivery period at `instant`; with the shop's live state (server/staff/ops.ts
 * shopLive) a busy kitchen's minutes move every serve time offered, and a paused shop (or one
 * without a staff device) offers none (shared/ops).
 */
export function deliveryPeriodOf(config: ShopConfig, instant: Date, realtime = true, live?: Pick<ShopLive, 'takingOrders' | 'busyMinutes'>): DeliveryPeriod {
  const period = computeDeliveryPeriod(
    {
      openingTimes: config.openingTimes,
      deliveryTimes: config.deliveryTimes,
      specialOpeningTimes: config.specialOpeningTimes,
      supportDelivery: config.flags.supportDelivery,
      supportPickup: config.flags.supportPickup,
      enablePreOrder: config.enablePreOrder,
      leadTimeMinutes: live?.busyMinutes ? withBusyLead(config.leadTimeMinutes ?? DEFAULT_LEAD_TIME, live.busyMinutes) : config.leadTimeMinutes,
      customerInfo: config.customerInfo,
      sticker: config.sticker,
    },
    shopTime(config, instant),
    { realtime },
  );
  return live ? periodNotTaking(period, live) : period;
}

export function shopAddress(config: ShopConfig): string {
  return `${config.restaurantStreet}, ${config.restaurantZip} ${config.restaurantCity}`;
}

export function franchiseShopOf(config: ShopConfig, instant: Date, distance = 0): FranchiseShop {
  const period = deliveryPeriodOf(config, instant);
  const t = shopTime(config, instant);
  return {
    id: config.id,
    slug: config.slug ?? config.id,
    name: config.restaurantName,
    address: shopAddress(config),
    latitude: config.latitude,
    longitude: config.longitude,
    distance,
    acceptOrders: period.acceptOrders,
    allowPickup: period.allowPickup,
    allowDelivery: period.allowDelivery,
    insideOpenHours: period.insideOpenHours,
    acceptOrdersToday: todaysRanges(config.openingTimes, config.specialOpeningTimes, t.date),
  };
}

export async function franchiseFor(ctx: ServerContext, config: ShopConfig, instant: Date): Promise<Franchise | null> {
  const f = config.franchiseId ? await ctx.shops.franchise(config.franchiseId) : null;
  if (!f) return null;
  const shops = await Promise.all(f.shopIds.map((id) => ctx.shops.getShop(id)));
  return {
    id: f.id,
    slug: f.slug,
    name: f.name,
    shops: shops.flatMap((s) => (s ? [franchiseShopOf(s.config, instant)] : [])),
  };
}
