// 1,000 shops in one database: generated restaurants (each the demo shop's configuration under its
// own id, name and host name, with its own prices and a catalog grown to DISHES dishes — the size of
// a real pizzeria's or Asian take-away's menu), imported in chunks through the import's own code
// (server/data/load parseData + server/shops/store importShopData), then one server process started
// as `npm run serve` starts it on that database. Prints p50/p99/max of the bootstrap, the menu view
// (server-rendered first view) and an order of 10 lines, each at 10 and 50 concurrent clients
// spread over all 1,000 shops (the shop cache keeps 100), and the server's RSS at rest, its peak,
// right after the load and 12 s later.
// Database: PostgreSQL (tests/bench/postgres.ts: DATABASE_URL, or a throw-away local cluster); with
// --pglite a PGlite data folder instead (the default database of `npm run serve`).
//   npm run bench -- shops1000 [--shops N] [--requests N] [--pglite]
//   npx tsx tests/bench/shops1000.ts [same flags]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseData } from '../../server/data/load';
import { migrate, openDb, type Db } from '../../server/db';
import { importShopData } from '../../server/shops/store';
import { DEMO_DATA } from '../../server/testing';
import { TEN_LINES } from './order';
import { benchPostgres } from './postgres';
import { rssMb } from './rss';
import { closedLoop, pct, startBenchServer, type BenchServer } from './serverProcess';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Dishes per generated catalog (the demo has 33) */
const DISHES = 90;

export const shopId = (i: number) => `shop-${String(i).padStart(4, '0')}`;

/** The demo catalog grown to `n` dishes: copies of its dishes under new ids, spread over its categories. */
function grownCatalog(catalog: Json, n: number, priceDelta: number): Json {
  const c = structuredClone(catalog);
  const base = c.dishes as Json[];
  for (const d of base) for (const p of d.prices) p.price += priceDelta;
  for (let i = base.length; i < n; i++) {
    const src = base[i % base.length];
    const d = { ...structuredClone(src), id: `gen-${i}`, name: `${src.name} Nr. ${i}`, number: String(100 + i) };
    base.push(d);
  }
  return c;
}

/** Shops `from`…`to - 1` as a data file (the demo's gazetteer; no franchise, no coupon). */
export function generatedShops(demo: Json, from: number, to: number): Json {
  const template = demo.shops.find((s: Json) => s.config.id === 'demo');
  const shops: Json[] = [];
  const settings: Json[] = [];
  for (let i = from; i < to; i++) {
    const id = shopId(i);
    shops.push({
      config: { ...structuredClone(template.config), id, restaurantName: `Trattoria ${i}`, slug: undefined },
      hosts: [`bestellen.restaurant-${i}.example`],
      catalog: grownCatalog(template.catalog, DISHES, i % 50),
    });
    settings.push({ shopId: id, email: `kueche@restaurant-${i}.example` });
  }
  return { version: 1, gazetteer: demo.gazetteer, franchises: [], shops, coupons: [], shopSettings: settings };
}

async function seed(db: Db, count: number): Promise<number> {
  const demo = JSON.parse(readFileSync(DEMO_DATA, 'utf8')) as Json;
  const t0 = performance.now();
  await migrate(db);
  // the demo data first (the server seeds only an empty database), then the generated shops in chunks
  await importShopData(db, parseData(demo));
  for (let from = 0; from < count; from += 100) await importShopData(db, parseData(generatedShops(demo, from, Math.min(count, from + 100))));
  return performance.now() - t0;
}

interface Row {
  what: string;
  clients: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  failures: string[];
}

