// The address, franchise and tile endpoints reject bad input with 4xx; upstream tiles are
// fetched once (with our User-Agent) and the disk cache survives a restart.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '../testing';
import { mapTilePng } from '../media';
import { TILE_USER_AGENT } from '../tiles';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const get = (path: string) => s.app.request(path);
const post = (path: string, body: string) => s.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('bad coordinates and parameters get 4xx', () => {
  it('/geolocation', async () => {
    for (const q of ['lat=91&long=0', 'lat=0&long=181', 'lat=1e3&long=0', 'lat=&long=', 'lat=0', 'lat=0&long=0&acc=-5', 'lat=0x10&long=0', 'lat=51.3%00&long=12']) {
      const res = await get(`/api/shop/demo/geolocation?${q}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await get('/api/shop/demo/geolocation?lat=51.3399&long=12.3806&acc=20')).status).toBe(200);
  });
  it('/geo', async () => {
    for (const body of ['', '{', '[]', '{"location":5}', `{"location":"${'x'.repeat(400)}"}`, '{"location":null}']) {
      const res = await post('/api/shop/demo/geo', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const zip = await post('/api/shop/demo/geo', '{"location":"04109"}');
    expect(zip.status).toBe(400);
    expect(await zip.json()).toMatchObject({ error: 'zipInsteadOfAddressEntered' });
    expect((await post('/api/shop/demo/geo', '{"location":"Nirgendwo 1, 99999 Irgendwo"}')).status).toBe(404);
  });
  it('find-for', async () => {
    const base = '/api/platform/franchise/burgerwerk/find-for';
    for (const q of ['', 'location=x', 'location=x&deliveryType=boat', 'location=x&deliveryType=pickup&serveAt=9:00', 'location=x&deliveryType=pickup&at=gestern']) {
      const res = await get(`${base}?${q}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await get('/api/platform/franchise/%00/find-for?location=x&deliveryType=pickup')).status).toBe(404);
  });
  it('tiles', async () => {
    for (const p of ['20/0/0', '0/1/0', '1/0/2', '-1/0/0', '1/0/0.jpg', '01/0/0x', '3/99999999/0', '1/a/0']) {
      const res = await get(`/api/shop/demo/osm/tile/${p}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('upstream tiles', () => {
  it('are fetched once with our User-Agent, served from the shop, cached on disk across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tiles-'));
    const png = mapTilePng(3, 4, 2, []);
    const upstream = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } }));
    const opts = { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileCacheDir: dir, tileFetch: upstream as unknown as typeof fetch };
    const a = await createTestServer(opts);
    const first = await a.app.request('/api/shop/demo/osm/tile/3/4/2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-tile-source')).toBe('upstream');
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true);
    expect(upstream).toHaveBeenCalledTimes(1);
    expect(String(upstream.mock.calls[0][0])).toBe('https://tiles.example/3/4/2.png');
    expect(new Headers(upstream.mock.calls[0][1]?.headers).get('user-agent')).toBe(TILE_USER_AGENT);
    await a.close();

    // "restart": a new server on the same cache folder does not ask upstream again
    const b = await createTestServer(opts);
    const again = await b.app.request('/api/shop/demo/osm/tile/3/4/2.png');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-tile-source')).toBe('disk');
    expect(upstream).toHaveBeenCalledTimes(1);
    await b.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a failing upstream gives a generated tile that is not cached', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tiles-'));
    const upstream = jest.fn(async () => new Response('nope', { status: 503 }));
    const t = await createTestServer({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', tileCacheDir: dir, tileFetch: upstream as unknown as typeof fetch });
    const res = await t.app.request('/api/shop/demo/osm/tile/2/1/1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tile-source')).toBe('fallback');
    expect(res.headers.get('cache-control')).toBe('no-store');
    await t.app.request('/api/shop/demo/osm/tile/2/1/1');
    expect(upstream).toHaveBeenCalledTimes(2);
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
