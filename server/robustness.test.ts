// Bad input of every kind gets a 4xx JSON answer with a reason — never a 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createTestServer, type TestServer } from './testing';

let s: TestServer;
const errors: unknown[] = [];
beforeAll(async () => {
  s = await createTestServer({ logError: (e) => errors.push(e) });
}, 60_000);
afterAll(async () => {
  await s?.close();
  expect(errors).toEqual([]);
});

const POSTS = ['/api/shop/demo/geo', '/api/platform/event', '/api/platform/tr/v', '/api/platform/tr/e'];

async function expect4xx(res: Response, status?: number) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  if (status) expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string; message: string };
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  return body;
}

const send = (path: string, body: BodyInit | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  s.app.request(path, { method: 'POST', headers, body });

describe('robustness', () => {
  it('malformed JSON -> 400 invalid_json', async () => {
    for (const path of POSTS) {
      for (const body of ['{', '{"location": ', 'nicht json', '\u0000']) {
        expect((await expect4xx(await send(path, body), 400)).error).toBe('invalid_json');
      }
    }
  });

  it('empty body -> 400', async () => {
    for (const path of POSTS) await expect4xx(await send(path, null), 400);
  });

  it('wrong types -> 400 with the field named', async () => {
    const geo = await expect4xx(await send('/api/shop/demo/geo', JSON.stringify({ location: 42 })), 400);
    expect(geo.message).toMatch(/^location: /);
    for (const body of [[], 'text', 17, null, { location: null }, { location: ['a'] }, { location: { a: 1 } }]) {
      await expect4xx(await send('/api/shop/demo/geo', JSON.stringify(body)), 400);
    }
    const ev = await expect4xx(await send('/api/platform/event', JSON.stringify({ type: 1, action: 'x' })), 400);
    expect(ev.message).toMatch(/^type: /);
    await expect4xx(await send('/api/platform/tr/v', JSON.stringify({ sessionId: 5 })), 400);
    await expect4xx(await send('/api/platform/tr/v', JSON.stringify({ sessionId: 's', visitCount: 'eins' })), 400);
    await expect4xx(await send('/api/platform/tr/e', JSON.stringify({ eventData: {} })), 400);
    await expect4xx(await send('/api/platform/tr/v/00000000-0000-0000-0000-000000000000', '[1,2]'), 400);
  });

  it('strings with NUL characters and deep nesting do not reach the database as errors', async () => {
    const ok = await send('/api/platform/event', JSON.stringify({ type: 'a\u0000b', action: 'x', context: { 'k\u0000': 'v\u0000' } }));
    expect(ok.status).toBe(200);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    await expect4xx(await send('/api/platform/event', JSON.stringify({ type: 'a', action: 'b', context: deep })), 400);
  });

  it('bodies over 64 KB -> 413', async () => {
    const big = JSON.stringify({ location: 'x'.repeat(70 * 1024) });
    for (const path of POSTS) expect((await expect4xx(await send(path, big), 413)).error).toBe('payload_too_large');
    // a lying Content-Length does not help either way (Node's HTTP parser reads only the
    // declared bytes; here the truncated body is no JSON)
    const res = await send('/api/shop/demo/geo', big, { 'Content-Type': 'application/json', 'Content-Length': '10' });
    await expect4xx(res);
    const declared = await send('/api/shop/demo/geo', '{}', { 'Content-Type': 'application/json', 'Content-Length': '999999' });
    expect(declared.status).toBe(413);
  });

  it('unknown shop ids -> 404 on every shop endpoint', async () => {
    const paths = [
      '/api/shop/nope/bootstrap',
      '/api/shop/nope/config/deliveryPeriod',
      '/api/shop/nope/geolocation?lat=51&long=12',
      '/api/shop/nope/validate_coupon?code=A',
      '/api/shop/nope/coupon_reservation/check/01701234567',
      `/api/shop/${'x'.repeat(300)}/bootstrap`,
      '/api/shop/%E2%80%AE%00/bootstrap',
    ];
    for (const p of paths) expect((await expect4xx(await s.app.request(p), 404)).error).toBe('unknown_shop');
    expect((await expect4xx(await send('/api/shop/nope/geo', '{"location":"Markt 1, 04109 Leipzig"}'), 404)).error).toBe('unknown_shop');
  });

  it('unknown API paths and methods -> 404 JSON', async () => {
    await expect4xx(await s.app.request('/api/shop/demo/nothing'), 404);
    await expect4xx(await s.app.request('/api/shop/demo/bootstrap', { method: 'DELETE' }), 404);
    await expect4xx(await s.app.request('/api/unknown'), 404);
    await expect4xx(await s.app.request('/api/shop/demo/geo'), 404); // GET on a POST route
  });

  it('odd query strings -> 4xx', async () => {
    for (const p of [
      '/api/shop/demo/validate_coupon?code=%FF',
      '/api/shop/demo/geolocation?lat=1e400&long=0',
      '/api/shop/demo/geolocation?lat=NaN&long=0',
      '/api/shop/demo/config/deliveryPeriod?at=2026-99-99',
      '/api/platform/franchise/burgerwerk/find-for',
      `/api/platform/franchise/burgerwerk/find-for?deliveryType=delivery&location=${'a'.repeat(400)}`,
    ]) {
      const res = await s.app.request(p);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('fuzzing', () => {
  it('random JSON bodies and query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), fc.jsonValue({ maxDepth: 4 }), async (path, value) => {
        const res = await send(path, JSON.stringify(value));
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/shop/demo/validate_coupon?code=', '/api/shop/demo/geolocation?lat=', '/api/shop/demo/config/deliveryPeriod?at=',
          '/api/platform/franchise/burgerwerk/find-for?deliveryType=pickup&location=', '/api/shop/demo/coupon_reservation/check/'),
        fc.string({ maxLength: 80 }),
        async (prefix, text) => {
          const res = await s.app.request(prefix + encodeURIComponent(text));
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('CORS: any restaurant can paste the tag', () => {
  it('public shop data answers any origin with *, never with credentials', async () => {
    for (const path of ['/api/shop/demo/bootstrap', '/api/shop/demo/config/deliveryPeriod', '/api/platform/config/deliveryPeriod?shop=demo']) {
      const res = await s.app.request(path, { headers: { Origin: 'https://irgendein-restaurant.example' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
  it('preflight allows the bearer token header', async () => {
    const ok = await s.app.request('/api/shop/demo/geo', {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:8081', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, authorization' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
  it('a shop with allowedOrigins answers its own origins only', async () => {
    await s.update((d) => void (d.shops.get('demo')!.allowedOrigins = ['https://pizza.example']));
    try {
      const mine = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'https://pizza.example' } });
      expect(mine.headers.get('access-control-allow-origin')).toBe('https://pizza.example');
      expect(mine.headers.get('vary')).toMatch(/Origin/);
      const other = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'https://evil.example' } });
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect((await other.json()).error).toBe('origin_not_allowed');
      // the server's own (configured, never Host-derived) origin and other shops are not affected
      const own = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'http://localhost' } });
      expect(own.status).toBe(200);
      const burger = await s.app.request('/api/shop/burgerwerk-zentrum/bootstrap', { headers: { Origin: 'https://evil.example' } });
      expect(burger.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await s.update((d) => void delete d.shops.get('demo')!.allowedOrigins);
    }
  });
});

describe('robustness of anonymous writes', () => {
  it('1,000 tracking posts from one IP in a minute -> 429; another IP still gets through', async () => {
    const t = await createTestServer();
    try {
      const env = (ip: string) => ({ incoming: { socket: { remoteAddress: ip, remoteFamily: 'IPv4', remotePort: 1 } } });
      const post = (ip: string) =>
        t.app.request('/api/platform/tr/e', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"event":"x"}' }, env(ip));
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i++) statuses.push((await post('203.0.113.7')).status);
      expect(statuses[0]).toBe(200);
      expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(0);
      expect(statuses.at(-1)).toBe(429);
      const last = await post('203.0.113.7');
      expect((await last.json()).error).toBe('too_many_requests');
      expect((await post('198.51.100.1')).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
