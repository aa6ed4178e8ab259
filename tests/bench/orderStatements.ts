// The statements of one order, counted and timed in process: the app on an in-memory PGlite (or
// on PostgreSQL with DATABASE_URL), one client placing cash orders of 10 lines (each guest an
// address of their own, so each order queues both mails) and the outbox worker run after each
// order, as the server's kick does. Every statement through the Db interface is recorded with its
// time (on PGlite: the time in PGlite; on PostgreSQL: the round trip), grouped by its first words.
//   npx tsx tests/bench/orderStatements.ts [--orders N]
import os from 'node:os';
import type { Db, DbQuery } from '../../server/db';
import { openDb } from '../../server/db';
import { createTestServer, TUESDAY_NOON } from '../../server/testing';
import type { OrderService } from '../../server/routes/order';
import { TEN_LINES } from './order';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Tally { n: number; ms: number; cpu: number }

/** A statement's label: its first words, enough to tell the order's statements apart. */
function label(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  const into = /^(WITH \w+ AS \( )?(INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+|SELECT [^ ]+(?: [^ ]+)?(?: FROM \w+)?)/i.exec(s);
  // an UPDATE: its first assignment too (the outbox's give-up, claim and record differ there)
  const set = /^UPDATE \w+ SET (\w+ = [^,]{0,20})/i.exec(s);
  return (into ? `${into[1] ? 'WITH … ' : ''}${into[2]}${set ? ` SET ${set[1]}` : ''}` : s.slice(0, 40)).slice(0, 70);
}

/** Wraps `db` so that every statement (also inside transactions) is counted under `phase()`. */
function traced(db: Db, tallies: Map<string, Tally>, phase: () => string): Db {
  const count = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const c = process.cpuUsage();
    try {
      return await run();
    } finally {
      const key = `${phase()} · ${label(sql)}`;
      const e = tallies.get(key) ?? { n: 0, ms: 0, cpu: 0 };
      const used = process.cpuUsage(c);
      e.n++;
      e.ms += performance.now() - t;
      e.cpu += (used.user + used.system) / 1000;
      tallies.set(key, e);
    }
  };
  const wrapQ = (q: DbQuery): DbQuery => ({ query: (sql, params) => count(sql, () => q.query(sql, params)) });
  return {
    kind: db.kind,
    query: (sql, params) => count(sql, () => db.query(sql, params)),
    exec: (sql) => count(sql, () => db.exec(sql)),
    session: (fn) => db.session(fn),
    transaction: (fn) => count('BEGIN … COMMIT (the transaction, statements inside counted on their own too)', () => db.transaction((tx) => fn(wrapQ(tx)))),
    listen: (c, on, reset) => db.listen(c, on, reset),
    close: () => db.close(),
  };
}

async function main(): Promise<void> {
  const orders = Number(argValue('orders')) || 200;
  const url = process.env.DATABASE_URL;
  const raw = await openDb(url ? { databaseUrl: url } : {});
  const tallies = new Map<string, Tally>();
  let phase = 'setup';
  const db = traced(raw, tallies, () => phase);
  let service: OrderService | null = null;
  const s = await createTestServer({ db, now: () => TUESDAY_NOON, onOrderService: (o) => void (service = o) });
  const body = (i: number) => JSON.stringify({
    formValues: { name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: `gast-${i}@example.de`, phone: '0341 1', paymentMethod: 'offline', isPickup: false, serveAt: '', salutation: '', messageDriver: '', messageCook: '', floor: '', company: '' },
    orderItems: TEN_LINES, sessionId: `bench-${i}`, legalAccepted: true,
  });
  const place = async (i: number) => {
    phase = 'order';
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `stmt-key-${process.pid}-${i}` }, body: body(i) });
    if (res.status !== 201) throw new Error(`order ${i}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    phase = 'worker';
    await service!.runOutbox();
  };
  for (let i = 0; i < 30; i++) await place(i);
  tallies.clear();
  // the WAL written per order (both databases): what a commit costs besides the statements' own work
  const walLsn = async () => (await raw.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn;
  const lsn0 = await walLsn();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 30; i < 30 + orders; i++) await place(i);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(c0);
  const walBytes = Number((await raw.query<{ n: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS n', [lsn0])).rows[0].n);
  console.log(`${db.kind}, ${orders} orders (one client, the worker after each), ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg()[0].toFixed(1)}`);
  console.log(`per order incl. the worker: wall ${(wall / orders).toFixed(2)} ms, CPU ${((used.user + used.system) / 1000 / orders).toFixed(2)} ms (this process: app, PGlite, worker), WAL ${(walBytes / orders / 1024).toFixed(1)} KB`);
  const rows = [...tallies.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const stmts = { order: 0, worker: 0 };
  const ms = { order: 0, worker: 0 };
  const cpu = { order: 0, worker: 0 };
  // on PGlite a statement runs synchronously in this process: its CPU time is its cost even when the machine is loaded
  console.log('| phase · statement | per order | ms per order | CPU ms per order |');
  console.log('|---|---:|---:|---:|');
  for (const [k, v] of rows) {
    console.log(`| ${k} | ${(v.n / orders).toFixed(2)} | ${(v.ms / orders).toFixed(3)} | ${(v.cpu / orders).toFixed(3)} |`);
    const p = k.startsWith('order') ? 'order' : 'worker';
    if (!k.includes('BEGIN … COMMIT')) {
      stmts[p] += v.n / orders;
      ms[p] += v.ms / orders;
      cpu[p] += v.cpu / orders;
    }
  }
  console.log(`statements per order: order ${stmts.order.toFixed(2)} (${ms.order.toFixed(2)} ms, CPU ${cpu.order.toFixed(2)} ms), worker ${stmts.worker.toFixed(2)} (${ms.worker.toFixed(2)} ms, CPU ${cpu.worker.toFixed(2)} ms), plus BEGIN/COMMIT`);
  await s.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
