// Order bench: the server's time to accept an order (POST /api/shop/demo/order → 201), measured
// in-process through the Hono app on an in-memory PGlite: validation, restoreCart + priceOrder on
// the server's catalog, address and checkout checks, the transaction (order, 10 lines, the
// restaurant mail in the outbox). 500 orders with 10 lines each after 50 warm-up orders.
// Goal: p99 ≤ 50 ms. Alone: `npx tsx tests/bench/order.ts`.
import os from 'node:os';
import { createTestServer } from '../../server/testing';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

const line = (i: number, dishId: string, sizeId: string | null, extras: unknown[] = []) => ({
  kind: 'dish', lineId: `l${i}`, dishId, sizeId, memberName: null, amount: 1 + (i % 3), price: 1, priceNonDiscounted: 1,
  promotion: null, without: [], tags: [], slotId: null, extras,
});
const pommes = [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }];

export const TEN_LINES = [
  line(0, 'haehnchen-grill', 'gross', pommes), line(1, 'pasta-bolognese', 'gross'), line(2, 'pasta-carbonara', 'klein'),
  line(3, 'salat-tonno', null), line(4, 'gelato', null), line(5, 'tiramisu', null), line(6, 'cola', 'l05'),
  line(7, 'wasser', 'l10'), line(8, 'pizza-margherita', 'p32'), line(9, 'pizza-salami', 'p26'),
];

export async function runOrderBench(): Promise<void> {
  const s = await createTestServer();
  const body = (i: number) => JSON.stringify({
    formValues: { name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'bench@example.de', phone: '0341 1', paymentMethod: 'offline', isPickup: false, serveAt: '' },
    orderItems: TEN_LINES, sessionId: `bench-${i}`, legalAccepted: true,
  });
  const once = async (i: number) => {
    const b = body(i);
    const t = performance.now();
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-key-${i}` }, body: b });
    const ms = performance.now() - t;
    if (res.status !== 201) throw new Error(`order ${i}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return ms;
  };
  for (let i = 0; i < 50; i++) await once(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) times.push(await once(i));
  // the orders owe their mails; the outbox worker's render step queues them (server/orders/owedMails.ts), not timed here
  while (await s.renderMails()) { /* the next batch */ }
  const mails = (await s.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox_mails WHERE dedupe_key LIKE 'order-confirmed:%'")).rows[0].n;
  await s.close();
  console.log(`machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`);
  console.log(`accept an order (10 lines, PGlite in memory, in-process): p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (goal p99 ≤ 50 ms); ${mails} restaurant mails queued`);
}

if (process.argv[1]?.endsWith('order.ts')) {
  runOrderBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
