// Runs only with TEST_DATABASE_URL (.ci/postgres-tests.sh): two real server processes
// (tsx server/main.ts) on one PostgreSQL database. A price changed by `npm run shop -- import`
// (a third process) is served by both without a restart (LISTEN/NOTIFY); a cart stored before the
// change is restored with the right explanation; an order placed on B uses the new price.
// How the test knows the change came by NOTIFY, without timing it: the processes' shop caches are
// filled by this test's first requests, and a cached shop is read again by age only after the
// repository's max age, which is no shorter than this test's timeout (checked by the first test).
// So a process serving the new price before the test times out has dropped its copy on the NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Catalog } from '@shared/domain';
import { restoreCart } from '@shared/cartpricing';
import type { PricingContext } from '@shared/pricing';
import { shopTimeAt } from '@shared/time/clock';
import { openDb, type Db } from './db';
import { createShopRepository } from './shops/repository';
import { listeningUrl, runTsx, type TsxProcess } from './testingProcesses';
import { DEMO_DATA } from './testing';

const url = process.env.TEST_DATABASE_URL;
/** the timeout of the test that changes the price: the only bound of its wait for the new price */
const CHANGE_TEST_MS = 60_000;

type Json = Record<string, any>;

const run = runTsx;
const listening = (p: TsxProcess) => listeningUrl(p);

const dishPrice = (catalog: Catalog, id: string) => catalog.dishes.find((d) => d.id === id)?.prices[0].price;

const line = (lineId: string, dishId: string, price: number) => ({
  kind: 'dish', lineId, dishId, sizeId: null, memberName: null, amount: 1, price, priceNonDiscounted: price, promotion: null, without: [], tags: [], slotId: null, extras: [],
});

function submission(items: unknown[], session: string, catalogVersion?: string) {
  return {
    ...(catalogVersion ? { catalogVersion } : {}),
    formValues: {
      salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
      messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
    },
    orderItems: items, couponCode: null, sessionId: session, userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false,
    account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
    expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
  };
}

