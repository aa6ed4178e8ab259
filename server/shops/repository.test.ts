// The shop repository: a bounded cache that a change drops through NOTIFY (in-process on PGlite),
// and the shell page by a restaurant's own host name.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopData } from '../data/load';
import { loadDataFile } from '../data/load';
import { migrate, openDb, type Db } from '../db';
import { createTestServer, DEMO_DATA, type TestServer } from '../testing';
import { createShopRepository, type ShopRepository } from './repository';
import { importShopData } from './store';

/** Waits for a condition (a NOTIFY arrives asynchronously), bounded by the test's timeout only. */
async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('shop repository on PGlite', () => {
  let db: Db;
  let data: ShopData;
  let repo: ShopRepository;
  let stop: () => Promise<void>;
  let queries = 0;
  beforeAll(async () => {
    const raw = await openDb();
    await migrate(raw);
    // counts the repository's reads
    db = { ...raw, query: (sql, params) => ((queries++), raw.query(sql, params)) } as Db;
    data = await loadDataFile(DEMO_DATA);
    await importShopData(raw, data);
    // (a cached shop is never read again by age here: only a NOTIFY can bring a change within a test)
    repo = createShopRepository(db, { maxShops: 3, maxAgeMs: 3_600_000 });
    stop = await repo.listen();
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await db?.close();
  });

  it('serves a cached shop without a query, and a price changed by an import once its NOTIFY arrives', async () => {
    const first = (await repo.getShop('demo'))!;
    expect(first.catalog.dishes[0].prices[0].price).toBe(790);
    expect(first.catalogVersion).toMatch(/^1-[0-9a-f]{12}$/);
    const n = queries;
    expect((await repo.getShop('demo'))!).toBe(first);
    expect(queries).toBe(n);

    data.shops.get('demo')!.catalog.dishes[0].prices[0].price = 890;
    await importShopData(db, data);
    const next = await until(() => repo.getShop('demo'), (s) => s!.catalog.dishes[0].prices[0].price === 890);
    expect(next!.catalog.dishes[0].prices[0].price).toBe(890);
    expect(next!.catalogVersion).toMatch(/^2-[0-9a-f]{12}$/);
    // the old version stays readable by its version (immutable), an unknown one is not there
    expect((await repo.catalogVersion('demo', first.catalogVersion))!.dishes[0].prices[0].price).toBe(790);
    expect(await repo.catalogVersion('demo', '7-000000000000')).toBeNull();
    expect(await repo.catalogVersion('demo', '../../etc')).toBeNull();
  });

  it('a branch serving another shop’s catalog follows that shop’s change', async () => {
    const before = (await repo.getShop('burgerwerk-sued'))!;
    const dish = before.catalog.dishes[0];
    const price = dish.prices[0].price;
    data.shops.get('burgerwerk-zentrum')!.catalog.dishes[0].prices[0].price = price + 100;
    await importShopData(db, data);
    const after = await until(() => repo.getShop('burgerwerk-sued'), (s) => s!.catalog.dishes[0].prices[0].price === price + 100);
    expect(after!.catalog.dishes[0].prices[0].price).toBe(price + 100);
  });

  it('concurrent reads of a shop not in the cache make one query', async () => {
    repo.invalidate();
    const n = queries;
    const shops = await Promise.all(Array.from({ length: 50 }, () => repo.getShop('burgerwerk-nord')));
    expect(queries).toBe(n + 1);
    expect(new Set(shops).size).toBe(1);
  });

  it('keeps at most maxShops in memory (least recently used out)', async () => {
    for (const id of ['demo', 'burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord']) await repo.getShop(id);
    expect(repo.cachedCount()).toBe(3);
    const n = queries;
    await repo.getShop('demo'); // the oldest: read again
    expect(queries).toBe(n + 1);
  });

  it('finds shops by host, slug and id; unknown names and bad ids are null', async () => {
    data.shops.get('demo')!.hosts = ['bestellen.pizzeria-roma.de'];
    await importShopData(db, data);
    const byHost = await until(() => repo.shopByHost('bestellen.pizzeria-roma.de'), (s) => s !== null);
    expect(byHost!.config.id).toBe('demo');
    expect((await repo.shopBySlug('burgerwerk-nord'))!.config.id).toBe('burgerwerk-nord');
    expect((await repo.shopBySlug('demo'))!.config.id).toBe('demo');
    expect(await repo.shopByHost('andere.example')).toBeNull();
    expect(await repo.getShop("demo' OR 1=1 --")).toBeNull();
    expect((await repo.franchise('burgerwerk'))!.shopIds).toEqual(['burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord']);
    expect(await repo.defaultShopId()).toBe('demo');
  });
});

