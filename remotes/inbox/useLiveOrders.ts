// The shop's orders over server-sent events: a fresh list on every (re)connect, then one order
// per change. Runs while a staff member is logged in, whatever section is open, and rings until
// every new order is acknowledged.
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

export function useLiveOrders(api: StaffApi, user: StaffUser | null): LiveOrders {
  const [orders, setOrders] = useState<Map<string, StaffOrder>>(new Map());
  const [online, setOnline] = useState(true);
  const [shop, setShop] = useState<ShopLive | null>(null);
  const title = useRef(document.title);

  useEffect(() => {
    if (!user) return;
    const es = api.events();
    es.addEventListener('open', () => setOnline(true));
    es.addEventListener('error', () => setOnline(false));
    es.addEventListener('orders', (e) => {
      const list = (JSON.parse((e as MessageEvent<string>).data) as { orders: StaffOrder[] }).orders;
      setOrders(new Map(list.map((o) => [o.id, o])));
      setOnline(true);
    });
    es.addEventListener('ops', (e) => setShop(JSON.parse((e as MessageEvent<string>).data) as ShopLive));
    // the state at login (and after a reconnect: 'orders' comes first on every connect)
    es.addEventListener('orders', () => void api.ops().then((v) => setShop(v.live), () => undefined));
    es.addEventListener('order', (e) => {
      const { order } = JSON.parse((e as MessageEvent<string>).data) as { order: StaffOrder };
      setOrders((m) => new Map(m).set(order.id, order));
    });
    const release = keepAwake();
    return () => {
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
