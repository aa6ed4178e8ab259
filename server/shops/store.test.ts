// The data format as import/export format: import → export → import gives the same data (generated
// shops), and a broken file is refused with the field path of each problem and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseData } from '../data/load';
import { migrate, openDb, type Db } from '../db';
import { DEMO_DATA } from '../testing';
import { runShopCommand } from './cli';
import { exportShopData, importShopData } from './store';

type Json = Record<string, any>;
const demo = (): Json => JSON.parse(readFileSync(DEMO_DATA, 'utf8'));
const WAITER = `scrypt:${'a'.repeat(32)}:${'b'.repeat(128)}`;
const TABLES = ['shops', 'franchises', 'catalog_versions', 'shop_hosts', 'shop_settings', 'coupons', 'coupon_mails', 'platform_data'];

async function freshDb(): Promise<Db> {
  const db = await openDb();
  await migrate(db);
  return db;
}
const wipe = (db: Db) => db.exec(`TRUNCATE ${TABLES.join(', ')} CASCADE`);

/** A generated data file: 1-4 shops made from the demo's two catalogs, with own names, prices, hosts, coupons, settings. */
const dataFile = fc
  .record({
    shops: fc.uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,20}$/),
        name: fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }).filter((s) => s.trim().length > 0 && !s.includes('\u0000')),
        template: fc.constantFrom(0, 1),
        priceDelta: fc.integer({ min: 0, max: 5000 }),
        dishName: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes('\u0000')),
        franchise: fc.boolean(),
        shareCatalog: fc.boolean(),
        tables: fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 5 }),
        withSettings: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4, selector: (s) => s.id.toLowerCase() },
    ),
    hosts: fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?\.[a-z]{2,6}$/), fc.nat()), { maxLength: 5, selector: (h) => h[0] }),
    coupons: fc.uniqueArray(
      fc.record({
        code: fc.stringMatching(/^[A-Z0-9_-]{1,12}$/),
        shop: fc.nat(),
        type: fc.constantFrom('percent', 'value'),
        value: fc.integer({ min: 0, max: 100 }),
        minimumOrderValue: fc.integer({ min: 0, max: 10_000 }),
        validUntil: fc.option(fc.date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
        maxUses: fc.option(fc.integer({ min: 1, max: 50 })),
      }),
      { maxLength: 4, selector: (c) => `${c.shop}/${c.code}` },
    ),
  })
  .map(({ shops, hosts, coupons }) => {
    const base = demo();
    const templates = [base.shops[0], base.shops[1]];
    const franchise = shops.some((s) => s.franchise);
    const file: Json = { version: 1, gazetteer: base.gazetteer, franchises: franchise ? [{ id: 'kette', slug: 'kette', name: 'Die Kette' }] : [], shops: [], coupons: [], shopSettings: [] };
    shops.forEach((s, i) => {
      const t = structuredClone(templates[s.template]);
      const config = { ...t.config, id: s.id, restaurantName: s.name, slug: `shop-${i}` };
      delete config.franchiseId;
      if (s.franchise) config.franchiseId = 'kette';
      const entry: Json = { config, hosts: hosts.filter(([, n]) => n % shops.length === i).map(([h]) => h) };
      // a later shop may serve an earlier shop's catalog (franchise branches)
      if (s.shareCatalog && i > 0) entry.catalogOf = shops[0].id;
      else {
        entry.catalog = t.catalog;
        entry.catalog.dishes[0].name = s.dishName;
        for (const d of entry.catalog.dishes) for (const p of d.prices) p.price += s.priceDelta;
      }
      file.shops.push(entry);
      if (s.withSettings) file.shopSettings.push({ shopId: s.id, email: `kueche${i}@example.de`, waiterPassword: WAITER, tables: s.tables });
    });
    for (const c of coupons) {
      const shopId = shops[c.shop % shops.length].id;
      // codes are case-insensitive per shop
      if (file.coupons.some((x: Json) => x.shopId === shopId && x.code === c.code)) continue;
      file.coupons.push({ code: c.code, shopId, type: c.type, value: c.value, minimumOrderValue: c.minimumOrderValue, validUntil: c.validUntil, maxUses: c.maxUses });
    }
    return file;
  });

