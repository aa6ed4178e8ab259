// A deploy loses no order (server/shutdown.ts): the real server (server/main.ts) on a PGlite data folder gets
// SIGTERM while a guest's order is in flight, while event streams are open, and while a request never ends.
// The data folder is read after the process exited: what the process left in the database is what counts.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from './db';
import { cashPickupForm, listeningUrl, outputMatch, pickupSubmission, runTsx, staffLogin, type TsxProcess } from './testingProcesses';

jest.setTimeout(240_000);

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'tischlein-shutdown-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The server on its own PGlite folder, on free ports; its port once it listens. */
async function startServer(name: string, env: Record<string, string> = {}): Promise<{ p: TsxProcess; port: number; dataDir: string }> {
  const dataDir = join(tmp, `data-${name}`);
  const p = runTsx(['server/main.ts'], {
    DATA_DIR: dataDir, PORT: '0', EXAMPLES_PORT: '0', OUTBOX_DIR: join(tmp, `outbox-${name}`), TISCHLEIN_DIST: join(tmp, 'no-dist'),
    TISCHLEIN_TILE_CACHE: join(tmp, 'tiles'), ...env,
  });
  const url = await listeningUrl(p);
  return { p, port: Number(new URL(url).port), dataDir };
}

/** Resolves when the process has exited: its code and the milliseconds since `since`. */
async function exited(p: TsxProcess, since: number): Promise<{ code: number | null; ms: number }> {
  const code = await p.exit;
  return { code, ms: Date.now() - since };
}

/**
 * A raw connection that asked /healthz (answered before the signal) and has sent the head of `path`
 * after it, all but its final empty line: the server has read it (the first answer came), so the
 * connection carries a request in flight, not an idle one. `finish()` sends the rest and resolves with
 * the second answer's status line and body.
 */
