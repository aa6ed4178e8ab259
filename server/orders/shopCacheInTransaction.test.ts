// An order's transaction reads its shop through that transaction, never through the pool: on
// PGlite (one connection) a read through the pool waits behind the transaction that waits for it,
// and the server stops answering for good; on PostgreSQL every such order holds two connections
// (ten at once empty the pool). The shop cache runs out during a transaction when the cached shop
// is older than its maximum age or a staff change drops it (NOTIFY) — here the cache keeps nothing
// (maxAgeMs 0), so every read inside a transaction misses it. A cash order, an online order paid
// on the simulated page and a table order must each complete, and so must the outbox worker's render
// of their mails.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb, type Db } from '../db';
import { createShopRepository } from '../shops/repository';
import { createTestServer, type TestServer } from '../testing';
import { freshPgDatabase } from '../testingPg';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The answer, or a failure naming the request when none came within 10 s (the server hung). */
async function within<T>(what: string, p: T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within 10 s (the transaction waits for itself)`)), 10_000);
  });
  try {
    return await Promise.race([Promise.resolve(p), hung]);
  } finally {
    clearTimeout(timer);
  }
}

const grill = { kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1, priceNonDiscounted: 1, promotion: null, without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }] };
const form = (paymentMethod: string) => ({
  salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
  messageDriver: '', messageCook: '', paymentMethod, isPickup: true, serveAt: '', floor: '', company: '',
});

for (const backend of backends) {
  describe(`the shop cache runs out during an order's transaction (${backend})`, () => {
    let s: TestServer;
    let db: Db;
    let seq = 0;
    const post = (path: string, body: unknown, key = `cache-${backend}-${Date.now()}-${++seq}`) =>
      s.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });
    // the outbox worker's render step first (server/orders/owedMails.ts: its transaction reads the shops too)
    const mails = async (orderId: string) => {
      await within('render the owed mails', s.renderMails());
      return (await db.query<{ dedupe_key: string }>('SELECT dedupe_key FROM outbox_mails WHERE dedupe_key LIKE $1 ORDER BY dedupe_key', [`%:${orderId}`])).rows.map((r) => r.dedupe_key);
    };

    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_cache_tx_test') }) : await openDb();
      s = await createTestServer({ db, shops: createShopRepository(db, { maxAgeMs: 0 }) });
      await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [7] }); });
    }, 120_000);
    afterAll(async () => {
      await s?.close();
    });

    it('a cash order is stored with the restaurant\'s and the guest\'s mail', async () => {
      const res = await within('cash order', post('/api/shop/demo/order', { formValues: form('offline'), orderItems: [grill], sessionId: 's1', legalAccepted: true, pickupConfirmed: true }));
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { id: string } };
      expect(await mails(order.id)).toEqual([`order-confirmed:${order.id}`, `order-guest:${order.id}`]);
    });

    it('an online order paid on the simulated page is confirmed with its mails', async () => {
      const res = await within('online order', post('/api/shop/demo/order', { formValues: form('PayPal_Rest'), orderItems: [grill], sessionId: 's2', legalAccepted: true, pickupConfirmed: true }));
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { id: string } };
      const prep = await within('payment', post(`/api/shop/demo/payment/${order.id}/PayPal_Rest`, { returnUrl: 'http://localhost/danke', cancelUrl: 'http://localhost/kasse' }));
      expect(prep.status).toBe(200);
      const path = new URL(((await prep.json()) as { url: string }).url).pathname;
      const done = await within('payment confirmed', s.app.request(`${path}/confirm`, { method: 'POST' }));
      expect(done.status).toBe(303);
      const row = (await db.query<{ payment_status: string }>('SELECT payment_status FROM orders WHERE id = $1', [order.id])).rows[0];
      expect(row.payment_status).toBe('paid');
      expect(await mails(order.id)).toEqual([`order-confirmed:${order.id}`, `order-guest:${order.id}`]);
    });

    it('a table order (pay later) is stored with the restaurant\'s mail', async () => {
      const tiramisu = { ...grill, lineId: 't1', dishId: 'tiramisu', sizeId: null, extras: [] };
      const res = await within('table order', post('/api/shop/demo/order', { formValues: {}, orderItems: [tiramisu], sessionId: 's3', messageCook: '', paymentMethod: 'offline', table: 7 }));
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { id: string } };
      expect(await mails(order.id)).toEqual([`order-confirmed:${order.id}`]);
    });
  });
}