describe('import → export → import', () => {
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshDb(), freshDb()]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('gives the same data for generated shops (export with secrets)', async () => {
    await fc.assert(
      fc.asyncProperty(dataFile, async (file) => {
        await wipe(a);
        await wipe(b);
        const first = parseData(file);
        await importShopData(a, first);
        const exported = await exportShopData(a, [], { withSecrets: true });
        const second = parseData(JSON.parse(JSON.stringify(exported)));
        // the shops, catalogs, settings and franchises read back are the ones imported
        expect([...second.shops.entries()]).toEqual([...first.shops.entries()]);
        expect([...(second.settings ?? new Map()).entries()]).toEqual([...(first.settings ?? new Map()).entries()]);
        expect([...second.franchises.entries()]).toEqual([...first.franchises.entries()]);
        expect(second.gazetteer).toEqual(first.gazetteer);
        // and importing the export into another database exports the same file again
        await importShopData(b, second);
        expect(await exportShopData(b, [], { withSecrets: true })).toEqual(exported);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('an export without --with-secrets has no waiter password; one shop exports with its catalog', async () => {
    await wipe(a);
    await importShopData(a, parseData(demo()));
    const plain = (await exportShopData(a)) as Json;
    expect(plain.shopSettings.find((s: Json) => s.shopId === 'demo')).toMatchObject({ email: 'bestellung@trattoria-tischlein.example', vatId: 'DE123456789' });
    expect(JSON.stringify(plain)).not.toContain('scrypt:');
    // a branch exported alone carries the catalog it serves (its source is not in the file)
    const branch = (await exportShopData(a, ['burgerwerk-sued'])) as Json;
    expect(branch.shops).toHaveLength(1);
    expect(branch.shops[0].catalogOf).toBeUndefined();
    expect(branch.shops[0].catalog.dishes.length).toBeGreaterThan(0);
    expect(branch.franchises).toEqual([{ id: 'burgerwerk', slug: 'burgerwerk', name: 'Burgerwerk' }]);
    expect(() => parseData(branch)).not.toThrow();
  });
});

describe('npm run shop -- import', () => {
  let db: Db;
  let dir: string;
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
  };
  const write = (name: string, json: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(json));
    return file;
  };
  beforeAll(async () => {
    db = await freshDb();
    dir = mkdtempSync(join(tmpdir(), 'tischlein-import-'));
    const r = io();
    expect(await runShopCommand(db, ['import', write('demo.json', demo())], r.io)).toBe(0);
    expect(r.out).toEqual(['imported 5 shops, 7 coupons; new catalog versions for demo, burgerwerk-zentrum']);
  }, 60_000);
  afterAll(() => db?.close());

  it('refuses a file with schema problems: one line per problem with its field path, nothing changed', async () => {
    const before = await exportShopData(db, [], { withSecrets: true });
    const file = demo();
    file.shops[0].catalog.dishes[0].prices[1].price = 'teuer';
    file.shops[0].config.restaurantName = 'Neu'; // a valid change in the same file is not written either
    file.shops[1].hosts = ['Burger.Example'];
    file.coupons[0].type = 'gratis';
    file.shops[0].catalog.dishes[2].name = 'Pizza\u0000'; // jsonb cannot hold it: a clear line, not a database error
    const r = io();
    expect(await runShopCommand(db, ['import', write('schema.json', file)], r.io)).toBe(1);
    const lines = r.err.join('\n').split('\n');
    expect(lines).toContain("  - shops[1].hosts[0]: expected a host name in lower case without port, e.g. 'bestellen.pizzeria-roma.de'");
    expect(lines).toContain("  - coupons[0].type: expected 'percent' or 'value'");
    expect(lines.some((l) => l.startsWith('  - shops[0].catalog.dishes[0].prices[1].price: '))).toBe(true);
    expect(lines).toContain('  - shops[0].catalog.dishes[2].name: contains the character U+0000, which cannot be stored');
    expect(lines[lines.length - 1]).toBe('nothing imported.');
    expect(await exportShopData(db, [], { withSecrets: true })).toEqual(before);
  });

  it('refuses broken references with their paths, nothing changed', async () => {
    const before = await exportShopData(db, [], { withSecrets: true });
    const file = demo();
    file.shops[0].catalog.dishes[0].category = 'gibtsnicht';
    file.shops[0].hosts = ['roma.example'];
    file.shops[2].hosts = ['roma.example'];
    file.coupons[0].shopId = 'nirgends';
    const r = io();
    expect(await runShopCommand(db, ['import', write('refs.json', file)], r.io)).toBe(1);
    const lines = r.err.join('\n').split('\n');
    expect(lines).toContain("  - shops[0].catalog.dishes[0].category: unknown category 'gibtsnicht'");
    expect(lines).toContain("  - shops[2].hosts[0]: host 'roma.example' is already shops[0]'s");
    expect(lines).toContain("  - coupons[0].shopId: unknown shop 'nirgends'");
    expect(await exportShopData(db, [], { withSecrets: true })).toEqual(before);
  });

  it('a conflict with the database (a slug another shop has) rolls the whole import back', async () => {
    const before = await exportShopData(db, [], { withSecrets: true });
    const file = demo();
    file.shops = [file.shops[0], { ...file.shops[1], config: { ...file.shops[1].config, id: 'neu', franchiseId: undefined } }];
    delete file.shops[1].config.franchiseId;
    file.shops[0].catalog.dishes[0].prices[0].price = 1; // would be written first
    file.franchises = [];
    file.coupons = [];
    file.shopSettings = [];
    const r = io();
    expect(await runShopCommand(db, ['import', write('clash.json', file)], r.io)).toBe(1);
    expect(r.err[0]).toMatch(/^import failed, nothing imported: .*slug/);
    expect(await exportShopData(db, [], { withSecrets: true })).toEqual(before);
  });

  it('list, publish an older version, export an unknown shop', async () => {
    const file = demo();
    file.shops[0].catalog.dishes[0].prices[0].price = 850;
    let r = io();
    expect(await runShopCommand(db, ['import', write('v2.json', file)], r.io)).toBe(0);
    expect(r.out).toEqual(['imported 5 shops, 7 coupons; new catalog versions for demo']);
    r = io();
    await runShopCommand(db, ['list'], r.io);
    expect(r.out[0]).toMatch(/^demo\t-\tcatalog 2-[0-9a-f]{12}\tbestellen.trattoria-tischlein.example$/);
    expect(r.out[2]).toBe('burgerwerk-sued\t/f=burgerwerk-sued\tcatalog of burgerwerk-zentrum\t-');
    r = io();
    expect(await runShopCommand(db, ['publish', 'demo', '1'], r.io)).toBe(0);
    const back = (await exportShopData(db, ['demo'])) as Json;
    expect(back.shops[0].catalog.dishes[0].prices[0].price).toBe(790);
    r = io();
    expect(await runShopCommand(db, ['publish', 'demo', '9'], r.io)).toBe(1);
    expect(r.err).toEqual(["shop 'demo' has no catalog version 9 of its own"]);
    r = io();
    expect(await runShopCommand(db, ['export', 'gibtsnicht'], r.io)).toBe(1);
    expect(r.err).toEqual(["export failed: no shop 'gibtsnicht'"]);
  });

  it('catalog versions are immutable in the database itself', async () => {
    await expect(db.query("UPDATE catalog_versions SET catalog = '{}' WHERE shop_id = 'demo'")).rejects.toThrow(/immutable/);
  });
});

describe('npm run shop -- export --with-secrets', () => {
  // 32 bytes written out: 0x00 … 0x1f, and 0x20 … 0x3f
  const KEY_A = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
  const KEY_B = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
  const HOOK = 'demo-own-hook-secret-0123456789';
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
  };
  let dir: string;
  const dbs: Db[] = [];
  const fresh = async () => {
    const db = await freshDb();
    dbs.push(db);
    return db;
  };
  const write = (name: string, json: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
    return file;
  };
  const ciphertexts = async (db: Db) => (await db.query<{ shop_id: string; name: string; ciphertext: string }>('SELECT shop_id, name, ciphertext FROM shop_secrets ORDER BY shop_id, name')).rows;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tischlein-secrets-export-'));
  });
  afterAll(async () => {
    for (const db of dbs) await db.close();
  });

  it('exports the secrets decrypted only with the flag; their import stores them encrypted with the importing key', async () => {
    const source = await fresh();
    const file = demo();
    file.shopSettings[0].secrets = { webhookSecret: HOOK, stripeAccountId: 'acct_1DemoShop' };
    // a shop with secrets but no settings of its own
    file.shopSettings = file.shopSettings.filter((s: Json) => s.shopId !== 'burgerwerk-nord');
    file.shopSettings.push({ shopId: 'burgerwerk-nord', secrets: { paypalMerchantId: 'NORD1234BURGER' } });
    let r = io();
    expect(await runShopCommand(source, ['import', write('with.json', file)], r.io, { TISCHLEIN_SECRET_KEY: KEY_A })).toBe(0);
    const stored = await ciphertexts(source);
    expect(stored.map((c) => `${c.shop_id}/${c.name}`)).toEqual(['burgerwerk-nord/paypalMerchantId', 'demo/stripeAccountId', 'demo/webhookSecret']);
    const raw = JSON.stringify(stored) + JSON.stringify((await source.query('SELECT settings FROM shop_settings')).rows);
    for (const plain of [HOOK, 'acct_1DemoShop', 'NORD1234BURGER']) expect(raw).not.toContain(plain);

    // the default export: no secret, no waiter password hash
    r = io();
    expect(await runShopCommand(source, ['export'], r.io, { TISCHLEIN_SECRET_KEY: KEY_A })).toBe(0);
    const plainText = r.out.join('\n');
    for (const plain of [HOOK, 'acct_1DemoShop', 'NORD1234BURGER', '"secrets"', '"waiterPassword"']) expect(plainText).not.toContain(plain);

    // with the flag: decrypted, beside the other settings
    r = io();
    expect(await runShopCommand(source, ['export', 'demo', 'burgerwerk-nord', '--with-secrets'], r.io, { TISCHLEIN_SECRET_KEY: KEY_A })).toBe(0);
    const exported = JSON.parse(r.out.join('\n')) as Json;
    expect(exported.shopSettings.map((s: Json) => [s.shopId, s.secrets])).toEqual([
      ['demo', { stripeAccountId: 'acct_1DemoShop', webhookSecret: HOOK }],
      ['burgerwerk-nord', { paypalMerchantId: 'NORD1234BURGER' }],
    ]);
    expect(exported.shopSettings[0].email).toBe('bestellung@trattoria-tischlein.example');
    expect(exported.shopSettings[0].waiterPassword).toMatch(/^scrypt:/);

    // the wrong key: refused with the reason, nothing printed
    r = io();
    expect(await runShopCommand(source, ['export', 'demo', '--with-secrets'], r.io, { TISCHLEIN_SECRET_KEY: KEY_B })).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err[0]).toMatch(/^export failed: secret 'stripeAccountId' of shop 'demo' was encrypted with another key \([0-9a-f]{8}, TISCHLEIN_SECRET_KEY is [0-9a-f]{8}\)$/);

    // into another installation with its own key: encrypted with that key, the same values
    const target = await fresh();
    r = io();
    expect(await runShopCommand(target, ['import', write('exported.json', exported)], r.io, { TISCHLEIN_SECRET_KEY: KEY_B })).toBe(0);
    const moved = await ciphertexts(target);
    expect(moved.map((c) => `${c.shop_id}/${c.name}`)).toEqual(['burgerwerk-nord/paypalMerchantId', 'demo/stripeAccountId', 'demo/webhookSecret']);
    for (const c of moved) expect(JSON.stringify(c)).not.toMatch(/demo-own-hook|acct_1DemoShop|NORD1234BURGER/);
    r = io();
    expect(await runShopCommand(target, ['export', 'demo', '--with-secrets'], r.io, { TISCHLEIN_SECRET_KEY: KEY_B })).toBe(0);
    expect((JSON.parse(r.out.join('\n')) as Json).shopSettings[0].secrets).toEqual({ stripeAccountId: 'acct_1DemoShop', webhookSecret: HOOK });
    r = io();
    expect(await runShopCommand(target, ['export', 'demo', '--with-secrets'], r.io, { TISCHLEIN_SECRET_KEY: KEY_A })).toBe(1);

    // the default export imported elsewhere brings no secret
    const third = await fresh();
    r = io();
    expect(await runShopCommand(third, ['import', write('plain.json', plainText)], r.io, { TISCHLEIN_SECRET_KEY: KEY_A })).toBe(0);
    expect(await ciphertexts(third)).toEqual([]);
  }, 120_000);

  it('an import whose secrets cannot be stored (production without a key) changes nothing', async () => {
    const db = await fresh();
    const file = demo();
    file.shopSettings[0].secrets = { webhookSecret: HOOK };
    const r = io();
    expect(await runShopCommand(db, ['import', write('nokey.json', file)], r.io, { NODE_ENV: 'production' })).toBe(1);
    expect(r.err.join('\n')).toBe("shop 'demo' has secrets in the data file, but TISCHLEIN_SECRET_KEY is not set\nnothing imported.");
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops')).rows[0].n).toBe(0);
    expect(await ciphertexts(db)).toEqual([]);
  }, 60_000);
});