async function measure(server: BenchServer, shops: number, requests: number): Promise<{ rows: Row[]; peak: number }> {
  const pick = (i: number) => shopId((i * 7919) % shops); // every shop, in a scattered order
  const run = `${process.pid}-${Date.now()}`;
  const get = (path: string) => async () => {
    const res = await fetch(`${server.base}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' }, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  };
  const kinds: { what: string; job: (i: number, tag: string) => Promise<void> }[] = [
    { what: 'bootstrap', job: (i) => get(`/api/shop/${pick(i)}/bootstrap`)() },
    { what: 'menu view', job: (i) => get(`/api/shop/${pick(i)}/menu-view`)() },
    {
      what: 'order (10 lines)',
      job: async (i, tag) => {
        const res = await fetch(`${server.base}/api/shop/${pick(i)}/order`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `s1000-${run}-${tag}-${i}` },
          body: JSON.stringify({
            formValues: { salutation: '', name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: `gast-${run}-${tag}-${i}@example.de`, phone: '0341 1', paymentMethod: 'offline', isPickup: false, serveAt: '' },
            orderItems: TEN_LINES, sessionId: `s1000-${tag}-${i}`, legalAccepted: true,
          }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        if (res.status !== 201) throw new Error(`order: HTTP ${res.status} ${text.slice(0, 200)}`);
      },
    },
  ];
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 200);
  const rows: Row[] = [];
  try {
    for (const k of kinds) {
      // warm-up: 50 requests of the kind
      await closedLoop(10, 50, (i) => k.job(i + 5000, 'w'));
      for (const clients of [10, 50]) {
        const r = await closedLoop(clients, requests, (i) => k.job(i, `c${clients}`));
        rows.push({ what: k.what, clients, requests, p50: pct(r.times, 50), p99: pct(r.times, 99), max: Math.max(...r.times), failed: r.failed, failures: r.failures });
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { rows, peak: Math.max(peak, rssMb(server.pid)) };
}

export async function runShops1000Bench(): Promise<void> {
  const shops = Number(argValue('shops')) || 1000;
  const requests = Number(argValue('requests')) || 500;
  const pglite = process.argv.includes('--pglite');
  console.log(`machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
  let env: Record<string, string>;
  let database: string;
  let cleanup = async () => undefined as unknown;
  const tmp = mkdtempSync(join(os.tmpdir(), 'tischlein-shops1000-'));
  let seedMs: number;
  if (pglite) {
    const dataDir = join(tmp, 'pglite');
    const db = await openDb({ dataDir });
    try {
      seedMs = await seed(db, shops);
    } finally {
      await db.close();
    }
    env = { DATA_DIR: dataDir };
    database = 'PGlite (data folder)';
  } else {
    const pg = await benchPostgres();
    if (!pg) {
      console.log('no PostgreSQL: run with --pglite, or set DATABASE_URL');
      rmSync(tmp, { recursive: true, force: true });
      return;
    }
    cleanup = () => pg.stop();
    const url = await pg.freshDatabase('tischlein_bench_shops');
    const db = await openDb({ databaseUrl: url });
    try {
      seedMs = await seed(db, shops);
    } finally {
      await db.close();
    }
    env = { DATABASE_URL: url };
    database = `PostgreSQL (${pg.origin})`;
  }
  try {
    console.log(`${shops} generated shops (${DISHES} dishes each) and the demo data imported into ${database} in ${(seedMs / 1000).toFixed(1)} s`);
    const server = await startBenchServer(env, 600_000);
    try {
      // one request of each kind, then at rest
      await fetch(`${server.base}/api/shop/${shopId(0)}/bootstrap`).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 6000));
      const rest = rssMb(server.pid);
      const { rows, peak } = await measure(server, shops, requests);
      const after = rssMb(server.pid);
      // the server collects its garbage after 5 s without requests (server/main.ts)
      await new Promise((r) => setTimeout(r, 12_000));
      const settled = rssMb(server.pid);
      console.log(`${requests} requests per kind and client count, spread over all ${shops} shops, HTTP on loopback`);
      console.log('| Request | Clients | p50 | p99 | max | failed |');
      console.log('|---|---:|---:|---:|---:|---:|');
      for (const r of rows) console.log(`| ${r.what} | ${r.clients} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.failed} |`);
      for (const r of rows) for (const f of r.failures) console.log(`  failure (${r.what}, ${r.clients} clients): ${f}`);
      console.log(`server process RSS: ${rest} MB at rest, peak ${peak} MB under the load, ${after} MB right after it, ${settled} MB 12 s later (one process; ${database})`);
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runShops1000Bench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
