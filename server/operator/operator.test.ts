// The operator's calls (server/routes/operator.ts): off without OPERATOR_TOKEN (404), 401 for a wrong or
// missing token and a bound on failed attempts, no CORS, the queues' status with counts and failed rows
// (no guest's address), and the retries that put failed rows back and kick the worker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openDb } from '../db';
import type { OrderService } from '../routes/order';
import { createTestServer, TUESDAY_NOON, type TestServer } from '../testing';
import { freshPgDatabase } from '../testingPg';
import { cashPickupForm, pickupSubmission, waitFor } from '../testingProcesses';

const TOKEN = 'op-3f9c1a7e5b2d4c6e8f0a1b3c5d7e9f10';
const auth = { Authorization: `Bearer ${TOKEN}` };
const UNAUTHORIZED = { error: 'unauthorized', message: 'Für diesen Aufruf fehlt die Berechtigung: Authorization: Bearer <OPERATOR_TOKEN>.' };
const at = (seconds: number) => new Date(TUESDAY_NOON.getTime() + seconds * 1000).toISOString();

describe('without OPERATOR_TOKEN', () => {
  it('the operator routes do not exist: 404 like any unknown API path, even with a token', async () => {
    const s = await createTestServer();
    try {
      const r = await s.app.request('/api/operator/status', { headers: auth });
      expect([r.status, await r.json()]).toEqual([404, { error: 'not_found', message: 'Unbekannter API-Pfad /api/operator/status' }]);
      expect((await s.app.request('/api/operator/mails/retry', { method: 'POST', headers: auth })).status).toBe(404);
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('with OPERATOR_TOKEN: who may call', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer({ operatorToken: TOKEN, operatorFailLimit: { perClient: 4, windowMs: 60_000 } });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('401 with the German body for a missing, wrong or nearly right token; 200 with the token; no-store; no CORS for another origin', async () => {
    // successful calls first: they do not count against the limit
    for (let i = 0; i < 5; i++) expect((await s.app.request('/api/operator/status', { headers: auth })).status).toBe(200);
    const ok = await s.app.request('/api/operator/status', { headers: { ...auth, Origin: 'https://boese.example' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await s.app.request('/api/operator/status', { method: 'OPTIONS', headers: { Origin: 'https://boese.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    // a preflight carries no token: a failed attempt like any other, and no CORS header lets a page go on
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();

    for (const headers of [{}, { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, { Authorization: `Basic ${TOKEN}` }] as Record<string, string>[]) {
      const r = await s.app.request('/api/operator/status', { headers });
      expect([r.status, await r.json()]).toEqual([401, UNAUTHORIZED]);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    // the fifth failed attempt in the window (the preflight was the first): 429, the right token too, until the window has run out
    const r = await s.app.request('/api/operator/status', { headers: auth });
    expect([r.status, await r.json()]).toEqual([429, { error: 'too_many_requests', message: 'Zu viele fehlgeschlagene Anmeldeversuche von dieser Adresse – bitte später erneut versuchen.' }]);
    expect(r.headers.get('retry-after')).toBe('60');
    const retry = await s.app.request('/api/operator/mails/retry', { method: 'POST', headers: auth });
    expect(retry.status).toBe(429);
  });
});

// on PGlite, and with TEST_DATABASE_URL (.ci/postgres-tests.sh) on a PostgreSQL database of its own
const PG_URL = process.env.TEST_DATABASE_URL;
const DATABASES: ['pglite' | 'postgres', string | null][] = [['pglite', null], ...(PG_URL ? [['postgres', PG_URL] as ['postgres', string]] : [])];

describe.each(DATABASES)('with OPERATOR_TOKEN: the status and the retries (%s)', (kind, pgUrl) => {
  let s: TestServer;
  let service!: OrderService;
  let now = TUESDAY_NOON;
  let stopWorker: (() => void) | null = null;
  // the shop's system, reached by the webhooks (no network)
  const hooksReceived: string[] = [];
  const hookFetch = (async (url: string | URL | Request) => {
    hooksReceived.push(String(url));
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  beforeAll(async () => {
    const db = pgUrl ? await openDb({ databaseUrl: await freshPgDatabase(pgUrl, 'tischlein_operator_status') }) : undefined;
    s = await createTestServer({ db, operatorToken: TOKEN, now: () => now, onOrderService: (o) => { service = o; }, orders: { fetch: hookFetch } });
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
  }, 60_000);
  afterAll(async () => {
    stopWorker?.();
    await s?.close();
  });

  const place = async (email: string) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(pickupSubmission(cashPickupForm('Erika Muster', email))) });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { order: { id: string } }).order.id;
    const { rows } = await s.db.query<{ seq: string }>('SELECT seq FROM orders WHERE id = $1', [id]);
    return { id, seq: Number(rows[0].seq) };
  };
  const post = (path: string, body?: string) => s.app.request(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body });
  const status = async () => {
    const r = await s.app.request('/api/operator/status', { headers: auth });
    expect(r.status).toBe(200);
    return r.json() as Promise<Record<string, unknown>>;
  };
  let failedOrder: { id: string; seq: number };

  it('counts the queues, ages the oldest waiting row by the server clock and lists failed rows without a guest\'s address', async () => {
    // the worker is not running: the orders' mails stay owed
    failedOrder = await place('erika@example.de');
    const waiting = await place('max@example.de');
    await s.db.query("UPDATE order_mails_owed SET failed_at = $2, last_error = 'TypeError: lines is not iterable (erika@example.de)' WHERE order_seq = $1", [failedOrder.seq, at(30)]);
    now = new Date(at(120));
    // mails: two waiting (the oldest queued 90 s ago), one being sent, one given up
    await s.db.query(`INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, status, attempts, created_at, failed_at, last_error) VALUES
      ('w1', 'a@example.de', 'A', 'a', 'pending', 0, $1, NULL, NULL),
      ('w2', 'b@example.de', 'B', 'b', 'pending', 1, $2, NULL, 'Timeout'),
      ('s1', 'c@example.de', 'C', 'c', 'sending', 1, $2, NULL, NULL),
      ($3, 'erika@example.de', 'D', 'd', 'failed', 8, $1, $2, '550 5.1.1 <erika@example.de>: Recipient address rejected')`,
    [at(30), at(100), `order-guest:${waiting.id}`]);
    await s.db.query(`INSERT INTO webhook_deliveries (shop_id, url, event, body, status, attempts, created_at, failed_at, last_error) VALUES
      ('demo', 'https://kasse.example/hook?key=geheim', 'order.created', '{}', 'failed', 10, $1, $2, 'HTTP 500'),
      ('demo', 'https://kasse.example/hook?key=geheim', 'order.created', '{}', 'pending', 0, $2, NULL, NULL)`, [at(0), at(60)]);
    const mailId = Number((await s.db.query<{ id: string }>("SELECT id FROM outbox_mails WHERE status = 'failed'")).rows[0].id);
    const hookId = Number((await s.db.query<{ id: string }>("SELECT id FROM webhook_deliveries WHERE status = 'failed'")).rows[0].id);

    const body = await status();
    expect(body).toEqual({
      database: kind,
      uptimeSeconds: expect.any(Number),
      shops: 5,
      proxy: { trustProxy: false, untrustedProxy: null },
      mails: {
        waiting: 2, sending: 1, failed: 1, oldestWaitingSeconds: 90,
        failedRows: [{ id: mailId, kind: 'order-guest', orderId: waiting.id, shopId: 'demo', failedSince: '2026-11-24T11:01:40.000Z', attempts: 8, lastError: '550 5.1.1 <<E-Mail-Adresse>>: Recipient address rejected' }],
      },
      webhooks: {
        waiting: 1, sending: 0, failed: 1, oldestWaitingSeconds: 60,
        failedRows: [{ id: hookId, shopId: 'demo', event: 'order.created', failedSince: '2026-11-24T11:01:00.000Z', attempts: 10, lastError: 'HTTP 500' }],
      },
      owedMails: {
        waiting: 1, failed: 1, oldestWaitingSeconds: 120,
        failedRows: [{ orderSeq: failedOrder.seq, orderId: failedOrder.id, shopId: 'demo', failedSince: '2026-11-24T11:00:30.000Z', lastError: 'TypeError: lines is not iterable (<E-Mail-Adresse>)' }],
      },
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(body)).not.toMatch(/erika@|max@|Erika|kasse\.example|geheim/);
    // the rest of this file's rows are its own
    await s.db.query("DELETE FROM outbox_mails WHERE dedupe_key IN ('w1', 'w2', 's1')");
    await s.db.query("DELETE FROM webhook_deliveries");
    await s.db.query('DELETE FROM order_mails_owed WHERE order_seq = $1', [waiting.seq]);
  });

  it('a bad retry body is a 400 with a German message; an empty body or {} means all, a list the ones named', async () => {
    const bad: [string, string | undefined, string][] = [
      ['/api/operator/owed-mails/retry', '{"seqs": []}', 'seqs: Bitte eine Liste von 1 bis 1000 ganzen Zahlen ab 1 angeben.'],
      ['/api/operator/owed-mails/retry', '{"seqs": ["7"]}', 'seqs[0]: Bitte eine Liste von 1 bis 1000 ganzen Zahlen ab 1 angeben.'],
      ['/api/operator/owed-mails/retry', '{"seqs": [1.5]}', 'seqs[0]: Bitte eine Liste von 1 bis 1000 ganzen Zahlen ab 1 angeben.'],
      ['/api/operator/owed-mails/retry', '{"ids": [1]}', 'ids: Bitte ein JSON-Objekt senden: {} für alle fehlgeschlagenen Bestellungen oder z. B. {"seqs": [12, 13]}.'],
      ['/api/operator/mails/retry', '[1, 2]', 'Bitte ein JSON-Objekt senden: {} für alle fehlgeschlagenen Einträge oder z. B. {"ids": [12, 13]}.'],
      ['/api/operator/mails/retry', '{"ids": [0]}', 'ids[0]: Bitte eine Liste von 1 bis 1000 ganzen Zahlen ab 1 angeben.'],
    ];
    for (const [path, body, message] of bad) {
      const r = await post(path, body);
      expect([path, body, r.status, await r.json()]).toEqual([path, body, 400, { error: 'invalid_body', message }]);
    }
    const broken = await post('/api/operator/mails/retry', '{ids: 1}');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toBe('invalid_json');
    // nothing was put back by the bad calls; a seq that is not failed is not touched
    expect(await (await post('/api/operator/owed-mails/retry', JSON.stringify({ seqs: [failedOrder.seq + 1000] }))).json()).toEqual({ retried: 0, seqs: [] });
    const { rows } = await s.db.query<{ failed_at: Date | null }>('SELECT failed_at FROM order_mails_owed WHERE order_seq = $1', [failedOrder.seq]);
    expect(rows[0].failed_at).not.toBeNull();
  });

  it('the retry puts the failed owed row back and kicks the worker: the order\'s two mails go out without waiting for its timer', async () => {
    // the worker runs with a timer far beyond this test: only a kick can send now
    stopWorker = service.startWorker(3_600_000);
    await waitFor('the first run to end', 10_000, async () => (service.mailsWaitingForTurn() === 0 ? true : undefined));
    const r = await post('/api/operator/owed-mails/retry', JSON.stringify({ seqs: [failedOrder.seq] }));
    expect([r.status, await r.json()]).toEqual([200, { retried: 1, seqs: [failedOrder.seq] }]);
    const sent = await waitFor('the order\'s mails to be sent', 20_000, async () => {
      const { rows } = await s.db.query<{ dedupe_key: string; status: string }>(
        "SELECT dedupe_key, status FROM outbox_mails WHERE dedupe_key LIKE $1 AND status = 'sent' ORDER BY id", [`%:${failedOrder.id}`]);
      return rows.length === 2 ? rows : undefined;
    });
    expect(sent).toEqual([
      { dedupe_key: `order-guest:${failedOrder.id}`, status: 'sent' },
      { dedupe_key: `order-confirmed:${failedOrder.id}`, status: 'sent' },
    ]);
    expect(((await status()).owedMails as Record<string, unknown>)).toEqual({ waiting: 0, failed: 0, oldestWaitingSeconds: null, failedRows: [] });
  }, 40_000);

  it('the mails retry puts a given-up mail back (attempts reset) and the kicked worker sends it; only the ones named', async () => {
    await s.db.query(`INSERT INTO outbox_mails (dedupe_key, to_address, subject, text_body, status, attempts, failed_at, last_error) VALUES
      ('f1', 'x@example.de', 'X', 'x', 'failed', 8, $1, 'Timeout'), ('f2', 'y@example.de', 'Y', 'y', 'failed', 8, $1, 'Timeout')`, [at(100)]);
    const ids = (await s.db.query<{ id: string }>("SELECT id FROM outbox_mails WHERE dedupe_key IN ('f1', 'f2') ORDER BY id")).rows.map((row) => Number(row.id));
    const r = await post('/api/operator/mails/retry', JSON.stringify({ ids: [ids[0]] }));
    expect([r.status, await r.json()]).toEqual([200, { retried: 1, ids: [ids[0]] }]);
    const first = await waitFor('the mail to be sent', 20_000, async () => {
      const { rows } = await s.db.query<{ status: string; attempts: number; failed_at: Date | null; last_error: string | null }>('SELECT status, attempts, failed_at, last_error FROM outbox_mails WHERE id = $1', [ids[0]]);
      return rows[0].status === 'sent' ? rows[0] : undefined;
    });
    expect(first).toEqual({ status: 'sent', attempts: 1, failed_at: null, last_error: null });
    expect((await s.db.query<{ status: string }>('SELECT status FROM outbox_mails WHERE id = $1', [ids[1]])).rows[0].status).toBe('failed');
    // no body: all failed ones (the one left and the order mail given up in the first test)
    const all = await s.app.request('/api/operator/mails/retry', { method: 'POST', headers: auth });
    expect(((await all.json()) as { retried: number }).retried).toBe(2);
  }, 40_000);

  it('the webhooks retry puts a given-up webhook back and the kicked worker delivers it', async () => {
    await s.db.query(`INSERT INTO webhook_deliveries (shop_id, url, event, body, status, attempts, failed_at, last_error)
      VALUES ('demo', 'https://kasse.example/hook', 'order.created', '{}', 'failed', 10, $1, 'HTTP 500')`, [at(100)]);
    const id = Number((await s.db.query<{ id: string }>("SELECT id FROM webhook_deliveries WHERE status = 'failed'")).rows[0].id);
    const r = await post('/api/operator/webhooks/retry', '{}');
    expect([r.status, await r.json()]).toEqual([200, { retried: 1, ids: [id] }]);
    const row = await waitFor('the webhook to be delivered', 20_000, async () => {
      const { rows } = await s.db.query<{ status: string; attempts: number; failed_at: Date | null }>('SELECT status, attempts, failed_at FROM webhook_deliveries WHERE id = $1', [id]);
      return rows[0].status === 'delivered' ? rows[0] : undefined;
    });
    expect(row).toEqual({ status: 'delivered', attempts: 1, failed_at: null });
    expect(hooksReceived).toEqual(['https://kasse.example/hook']);
  }, 40_000);
});
