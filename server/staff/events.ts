// Order events across server processes: the transaction that changes an order sends
// NOTIFY tischlein_events '{"shopId","orderId","kind"}' (delivered at commit, to every process on
// the database); each process LISTENs once and fans out to its own server-sent-event streams.
// The payload carries ids only: a stream reads the order itself (the database is the truth).
import type { Db, DbQuery } from '../db';

export const EVENTS_CHANNEL = 'tischlein_events';

/** 'ops': the shop's state changed (pause, busy, sold out, settings; orderId is empty) */
export type OrderEventKind = 'placed' | 'paid' | 'acknowledged' | 'accepted' | 'refused' | 'status' | 'refund' | 'ops';

export interface OrderEvent {
  shopId: string;
  orderId: string;
  kind: OrderEventKind;
}

/** Queued inside `tx`: sent when (and only if) it commits. */
export async function notifyOrderEvent(tx: DbQuery, e: OrderEvent): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, orderEventPayload(e)]);
}

/** The NOTIFY's payload (ids only); a larger statement may send it itself: pg_notify(EVENTS_CHANNEL, payload). */
export function orderEventPayload(e: OrderEvent): string {
  return JSON.stringify({ shopId: e.shopId, orderId: e.orderId, kind: e.kind });
}

/** What a stream receives: an event, or 'resync' after the listener reconnected (events may be lost). */
export type HubMessage = OrderEvent | { kind: 'resync' };
type Listener = (m: HubMessage) => void;

export interface EventHub {
  /** the shop's events (staff devices); returns unsubscribe */
  subscribeShop(shopId: string, fn: Listener): Promise<() => void>;
  /** one order's events (the guest's success page) */
  subscribeOrder(shopId: string, orderId: string, fn: Listener): Promise<() => void>;
  /** streams connected in this process (tests, health) */
  size(): number;
  close(): Promise<void>;
}

function parse(payload: string): OrderEvent | null {
  try {
    const o = JSON.parse(payload) as Partial<OrderEvent>;
    return typeof o.shopId === 'string' && typeof o.orderId === 'string' && typeof o.kind === 'string' ? (o as OrderEvent) : null;
  } catch {
    return null;
  }
}

export function createEventHub(db: Db, logError: (e: unknown) => void = () => undefined): EventHub {
  const byShop = new Map<string, Set<Listener>>();
  const byOrder = new Map<string, Set<Listener>>();
  let stop: Promise<() => Promise<void>> | null = null;

  const emit = (set: Set<Listener> | undefined, m: HubMessage) => {
    for (const fn of set ?? []) {
      try {
        fn(m);
      } catch (e) {
        logError(e);
      }
    }
  };
  const start = () => {
    stop ??= db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const e = parse(payload);
        if (!e) return;
        emit(byShop.get(e.shopId), e);
        emit(byOrder.get(`${e.shopId}/${e.orderId}`), e);
      },
      () => {
        for (const set of [...byShop.values(), ...byOrder.values()]) emit(set, { kind: 'resync' });
      },
    ).catch((e: unknown) => {
      stop = null;
      throw e;
    });
    return stop;
  };
  const add = async (map: Map<string, Set<Listener>>, key: string, fn: Listener) => {
    await start();
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(fn);
    // once, and only its own set: a second call (the client went and the stream ended) must not drop the
    // set a later subscriber of the same key made after this one emptied and removed the first
    let done = false;
    return () => {
      if (done) return;
      done = true;
      set.delete(fn);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };
  return {
    subscribeShop: (shopId, fn) => add(byShop, shopId, fn),
    subscribeOrder: (shopId, orderId, fn) => add(byOrder, `${shopId}/${orderId}`, fn),
    size: () => [...byShop.values(), ...byOrder.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      const s = stop;
      stop = null;
      byShop.clear();
      byOrder.clear();
      if (s) await (await s.catch(() => async () => undefined))();
    },
  };
}
