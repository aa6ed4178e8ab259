// Memory of the server process: starts `server/main.ts` in a child process — PGlite in
// memory, and PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set — and prints its RSS at
// rest, at the end of a bounded load on loopback (orders, shop data, coupons, map tiles, media),
// and after the load. Target: ≤ 250 MB at rest and back near that after the load.
//   tsx tests/bench/rss.ts [--orders N] [--gets N]      (also part of `npm run bench`)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveArgs, serveEnv } from '../../server/testing';
import { freePort } from '../../server/testingProcesses';

const ROOT = resolve(__dirname, '../..');
const TARGET_MB = 250;
/** How `npm run serve` starts node, without the script (RSS_NODE_ARGS to compare others) */
const NODE_ARGS = process.env.RSS_NODE_ARGS !== undefined ? process.env.RSS_NODE_ARGS.split(' ').filter(Boolean) : serveArgs().filter((a) => a !== 'server/main.ts');

function argNumber(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}


/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS once it stopped falling (sampled every 500 ms after `quietMs`, at most `ms`): what the
 * process keeps. The server collects its garbage after 5 s without requests (server/main.ts).
 */
async function settledRss(pid: number, ms: number, quietMs = 12_000): Promise<number> {
  await sleep(quietMs);
  let last = rssMb(pid);
  const until = Date.now() + ms;
  let steady = 0;
  while (Date.now() < until && steady < 4) {
    await sleep(500);
    const now = rssMb(pid);
    steady = Math.abs(now - last) <= 1 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

const FORM = {
  salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
  messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
};
const ITEM = { kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1090, priceNonDiscounted: 1090, promotion: null, without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }] };

async function load(base: string, orders: number, gets: number): Promise<{ ok: number; failed: number; ms: number }> {
  const t0 = Date.now();
  let ok = 0;
  let failed = 0;
  const getPaths = [
    '/api/shop/demo/bootstrap', '/api/shop/demo/config/deliveryPeriod', '/api/shop/demo/validate_coupon?code=fuenfer',
    '/api/shop/demo/menu-view', '/api/shop/demo/osm/tile/15/17560/10974', '/favicon.ico',
  ];
  const order = (i: number) => () => fetch(`${base}/api/shop/demo/order`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `rss-${process.pid}-${Date.now()}-${i}` },
    body: JSON.stringify({
      formValues: FORM, orderItems: [ITEM], couponCode: null, sessionId: `rss-${i}`, userId: null, groupOrderId: null, acceptAdvertising: false,
      useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
      confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
    }),
  });
  const read = (i: number) => () => {
    // tiles around the demo city: many different ones, as a map that is panned
    const path = i % getPaths.length === 4 ? `/api/shop/demo/osm/tile/15/${17550 + (i % 40)}/${10960 + (Math.floor(i / 40) % 40)}` : getPaths[i % getPaths.length];
    return fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
  };
  // orders spread evenly among the reads
  const jobs: (() => Promise<Response>)[] = [];
  for (let i = 0, o = 0; i < gets || o < orders; i++) {
    if (i < gets) jobs.push(read(i));
    while (o < orders && o * gets <= i * orders) jobs.push(order(o++));
  }
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      try {
        const res = await job();
        await res.arrayBuffer();
        if (res.ok) ok++;
        else failed++;
      } catch {
        failed++;
      }
    }
  }));
  return { ok, failed, ms: Date.now() - t0 };
}

interface Figures {
  backend: string;
  rest: number;
  peak: number;
  after: number;
  requests: string;
}

async function measure(backend: 'PGlite (memory)' | 'PostgreSQL', env: Record<string, string>, orders: number, gets: number): Promise<Figures> {
  const tmp = mkdtempSync(join(tmpdir(), 'tischlein-rss-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node itself (not the tsx wrapper) so the pid is the server's; the flags of `npm run serve`
  const child: ChildProcess = spawn(process.execPath, [...NODE_ARGS, 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, ...serveEnv(), ...env, PORT: String(port), EXAMPLES_PORT: String(await freePort()),
      OUTBOX_DIR: join(tmp, 'outbox'), TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  try {
    const until = Date.now() + 120_000;
    while (!/outbox: /.test(out)) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${out}`);
      await sleep(100);
    }
    const pid = child.pid!;
    // one request of each kind first (lazy modules and caches), then at rest
    await load(base, 1, 6);
    const rest = await settledRss(pid, 15_000);
    let peak = rest;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const r = await load(base, orders, gets);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const after = await settledRss(pid, 30_000);
    return { backend, rest, peak, after, requests: `${r.ok} ok, ${r.failed} failed in ${(r.ms / 1000).toFixed(1)} s` };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(tmp, { recursive: true, force: true });
  }
}

export async function runRssBench(): Promise<void> {
  const orders = argNumber('orders', 300);
  const gets = argNumber('gets', 3000);
  console.log(`Server RSS (MB): at rest, peak under load (${orders} orders + ${gets} reads, 8 at a time, loopback), after load; target ≤ ${TARGET_MB} MB at rest`);
  const rows: Figures[] = [await measure('PGlite (memory)', { DATA_DIR: 'memory' }, orders, gets)];
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url) rows.push(await measure('PostgreSQL', { DATABASE_URL: url }, orders, gets));
  else console.log('(PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL to measure it too)');
  console.log('| Database | At rest | Peak under load | After load | Requests |');
  console.log('|---|---:|---:|---:|---|');
  for (const f of rows) console.log(`| ${f.backend} | ${f.rest} MB | ${f.peak} MB | ${f.after} MB | ${f.requests} |`);
  const over = rows.filter((f) => f.rest > TARGET_MB);
  if (over.length) console.log(`over ${TARGET_MB} MB at rest: ${over.map((f) => f.backend).join(', ')}`);
}

if (require.main === module) {
  runRssBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
