// Helpers of the tests that start real server processes (on a real PostgreSQL): a free port, a
// bounded wait for a condition, a small cash order of the demo shop, a server process, a staff login.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from './db';
import { SERVER_DIR } from './here';
import { serveArgs, serveEnv } from './testing';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 100 ms until it returns a value (not undefined), at most `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

/** A pickup order's form, paid in cash. */
export function cashPickupForm(name: string, email: string) {
  return {
    salutation: '', name, street: '', streetNumber: '', zip: '', city: '', email, phone: '0341 123456',
    messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
  };
}

/** The demo's small grilled chicken with chips (10,90 €). */
export const GRILL_ITEM = {
  kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1090, priceNonDiscounted: 1090,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
};

/** The order call's body: a pickup order of the grilled chicken (GRILL_ITEM) with `form`; `extra` replaces fields. */
export function pickupSubmission(form: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    formValues: form, orderItems: [GRILL_ITEM], couponCode: null, sessionId: 's1', userId: null, groupOrderId: null, acceptAdvertising: false,
    useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
    confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true, ...extra,
  };
}

export interface ServerProcess {
  /** http://127.0.0.1:port */
  base: string;
  child: ChildProcess;
  /** what it wrote to stdout and stderr so far */
  output(): string;
}

/**
 * Starts a server process the way `npm run serve` does (serveArgs) on a free port, with the test's
 * `env` (DATABASE_URL above all) and its outbox, tiles and (absent) widgets below `tmp`; resolves
 * when it listens (its outbox line), rejects with its output when it exits first.
 */
export async function startServerProcess(name: string, tmp: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serveArgs(), {
    cwd: join(SERVER_DIR, '..'),
    env: {
      ...process.env, ...serveEnv(), PORT: String(port), EXAMPLES_PORT: String(await freePort()), NODE_ENV: 'test',
      OUTBOX_DIR: join(tmp, `outbox-${name}`), TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'), TISCHLEIN_DIST: join(tmp, 'no-dist'), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  await outputMatch(`server ${name} to listen`, { child, out: () => out }, /outbox: /);
  return { base: `http://127.0.0.1:${port}`, child, output: () => out };
}

/** Logs in at a running server process; the staff session cookie (`name=value`). Throws unless 200. */
export async function staffLogin(base: string, shopId: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/staff/${shopId}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** Sends SIGTERM and resolves once the process has exited (SIGKILL after `ms`). */
export function stopProcess(child: ChildProcess, ms = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(hard);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface ServerProcesses {
  servers: ServerProcess[];
  /** each server's http://127.0.0.1:port, in start order */
  bases: string[];
  /** one connection of the test's own to the database, for checks and for killing connections */
  admin: Db;
  /** Stops the servers, closes `admin`, removes the temporary folder. */
  stop(): Promise<void>;
}

/**
 * `count` server processes on the PostgreSQL of `env.DATABASE_URL`, started one after the other
 * (the first migrates and seeds the demo login), in a temporary folder named after `name`.
 */
export async function startServerProcesses(count: number, name: string, env: Record<string, string> & { DATABASE_URL: string }): Promise<ServerProcesses> {
  const tmp = mkdtempSync(join(tmpdir(), `tischlein-${name}-`));
  const servers: ServerProcess[] = [];
  // the folder goes only after the processes have exited (a server still writing its outbox there
  // made the removal fail); one that does not stop on SIGTERM within 10 s is killed
  const stop = async () => {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) servers.push(await startServerProcess(String(i), tmp, env));
  } catch (e) {
    await stop();
    throw e;
  }
  const admin = await openDb({ databaseUrl: env.DATABASE_URL, poolMax: 1 });
  return {
    servers,
    bases: servers.map((s) => s.base),
    admin,
    async stop() {
      await admin.close().catch(() => undefined);
      await stop();
    },
  };
}

/** The parent's environment without anything that configures the server (jest sets NODE_ENV=test), plus `extra`. */
export function cleanServerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(NODE_ENV|PORT|EXAMPLES_PORT|PUBLIC_ORIGIN|SMTP_URL|ORDER_WEBHOOK_SECRET|SIMULATED_PAYMENT_SECRET|TISCHLEIN_.*|DATA_DIR|OPERATOR_TOKEN|DATABASE_URL|OUTBOX_DIR|STRIPE_.*|PAYPAL_.*|AMAZONPAY_.*|HEIDELPAY_.*)$/.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}

export interface TsxProcess {
  child: ChildProcess;
  /** what it wrote to stdout and stderr so far */
  out(): string;
  /** its exit code once it exits */
  exit: Promise<number | null>;
}

/**
 * Runs a TypeScript entry of the repository (`server/main.ts`, the shop CLI) in a clean environment plus `env`: Node
 * with tsx's loader, as `npm run serve` starts the server, so a signal reaches the server itself. (tsx's own CLI
 * relays a signal to its child and gives the child 30 ms to answer before it kills it and exits 143: on a loaded
 * machine a server stopping cleanly was then reported as killed.)
 */
export function runTsx(args: string[], env: Record<string, string>): TsxProcess {
  const root = join(SERVER_DIR, '..');
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', ...args], { cwd: root, env: cleanServerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, out: () => out, exit };
}

/**
 * The first match of `re` in a process's output; rejects with the output at once when the process
 * exits first, or after `ms`.
 */
export async function outputMatch(what: string, p: { child: ChildProcess; out(): string }, re: RegExp, ms = 90_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = re.exec(p.out());
    if (m) return m;
    if (p.child.exitCode !== null) throw new Error(`${what}: the process exited (${p.child.exitCode}):\n${p.out()}`);
    if (Date.now() > deadline) throw new Error(`${what}: timed out:\n${p.out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The shop server's URL once `server/main.ts` says it listens (the whole port, not a first chunk of it). */
export async function listeningUrl(p: TsxProcess, ms = 90_000): Promise<string> {
  return (await outputMatch('server did not start', p, /shop API and widgets: (http:\/\/localhost:\d+) {2}\(data: /, ms))[1];
}
