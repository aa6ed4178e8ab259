// The shop's live state (paused, busy, sold out) is read once per shop and second per process
// (server/staff/ops.ts). Under load the second ran out while ten or fifty orders were in flight, and
// each of them read it again: two statements per order on PGlite's one connection
// (docs/benchmarks.md, "The statements of an order on PGlite's one connection"). Now the requests
// wait for the one read that is running.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb, type Db } from '../db';
import type { ServerContext } from '../context';
import { createTestServer, type TestServer } from '../testing';
import { dropLiveCache, shopLive } from './ops';

describe('the shop\'s live state under concurrent requests', () => {
  let s: TestServer;
  let raw: Db;
  const statements: string[] = [];
  let failNext = false;
  let ctx: ServerContext;
  const reads = () => statements.filter((q) => q.includes('FROM sold_out')).length;

  beforeAll(async () => {
    raw = await openDb();
    const db: Db = {
      ...raw, kind: raw.kind, exec: raw.exec, session: raw.session, transaction: raw.transaction, listen: raw.listen, close: raw.close,
      query: (sql, params) => {
        statements.push(sql);
        if (failNext && sql.includes('FROM shop_ops')) {
          failNext = false;
          return Promise.reject(new Error('connection lost'));
        }
        return raw.query(sql, params);
      },
    } as Db;
    s = await createTestServer({ db });
    ctx = { shops: s.shops, db, now: () => new Date() } as unknown as ServerContext;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('ten requests at once with no fresh entry: one read, the same answer for all', async () => {
    dropLiveCache('demo');
    const before = reads();
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 10 }, () => shopLive(ctx, 'demo', now)));
    expect(reads() - before).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].takingOrders).toBe(true);
  });

  it('a change in this process drops the entry: the next request reads again and sees it', async () => {
    const now = new Date();
    await shopLive(ctx, 'demo', now);
    await raw.query("INSERT INTO shop_ops (shop_id, paused_until) VALUES ('demo', $1) ON CONFLICT (shop_id) DO UPDATE SET paused_until = EXCLUDED.paused_until", [new Date(now.getTime() + 15 * 60_000).toISOString()]);
    dropLiveCache('demo');
    const before = reads();
    expect((await shopLive(ctx, 'demo', now)).takingOrders).toBe(false);
    expect(reads() - before).toBe(1);
    await raw.query("UPDATE shop_ops SET paused_until = NULL WHERE shop_id = 'demo'");
    dropLiveCache('demo');
  });

  it('a failed read is not kept: the requests waiting for it fail with it, the next one reads again', async () => {
    dropLiveCache('demo');
    failNext = true;
    const now = new Date();
    const failed = await Promise.allSettled([shopLive(ctx, 'demo', now), shopLive(ctx, 'demo', now)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const before = statements.filter((q) => q.includes('FROM shop_ops')).length;
    expect((await shopLive(ctx, 'demo', now)).takingOrders).toBe(true);
    expect(statements.filter((q) => q.includes('FROM shop_ops')).length - before).toBe(1);
  });
});