(url ? describe : describe.skip)('two server processes on one PostgreSQL', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'tischlein-procs-'));
  const dbName = `tischlein_procs_${process.pid}`;
  let dbUrl = '';
  const procs: ReturnType<typeof run>[] = [];
  let a = '';
  let b = '';
  const v1 = join(tmp, 'v1.json');
  const v2 = join(tmp, 'v2.json');

  beforeAll(async () => {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    // the demo, open around the clock (the processes run on the real clock)
    const data = JSON.parse(readFileSync(DEMO_DATA, 'utf8')) as Json;
    const demo = data.shops[0];
    demo.config.openingTimes = [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from: '00:00', to: '24:00' }));
    demo.config.deliveryTimes = demo.config.openingTimes;
    demo.config.specialOpeningTimes = [];
    writeFileSync(v1, JSON.stringify(data));
    // the change: the tuna salad from 8,90 € to 9,90 €, the Pizzabrötchen off the menu
    const salad = demo.catalog.dishes.find((d: Json) => d.id === 'salat-tonno');
    expect(salad.prices).toEqual([{ price: 890 }]);
    salad.prices = [{ price: 990 }];
    demo.catalog.dishes = demo.catalog.dishes.filter((d: Json) => d.id !== 'pizzabroetchen');
    for (const c of demo.catalog.categories) if (c.dishes) c.dishes = c.dishes.filter((id: string) => id !== 'pizzabroetchen');
    writeFileSync(v2, JSON.stringify(data));

    const env = { DATABASE_URL: dbUrl, PORT: '0', EXAMPLES_PORT: '0', OUTBOX_DIR: join(tmp, 'outbox') };
    // both start at once on an empty database: one imports, the other finds the shops
    procs.push(run(['server/main.ts'], { ...env, TISCHLEIN_DATA: v1 }), run(['server/main.ts'], env));
    [a, b] = await Promise.all(procs.map(listening));
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exit));
    rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  const bootstrap = async (origin: string) => (await (await fetch(`${origin}/api/shop/demo/bootstrap`)).json()) as { catalog: Catalog; catalogVersion?: string };
  const order = (origin: string, body: unknown, key: string) =>
    fetch(`${origin}/api/shop/demo/order`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key }, body: JSON.stringify(body) });

  it("(the premise) a cached shop is read again by age no sooner than the change test's timeout", async () => {
    const db = await openDb({ databaseUrl: dbUrl, poolMax: 1 });
    try {
      let reads = 0;
      const counted: Db = { ...db, query: (sql, params) => (reads++, db.query(sql, params)) };
      let t = 1_000_000;
      const repo = createShopRepository(counted, { now: () => t });
      expect((await repo.getShop('demo'))?.config.id).toBe('demo');
      expect(reads).toBe(1);
      t += CHANGE_TEST_MS - 1;
      await repo.getShop('demo');
      expect(reads).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('a price changed by an import is served by both processes (LISTEN/NOTIFY); a stored cart is restored with the explanation; an order on B uses the new price', async () => {
    // both processes have the shop in their cache from here on (their first requests for it: a
    // start reads no shop into the cache); by age it would be read again only after this test's timeout
    for (const origin of [a, b]) expect(dishPrice((await bootstrap(origin)).catalog, 'salat-tonno')).toBe(890);
    const before = await order(b, submission([line('l1', 'salat-tonno', 890)], 'vorher'), `procs-before-${Date.now()}`);
    expect(before.status).toBe(201);
    // the demo takes 15 % off salads every day (disc-salate): 8,90 € − 1,335 € = 7,57 €
    expect(((await before.json()) as Json).order.total).toBe(7.57);
    const { catalog: oldCatalog, catalogVersion: oldVersion } = await bootstrap(b);
    expect(oldVersion).toMatch(/^1-[0-9a-f]{12}$/);
    // the guest's cart in the browser's storage, from before the change
    const stored = [line('l1', 'salat-tonno', 890), line('l2', 'pizzabroetchen', 450)];

    const cli = run(['server/shops/cli.ts', 'import', v2], { DATABASE_URL: dbUrl });
    expect(await cli.exit).toBe(0);
    expect(cli.out()).toContain('new catalog versions for demo');
    // each process serves the new price once it has heard the NOTIFY (bounded by the test's timeout only)
    for (const origin of [b, a]) {
      while (dishPrice((await bootstrap(origin)).catalog, 'salat-tonno') !== 990) await new Promise((r) => setTimeout(r, 25));
    }

    // restored against B's new catalog: the salad at its new price, the Pizzabrötchen explained
    const fresh = await bootstrap(b);
    const ctx: PricingContext = { time: shopTimeAt(new Date(), 'Europe/Berlin'), channel: 'webshop', deliveryType: 'pickup', groupOrderActive: false };
    const restored = restoreCart(fresh.catalog, stored, { ctx, previousCatalog: oldCatalog });
    expect(restored.problems).toEqual(['Gericht Pizzabrötchen mit Aioli nicht gefunden']);
    expect(restored.items.map((i) => (i.kind === 'dish' ? [i.dishId, i.priceNonDiscounted, i.price] : null))).toEqual([['salat-tonno', 990, 842]]);

    // B refuses the old cart with the correction (409), never the old price
    // (the checkout sends the version its cart was priced on: the message names the dish, not its id)
    const stale = await order(b, submission(stored, 'alt', oldVersion), `procs-stale-${Date.now()}`);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'cart_changed', message: 'Gericht Pizzabrötchen mit Aioli nicht gefunden', title: 'Warenkorb geändert' });
    // the salad alone, still priced on the old version: its new price is explained first (409) …
    const old = await order(b, submission([line('l1', 'salat-tonno', 890)], 'neu', oldVersion), `procs-old-${Date.now()}`);
    expect(old.status).toBe(409);
    expect(await old.json()).toMatchObject({ error: 'cart_changed', title: 'Warenkorb geändert' });
    // … and on the new version it is placed on B at the new price: 9,90 € − 15 % = 8,42 €
    const placed = await order(b, submission([line('l1', 'salat-tonno', 990)], 'neu', fresh.catalogVersion), `procs-new-${Date.now()}`);
    expect(placed.status).toBe(201);
    const body = (await placed.json()) as Json;
    expect(body.order.total).toBe(8.42);
    expect(body.order.items.map((i: Json) => i.name)).toEqual(['Insalata Tonno']);
  }, CHANGE_TEST_MS);
});
