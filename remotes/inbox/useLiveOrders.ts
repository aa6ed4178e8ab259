// The shop's orders over server-sent events: a fresh list on every (re)connect, then one order
// per change. Runs while a staff member is logged in, whatever section is open, and rings until
// every new order is acknowledged.
// A stream the server ends (a deploy: server/shutdown.ts) or a network error: EventSource reconnects by
// itself. An answer that is not an event stream (a balancer's 502 while no server is up) closes it for
// good: then this hook opens a new one after RECONNECT_MS (doubling up to RECONNECT_MAX_MS), so a device
// never stays silent; the first event of every connection is the full list, so no order is missed.
// A stream refused because the session is gone would be retried forever, the device silent: each
// closed stream asks `me`, whose 401 has the app ask to sign in again.
import { useEffect, useRef, useState } from 'react';
import { INBOX_TEXTS as T } from '@shared/inbox';
import { keepAwake, ring } from './alarm';
import type { ShopLive } from '@shared/ops';
import type { StaffApi, StaffOrder, StaffUser } from './api';

export interface LiveOrders {
  orders: Map<string, StaffOrder>;
  online: boolean;
  ringing: boolean;
  /** puts an order the server answered with into the list */
  put(order: StaffOrder): void;
  /** the shop's state (pause, busy, sold out), live from the same stream ('ops' events) */
  shop: ShopLive | null;
  /** puts a state the server answered with */
  putShop(shop: ShopLive): void;
}

/** The first wait before a closed stream is opened again, and the longest. */
export const RECONNECT_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** EventSource.CLOSED (not every test environment has EventSource) */
const CLOSED = 2;

export function useLiveOrders(api: StaffApi, user: StaffUser | null): LiveOrders {
  const [orders, setOrders] = useState<Map<string, StaffOrder>>(new Map());
  const [online, setOnline] = useState(true);
  const [shop, setShop] = useState<ShopLive | null>(null);
  const title = useRef(document.title);

  useEffect(() => {
    if (!user) return;
    let es: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RECONNECT_MS;
    const connect = () => {
      const source = api.events();
      es = source;
      source.addEventListener('open', () => {
        setOnline(true);
        wait = RECONNECT_MS;
      });
      source.addEventListener('error', () => {
        setOnline(false);
        // a network error: the EventSource itself reconnects; closed for good: a new one after a while
        if (source.readyState !== CLOSED) return;
        // a stream refused for want of a session (401) looks the same: asking tells the app (api.ts sessionLost)
        void api.me().catch(() => undefined);
        retry = setTimeout(connect, wait);
        wait = Math.min(wait * 2, RECONNECT_MAX_MS);
      });
      source.addEventListener('orders', (e) => {
        const list = (JSON.parse((e as MessageEvent<string>).data) as { orders: StaffOrder[] }).orders;
        setOrders(new Map(list.map((o) => [o.id, o])));
        setOnline(true);
      });
      source.addEventListener('ops', (e) => setShop(JSON.parse((e as MessageEvent<string>).data) as ShopLive));
      // the state at login (and after a reconnect: 'orders' comes first on every connect)
      source.addEventListener('orders', () => void api.ops().then((v) => setShop(v.live), () => undefined));
      source.addEventListener('order', (e) => {
        const { order } = JSON.parse((e as MessageEvent<string>).data) as { order: StaffOrder };
        setOrders((m) => new Map(m).set(order.id, order));
      });
    };
    connect();
    const release = keepAwake();
    return () => {
      clearTimeout(retry);
      es.close();
      release();
      setOrders(new Map());
    };
  }, [api, user]);

  const ringing = [...orders.values()].some((o) => !o.acknowledged && !o.refused);
  useEffect(() => {
    if (!ringing) return;
    return ring(title.current, T.newOrder);
  }, [ringing]);

  return { orders, online, ringing, put: (order) => setOrders((m) => new Map(m).set(order.id, order)), shop, putShop: setShop };
}