async function pipelinedAfterHealth(port: number, path: string): Promise<{ finish(): Promise<string> }> {
  const socket: Socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (d) => (data += String(d)));
  const ended = new Promise<void>((done) => socket.on('close', () => done()));
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  while (!/\r\n\r\nok/.test(data)) {
    if (socket.destroyed) throw new Error(`the connection closed before /healthz answered: ${data}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    async finish() {
      const first = data.indexOf('\r\n\r\nok') + '\r\n\r\nok'.length;
      socket.write('\r\n');
      await ended;
      return data.slice(first);
    },
  };
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      done(false);
    });
    s.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM drains the server process', () => {
  it('an order in flight is answered 201 and stored; /readyz says 503 while /healthz says 200; no new connection; exit 0', async () => {
    const { p, port, dataDir } = await startServer('order', { SHUTDOWN_TIMEOUT_MS: '60000' });
    const ready = await pipelinedAfterHealth(port, '/readyz');
    const health = await pipelinedAfterHealth(port, '/healthz');

    // the guest's order: its head is in the server (100 Continue: the route has it), half its body too
    const body = Buffer.from(JSON.stringify(pickupSubmission(cashPickupForm('Drain Gast', 'drain@example.de'))));
    const half = Math.floor(body.length / 2);
    const req = request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/shop/demo/order',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'Idempotency-Key': 'drain-order-1', Expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; text: string; connection: string | undefined }>((done, fail) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => done({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      });
      req.on('error', fail);
    });
    await new Promise<void>((done) => req.once('continue', () => done()));
    await new Promise<void>((done) => req.write(body.subarray(0, half), () => done()));

    const signalled = Date.now();
    p.child.kill('SIGTERM');
    await outputMatch('the drain to begin', p, /shutdown: no new connections; 1 request in flight/);
    expect(await refused(port)).toBe(true);
    const readyAnswer = await ready.finish();
    expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyAnswer).toContain('"status":"draining"');
    expect(readyAnswer).toContain('Der Server wird gerade beendet und nimmt keine neuen Anfragen mehr an. Bitte gleich noch einmal versuchen.');
    expect(await health.finish()).toMatch(/^HTTP\/1\.1 200 /);
    expect(p.child.exitCode).toBeNull(); // still draining: the order is in flight

    req.end(body.subarray(half));
    const placed = await answer;
    expect(placed.status).toBe(201);
    expect(placed.connection).toBe('close');
    const orderId = (JSON.parse(placed.text) as { order: { id: string } }).order.id;

    const end = await exited(p, signalled);
    expect(end.code).toBe(0);
    expect(end.ms).toBeLessThan(60_000);
    expect(p.out()).toContain('shutdown: every request answered');
    expect(p.out()).toContain('exiting with 0');

    const db = await openDb({ dataDir });
    try {
      const { rows } = await db.query<{ id: string; customer_name: string }>('SELECT id FROM orders WHERE id = $1', [orderId]);
      expect(rows).toEqual([{ id: orderId }]);
    } finally {
      await db.close();
    }
  });

  it('open event streams (a staff device, eleven guests\' status pages) and a connection that sent nothing end: exit 0 well before the deadline', async () => {
    const { p, port, dataDir } = await startServer('streams', { SHUTDOWN_TIMEOUT_MS: '60000' });
    const base = `http://127.0.0.1:${port}`;
    const placed = await fetch(`${base}/api/shop/demo/order`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'drain-order-2' },
      body: JSON.stringify(pickupSubmission(cashPickupForm('Stream Gast', 'stream@example.de'))),
    });
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()) as { order: { id: string } }).order.id;
    const cookie = await staffLogin(base, 'demo', 'inhaber@demo.tischlein.de', 'Tischlein-Demo-2026');

    /** an event stream read until its first event and then to its end: resolves with all it said */
    const stream = async (path: string, headers: Record<string, string>, firstEvent: string) => {
      const res = await fetch(`${base}${path}`, { headers });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes(`event: ${firstEvent}`)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ${path} ended before its first event: ${text}`);
        text += new TextDecoder().decode(value);
      }
      return async () => {
        for (;;) {
          const { done } = await reader.read();
          if (done) return text;
        }
      };
    };
    const staffEnd = await stream('/api/staff/demo/events', { Cookie: cookie }, 'orders');
    // eleven guests' pages: node warns of a leak from an AbortSignal's 11th listener unless the drain lifted the limit
    const guestEnds = await Promise.all(Array.from({ length: 11 }, () => stream(`/api/shop/demo/status/${orderId}/events`, {}, 'status')));
    // a browser's preconnect: a connection that never sends a byte
    const silent = connect(port, '127.0.0.1');
    await new Promise<void>((done) => silent.once('connect', () => done()));
    const silentClosed = new Promise<void>((done) => silent.once('close', () => done()));

    const signalled = Date.now();
    p.child.kill('SIGTERM');
    // both streams end cleanly (the body's end, not an error), the silent connection is closed
    await staffEnd();
    for (const guestEnd of guestEnds) await guestEnd();
    await silentClosed;
    const end = await exited(p, signalled);
    expect(end.code).toBe(0);
    expect(end.ms).toBeLessThan(20_000);
    expect(p.out()).not.toContain('deadline');
    expect(p.out()).not.toContain('MaxListenersExceededWarning');

    // the device's row went with its stream, before the database closed
    const db = await openDb({ dataDir });
    try {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff_streams WHERE shop_id = 'demo'");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('a request that never ends is cut at SHUTDOWN_TIMEOUT_MS and the process exits 1; a second signal exits at once', async () => {
    const { p, port } = await startServer('deadline', { SHUTDOWN_TIMEOUT_MS: '1500' });
    // the head and a part of a body that never comes
    const socket = connect(port, '127.0.0.1');
    let cutAt = 0;
    const cut = new Promise<void>((done) => socket.on('close', () => {
      cutAt = Date.now();
      done();
    }));
    socket.on('error', () => undefined);
    let data = '';
    socket.on('data', (d) => (data += String(d)));
    socket.write('POST /api/shop/demo/order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n');
    while (!data.includes('100 Continue')) await new Promise((r) => setTimeout(r, 20));
    socket.write('{"formValues":');

    const signalled = Date.now();
    p.child.kill('SIGTERM');
    await cut;
    const end = await exited(p, signalled);
    expect(end.code).toBe(1);
    expect(cutAt - signalled).toBeGreaterThanOrEqual(1500);
    expect(end.ms).toBeLessThan(1500 + 10_000);
    expect(p.out()).toContain('shutdown: deadline of 1500 ms reached: cutting 1 request still open');
    expect(p.out()).toContain('exiting with 1');

    // a second signal does not wait for the deadline
    const again = await startServer('second', { SHUTDOWN_TIMEOUT_MS: '60000' });
    const held = connect(again.port, '127.0.0.1');
    held.on('error', () => undefined);
    let heldData = '';
    held.on('data', (d) => (heldData += String(d)));
    held.write('POST /api/shop/demo/order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n');
    while (!heldData.includes('100 Continue')) await new Promise((r) => setTimeout(r, 20));
    const first = Date.now();
    again.p.child.kill('SIGTERM');
    await outputMatch('the drain to begin', again.p, /shutdown: no new connections/);
    again.p.child.kill('SIGTERM');
    const second = await exited(again.p, first);
    expect(second.code).toBe(1);
    expect(second.ms).toBeLessThan(30_000);
    expect(again.p.out()).toContain('shutdown: second SIGTERM: exiting now');
  });
});
