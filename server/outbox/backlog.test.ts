// A burst of orders queues mails faster than one batch per kick sends them: the worker takes the next
// batch as long as the last one was full (server/routes/order.ts, kick). Before, a backlog went out at
// one batch of MAIL_BATCH per order's kick or per interval — under the order bench's load 20 mails a
// second while 600 were queued, the rest minutes later (docs/benchmarks.md, "The whole CPU budget of an order").
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderService } from '../routes/order';
import { createTestServer, type TestServer } from '../testing';
import { enqueueMail } from './mail';

describe('the outbox worker and a backlog', () => {
  let s: TestServer;
  let service: OrderService;
  let stop: (() => void) | undefined;
  beforeAll(async () => {
    s = await createTestServer({ onOrderService: (o) => void (service = o) });
  }, 120_000);
  afterAll(async () => {
    stop?.();
    await s?.close();
  });

  it('sends 45 queued mails in one kick (three batches: 20, 20, 5), each once', async () => {
    for (let i = 1; i <= 45; i++) {
      await enqueueMail(s.db, { to: `gast-${i}@example.de`, subject: `Ihre Bestellung Nr. ${i}`, text: 'Danke!', dedupeKey: `backlog-${i}` });
    }
    // the timer's interval far away: only the start's kick runs
    stop = service.startWorker(3_600_000);
    const counts = async () => (await s.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM outbox_mails WHERE dedupe_key LIKE 'backlog-%' GROUP BY status ORDER BY status",
    )).rows;
    // bounded by the test's timeout: with one batch per kick 25 would stay pending for the hour
    while ((await counts()).some((r) => r.status !== 'sent')) await new Promise((r) => setTimeout(r, 20));
    expect(await counts()).toEqual([{ status: 'sent', n: 45 }]);
    const attempts = await s.db.query<{ attempts: number }>("SELECT DISTINCT attempts FROM outbox_mails WHERE dedupe_key LIKE 'backlog-%'");
    expect(attempts.rows.map((r) => Number(r.attempts))).toEqual([1]);
  }, 30_000);
});