describe('the shell by host name', () => {
  let s: TestServer;
  let dist: string;
  const page = async (path: string, host?: string) => {
    const res = await s.app.request(path, host ? { headers: { Host: host } } : {});
    const html = await res.text();
    return { status: res.status, shop: /<meta name="tischlein:shop" content="([^"]*)"/.exec(html)?.[1] ?? null };
  };
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tischlein-dist-'));
    mkdirSync(join(dist, 'shell'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tischlein</title><!--META-->');
    s = await createTestServer({ distDir: dist, publicOrigin: 'https://shop.example' });
    await s.update((d) => {
      d.shops.get('demo')!.hosts = ['bestellen.pizzeria-roma.de'];
      d.shops.get('burgerwerk-nord')!.hosts = ['nord.burgerwerk.example'];
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a restaurant’s own host shows its shop (any case, any port)', async () => {
    expect(await page('/', 'bestellen.pizzeria-roma.de')).toEqual({ status: 200, shop: 'demo' });
    expect(await page('/oeffnungszeiten', 'Bestellen.Pizzeria-Roma.DE:443')).toEqual({ status: 200, shop: 'demo' });
    expect(await page('/', 'nord.burgerwerk.example')).toEqual({ status: 200, shop: 'burgerwerk-nord' });
  });

  it('on its own host, /f={slug} shows only branches of the same franchise', async () => {
    expect(await page('/f=burgerwerk-sued/', 'nord.burgerwerk.example')).toEqual({ status: 200, shop: 'burgerwerk-sued' });
    expect(await page('/f=demo/', 'nord.burgerwerk.example')).toEqual({ status: 404, shop: '' });
    expect(await page('/f=burgerwerk-sued/', 'bestellen.pizzeria-roma.de')).toEqual({ status: 404, shop: '' });
  });

  it('an unknown host gets the not-found page; localhost and PUBLIC_ORIGIN’s host the default shop', async () => {
    expect(await page('/', 'evil.example')).toEqual({ status: 404, shop: '' });
    expect(await page('/f=burgerwerk-sued/', 'evil.example')).toEqual({ status: 404, shop: '' });
    expect(await page('/', 'localhost:8080')).toEqual({ status: 200, shop: 'demo' });
    expect(await page('/', '127.0.0.1:8080')).toEqual({ status: 200, shop: 'demo' });
    expect(await page('/', 'shop.example')).toEqual({ status: 200, shop: 'demo' });
    expect(await page('/f=burgerwerk-sued/', 'shop.example')).toEqual({ status: 200, shop: 'burgerwerk-sued' });
    expect(await page('/')).toEqual({ status: 200, shop: 'demo' });
  });

  it('serves a catalog version immutable; an unknown version is a 404 naming the current one', async () => {
    const version = (await (await s.app.request('/api/shop/demo/bootstrap')).json()).catalogVersion as string;
    expect(version).toMatch(/^\d+-[0-9a-f]{12}$/);
    const res = await s.app.request(`/api/shop/demo/catalog/${version}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(((await res.json()) as { dishes: { id: string }[] }).dishes[0].id).toBe('pizza-margherita');
    const gone = await s.app.request('/api/shop/demo/catalog/999-000000000000');
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'unknown_version', message: `Diese Version der Speisekarte gibt es nicht (aktuell: ${version}).` });
    expect((await s.app.request('/api/shop/demo/catalog/..%2F..%2Fetc')).status).toBe(404);
  });

  it('a host moved to another shop by an import shows that shop', async () => {
    await s.update((d) => {
      delete d.shops.get('demo')!.hosts;
      d.shops.get('burgerwerk-sued')!.hosts = ['bestellen.pizzeria-roma.de'];
    });
    expect(await page('/', 'bestellen.pizzeria-roma.de')).toEqual({ status: 200, shop: 'burgerwerk-sued' });
  });
});
