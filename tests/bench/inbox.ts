// Inbox load bench (`npm run bench:inbox`, not part of `npm test` or `npm run bench`: it runs for
// ten minutes). One real server process (started like `npm run serve`), three staff devices with
// their event streams open, 50 cash orders a minute for 10 minutes, sent on a fixed schedule
// (open loop: a slow answer does not slow the next order down). Checks that every device gets
// every order exactly once and prints the time from sending the order to the ring on the device
// (the 'order' event arriving on its stream): p50, p95, p99, max.
//
//   BENCH_DATABASE_URL  a PostgreSQL (LISTEN/NOTIFY across the pool); default PGlite in memory
//   BENCH_MINUTES (10), BENCH_PER_MINUTE (50), BENCH_DEVICES (3)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { SERVER_DIR } from '../../server/here';
import { DEMO_STAFF } from '../../server/staff/demo';
import { serveArgs, serveEnv } from '../../server/testing';
import { cashPickupForm, freePort, GRILL_ITEM, waitFor } from '../../server/testingProcesses';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const PER_MINUTE = Number(process.env.BENCH_PER_MINUTE ?? 50);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 3);
const DB_URL = process.env.BENCH_DATABASE_URL;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
}

interface Device {
  /** order id → times its 'placed' event arrived (ms, performance.now()) */
  placed: Map<string, number[]>;
  snapshots: number;
  abort: AbortController;
  done: Promise<void>;
}

/** Opens one device's event stream and records each order's 'placed' event. */
async function device(base: string, cookie: string): Promise<Device> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/staff/demo/events`, { headers: { Cookie: cookie }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const d: Device = { placed: new Map(), snapshots: 0, abort, done: Promise.resolve() };
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  let ready: () => void = () => undefined;
  const first = new Promise<void>((r) => (ready = r));
  d.done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buf += dec.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (event === 'orders') {
            d.snapshots++;
            ready();
          } else if (event === 'order') {
            const m = JSON.parse(data) as { kind: string; order: { id: string } };
            if (m.kind === 'placed') d.placed.set(m.order.id, [...(d.placed.get(m.order.id) ?? []), at]);
          }
        }
      }
    } catch (e) {
      if (!abort.signal.aborted) throw e;
    }
  })();
  await first;
  return d;
}

export async function runInboxBench(): Promise<void> {
  const tmp = mkdtempSync(join(os.tmpdir(), 'tischlein-bench-inbox-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, serveArgs(), {
    cwd: join(SERVER_DIR, '..'),
    env: {
      ...process.env, ...serveEnv(), NODE_ENV: 'test', PORT: String(port), EXAMPLES_PORT: String(await freePort()),
      ...(DB_URL ? { DATABASE_URL: DB_URL } : { DATA_DIR: 'memory' }),
      OUTBOX_DIR: join(tmp, 'outbox'), TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'), TISCHLEIN_DIST: join(tmp, 'no-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (out += String(b)));
  child.stderr!.on('data', (b) => (out += String(b)));
  try {
    await waitFor('the server to listen', 120_000, async () => (/outbox: /.test(out) ? true : child.exitCode === null ? undefined : Promise.reject(new Error(out))));
    const login = await fetch(`${base}/api/staff/demo/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password }) });
    if (login.status !== 200) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const devices = await Promise.all(Array.from({ length: DEVICES }, () => device(base, cookie)));

    const total = Math.round(MINUTES * PER_MINUTE);
    const every = 60_000 / PER_MINUTE;
    const sent = new Map<string, number>();
    const answers: number[] = [];
    const failures: string[] = [];
    const start = performance.now();
    const body = (i: number) => JSON.stringify({
      formValues: cashPickupForm(`Last ${i}`, 'last@example.de'), orderItems: [GRILL_ITEM], couponCode: null, sessionId: `bench-inbox-${i}`,
      userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false,
      skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [],
      legalAccepted: true, pickupConfirmed: true,
    });
    const one = async (i: number) => {
      const wait = start + i * every - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/shop/demo/order`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-inbox-${process.pid}-${i}` }, body: body(i) });
        const data = (await res.json()) as { order?: { id: string } };
        answers.push(performance.now() - t0);
        if (res.status !== 201 || !data.order) failures.push(`order ${i}: HTTP ${res.status} ${JSON.stringify(data).slice(0, 200)}`);
        else sent.set(data.order.id, t0);
      } catch (e) {
        failures.push(`order ${i}: ${(e as Error).message}`);
      }
      if (i % PER_MINUTE === PER_MINUTE - 1) console.log(`  minute ${Math.round((i + 1) / PER_MINUTE)}: ${sent.size} orders placed, ${failures.length} failed`);
    };
    await Promise.all(Array.from({ length: total }, (_, i) => one(i)));
    // the last events: every device has every order, or 10 s have passed
    await waitFor('the last orders to ring', 10_000, async () => (devices.every((d) => [...sent.keys()].every((id) => d.placed.has(id))) ? true : undefined)).catch(() => undefined);

    const rings: number[] = [];
    let missing = 0;
    let doubled = 0;
    for (const d of devices) {
      for (const [id, t0] of sent) {
        const at = d.placed.get(id);
        if (!at) missing++;
        else {
          if (at.length > 1) doubled++;
          rings.push(at[0] - t0);
        }
      }
    }
    const stray = devices.reduce((n, d) => n + [...d.placed.keys()].filter((id) => !sent.has(id)).length, 0);
    for (const d of devices) d.abort.abort();
    await Promise.all(devices.map((d) => d.done.catch(() => undefined)));

    const cpus = os.cpus();
    console.log(`machine: ${cpus[0]?.model ?? '?'}, ${cpus.length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}, Node ${process.version}, ${new Date().toISOString()}`);
    console.log(`database: ${DB_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory'}; ${DEVICES} devices; ${PER_MINUTE} orders/min for ${MINUTES} min`);
    console.log(`orders: ${total} sent, ${sent.size} placed (201), ${failures.length} failed${failures.length ? ` (first: ${failures[0]})` : ''}`);
    console.log(`deliveries: ${rings.length} of ${sent.size * DEVICES} (every order on every device), ${missing} missing, ${doubled} twice, ${stray} unknown; snapshots per device: ${devices.map((d) => d.snapshots).join(', ')}`);
    console.log(`order answer (201): p50 ${pct(answers, 50).toFixed(0)} ms, p99 ${pct(answers, 99).toFixed(0)} ms, max ${Math.max(...answers).toFixed(0)} ms`);
    console.log(`order sent → ring on the device: p50 ${pct(rings, 50).toFixed(0)} ms, p95 ${pct(rings, 95).toFixed(0)} ms, p99 ${pct(rings, 99).toFixed(0)} ms, max ${Math.max(...rings).toFixed(0)} ms (goal: p99 < 2000 ms)`);
    if (missing || doubled || failures.length) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('inbox.ts')) {
  runInboxBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
