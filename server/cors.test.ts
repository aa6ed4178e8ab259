// The API's CORS headers set after the handler (server/cors.ts): the same headers as hono/cors
// with the same options, on the handler's own answer object (no second Response built from its
// body stream); and the order's answer in the real app with its headers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { corsAfterHandler } from './cors';
import { createTestServer, type TestServer } from './testing';

const OPTIONS = { allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'], allowHeaders: ['Content-Type', 'Authorization', 'If-None-Match', 'Accept', 'Idempotency-Key'], exposeHeaders: ['ETag', 'Idempotent-Replayed'], maxAge: 600 };

/** A small app: `allowed` as app.ts works it out (no Origin or an open shop: '*'; a listed origin: itself). */
function appWith(kind: 'after' | 'hono', made: Response[]) {
  const app = new Hono();
  const after = corsAfterHandler(OPTIONS);
  app.onError((e, c) => c.json({ error: 'internal', message: e.message }, 500));
  app.use('/api/*', (c, next) => {
    const allowed = c.req.header('x-listed') ? c.req.header('origin')! : '*';
    return kind === 'after' ? after(c, next, allowed) : cors({ ...OPTIONS, origin: allowed })(c, next);
  });
  const keep = (r: Response) => (made.push(r), r);
  app.get('/api/json', (c) => {
    c.header('Cache-Control', 'no-store');
    return keep(c.json({ ok: true }, 201, { Vary: 'Accept-Encoding' }));
  });
  app.get('/api/raw', () => keep(new Response('roh', { status: 200, headers: { 'Content-Type': 'text/plain' } })));
  app.get('/api/throws', () => {
    throw new Error('kaputt');
  });
  return app;
}

const sorted = (res: Response) => [...res.headers.entries()].sort(([a], [b]) => a.localeCompare(b));

const REQUESTS: [string, RequestInit][] = [
  ['/api/json', {}],
  ['/api/json', { headers: { Origin: 'https://irgendein-restaurant.example' } }],
  ['/api/json', { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } }],
  ['/api/raw', { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } }],
  ['/api/throws', { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } }],
  ['/api/json', { method: 'OPTIONS', headers: { Origin: 'https://irgendein-restaurant.example', 'Access-Control-Request-Method': 'POST' } }],
  ['/api/json', { method: 'OPTIONS', headers: { Origin: 'https://pizza.example', 'x-listed': '1', 'Access-Control-Request-Method': 'POST' } }],
];

describe('CORS after the handler', () => {
  it('answers with the same status, headers and body as hono/cors (answers, preflights, errors)', async () => {
    for (const [path, init] of REQUESTS) {
      const ours = await appWith('after', []).request(path, init);
      const theirs = await appWith('hono', []).request(path, init);
      expect([path, init.method ?? 'GET', ours.status, sorted(ours), await ours.text()]).toEqual([path, init.method ?? 'GET', theirs.status, sorted(theirs), await theirs.text()]);
    }
  });

  it('the headers, written out', async () => {
    const open = await appWith('after', []).request('/api/json', { headers: { Origin: 'https://irgendein-restaurant.example' } });
    expect(open.status).toBe(201);
    expect(open.headers.get('access-control-allow-origin')).toBe('*');
    expect(open.headers.get('access-control-expose-headers')).toBe('ETag,Idempotent-Replayed');
    expect(open.headers.get('access-control-allow-credentials')).toBeNull();
    expect(open.headers.get('vary')).toBe('Accept-Encoding');
    expect(open.headers.get('cache-control')).toBe('no-store');
    const listed = await appWith('after', []).request('/api/json', { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://pizza.example');
    expect(listed.headers.get('vary')).toBe('Accept-Encoding, Origin');
    const failed = await appWith('after', []).request('/api/throws', { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('https://pizza.example');
    const preflight = await appWith('after', []).request('/api/json', { method: 'OPTIONS', headers: { Origin: 'https://pizza.example', 'x-listed': '1' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://pizza.example');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,PUT,DELETE,OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type,Authorization,If-None-Match,Accept,Idempotency-Key');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
  });

  it('the answer is the handler’s own object (hono/cors makes a second one from its body stream)', async () => {
    for (const path of ['/api/json', '/api/raw']) {
      const made: Response[] = [];
      const res = await appWith('after', made).request(path, { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } });
      expect(made).toHaveLength(1);
      expect(res).toBe(made[0]);
      // the old way, for the record: a new object
      const theirsMade: Response[] = [];
      const theirs = await appWith('hono', theirsMade).request(path, { headers: { Origin: 'https://pizza.example', 'x-listed': '1' } });
      expect(theirs).not.toBe(theirsMade[0]);
    }
  });
});

describe('the order’s answer in the app', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  // Pizza Margherita 32 cm, picked up, cash (as server/orders/guestMail.test.ts)
  const line = { kind: 'dish', lineId: 'l1', dishId: 'pizza-margherita', sizeId: 'p32', memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
  const FORM = {
    salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
    messageDriver: '', messageCook: '', floor: '', company: '', paymentMethod: 'offline', isPickup: true, serveAt: '',
  };
  const order = (key: string, origin?: string) =>
    s.app.request('/api/shop/demo/order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify({ formValues: FORM, orderItems: [line], sessionId: `cors-${key}`, legalAccepted: true, pickupConfirmed: true }),
    });

  it('201 with CORS, no-store and its length; a replay says so and exposes it; a listed origin gets itself and Vary', async () => {
    const res = await order('cors-key-1', 'https://irgendein-restaurant.example');
    const text = await res.text();
    expect(`${res.status} ${res.status === 201 ? '' : text}`).toBe('201 ');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag,Idempotent-Replayed');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBeNull();
    expect((JSON.parse(text) as { order: { id: string } }).order.id).toEqual(expect.any(String));
    const again = await order('cors-key-1', 'https://irgendein-restaurant.example');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');

    await s.update((d) => void (d.shops.get('demo')!.allowedOrigins = ['https://pizza.example']));
    try {
      const mine = await order('cors-key-2', 'https://pizza.example');
      expect(mine.status).toBe(201);
      expect(mine.headers.get('access-control-allow-origin')).toBe('https://pizza.example');
      expect(mine.headers.get('vary')).toBe('Origin');
      const other = await order('cors-key-3', 'https://evil.example');
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await other.json()) as { error: string }).error).toBe('origin_not_allowed');
    } finally {
      await s.update((d) => void delete d.shops.get('demo')!.allowedOrigins);
    }
  });
});
