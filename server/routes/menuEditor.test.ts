// The menu editor's API on PGlite: only the shop's owner; a draft is checked with the import's
// schema (German message per field, nothing published when invalid); two devices cannot overwrite
// each other; publishing makes a new version guests get at once; restore; pictures ('Vorschau': menuPreview.test.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { createStaffTestServer, DEMO_OWNER, JSON_HEADERS, type StaffRequest, type StaffTestServer } from '../testingStaff';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

type DraftAnswer = { revision: number; catalog: Catalog; changed: boolean; published: { version: number; label: string } };

describe('menu editor API', () => {
  let s: StaffTestServer;

  const req = (who: string | null, path: string, init: StaffRequest = {}) => s.req(path, { ...init, as: who ?? undefined });
  const draft = async () => (await (await req('owner', '/api/staff/demo/menu/draft')).json()) as DraftAnswer;
  const bootstrap = async () => (await (await s.app.request('/api/shop/demo/bootstrap')).json()) as { catalog: Catalog; catalogVersion: string };
  const versions = async () =>
    ((await (await req('owner', '/api/staff/demo/menu/versions')).json()) as { versions: { version: number; createdBy: string | null; published: boolean }[] }).versions;

  /** the demo catalog with a new category 'Bowls' and a dish 'Poke Bowl' in two sizes */
  const withBowl = (c: Catalog, price = 1150): Catalog => ({
    ...c,
    categories: [...c.categories, { id: 'bowls', name: 'Bowls', description: null, imageName: null, dishes: ['poke-bowl'] }],
    dishes: [
      ...c.dishes,
      {
        ...c.dishes[0], id: 'poke-bowl', name: 'Poke Bowl', number: '90', category: 'bowls', twoForOnePromotionId: null,
        sizes: [{ id: 'klein', name: 'Klein', description: null }, { id: 'gross', name: 'Groß', description: null }],
        prices: [{ sizeId: 'klein', price: 850, deposit: 0 }, { sizeId: 'gross', price, deposit: 0 }],
        extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [],
      },
    ],
  });

  beforeAll(async () => {
    s = await createStaffTestServer({
      users: {
        owner: DEMO_OWNER,
        staff: { shopId: 'demo', email: 'koch@demo.example', name: 'Koch', role: 'staff', password: 'koch-passwort-123' },
        otherOwner: { shopId: 'schanzenkueche', email: 'chefin@schanze.example', name: 'Chefin', role: 'owner', password: 'schanze-passwort-123' },
        branchOwner: { shopId: 'burgerwerk-nord', email: 'nord@burgerwerk.example', name: 'Nord', role: 'owner', password: 'nord-passwort-123' },
      },
    });
  }, 120_000);
  afterAll(async () => s.close());

  it('no login: 401; a staff member, a POS key, another shop\'s owner: 403 — for reading, saving, publishing, restoring', async () => {
    const calls: [string, StaffRequest][] = [
      ['/api/staff/demo/menu/draft', {}],
      ['/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: 0, catalog: {} } }],
      ['/api/staff/demo/menu/publish', { method: 'POST', json: { revision: 0 } }],
      ['/api/staff/demo/menu/versions', {}],
      ['/api/staff/demo/menu/versions/1/restore', { method: 'POST', json: { revision: 0 } }],
      ['/api/staff/demo/menu/preview', {}],
      ['/api/staff/demo/menu/images', { method: 'POST', body: PNG, headers: { 'Content-Type': 'image/png' } }],
    ];
    for (const [path, init] of calls) {
      expect(await s.access(path, init, ['none', 'staff', 'otherOwner', 'pos'])).toEqual({ call: `${init.method ?? 'GET'} ${path}`, none: 401, staff: 403, otherOwner: 403, pos: 403 });
    }
    const denied = await req('staff', '/api/staff/demo/menu/draft');
    expect(await denied.json()).toEqual({ error: 'owner_only', message: 'Das darf nur der Inhaber (mit Anmeldung).' });
    // nothing was published by any of them
    expect((await versions()).map((v) => v.version)).toEqual([1]);
  });

  it('an invalid draft is refused with each field\'s path and German message; nothing is saved or published', async () => {
    const before = await bootstrap();
    const d = await draft();
    expect(d.revision).toBe(0);
    const bad = withBowl(d.catalog);
    const bowl = bad.dishes[bad.dishes.length - 1];
    bowl.name = '';
    bowl.prices[1].price = -50;
    bad.dishes[0] = { ...bad.dishes[0], sideDishGroups: [{ id: 'g-x', name: 'Beilage', min: 3, limit: 1, maxAmount: 1, forceGroup: true, groupType: 'dish', marker: null, items: [] }] };
    const res = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: 0, catalog: bad } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; message: string; problems: { path: string; message: string }[] };
    expect(body.error).toBe('invalid_draft');
    expect(body.message).toBe('Die Speisekarte hat noch Fehler. Bitte die markierten Felder korrigieren – veröffentlicht wurde nichts.');
    const n = bad.dishes.length - 1;
    expect(body.problems).toEqual([
      { path: `dishes[${n}].name`, message: 'Bitte einen Namen eingeben.' },
      { path: `dishes[${n}].prices[1].price`, message: 'Der Betrag darf nicht negativ sein.' },
    ]);
    // the schema passes, the cross check does not: min above limit
    bowl.name = 'Poke Bowl';
    bowl.prices[1].price = 1150;
    const res2 = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: 0, catalog: bad } });
    expect(res2.status).toBe(422);
    expect(((await res2.json()) as { problems: unknown[] }).problems).toEqual([
      { path: 'dishes[0].sideDishGroups[0].min', message: 'Das Minimum darf nicht größer als die Höchstzahl sein.' },
    ]);
    expect((await draft()).revision).toBe(0);
    expect((await bootstrap()).catalogVersion).toBe(before.catalogVersion);
    // publishing without a saved draft changes nothing
    const pub = await req('owner', '/api/staff/demo/menu/publish', { method: 'POST', json: { revision: 0 } });
    expect(await pub.json()).toMatchObject({ unchanged: true, version: 1 });
    expect((await versions()).map((v) => v.version)).toEqual([1]);
  });

  it('saves a draft (guests do not see it), refuses a stale revision with 409, publishes it for guests at once', async () => {
    const d = await draft();
    const saved = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: d.revision, catalog: withBowl(d.catalog) } });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as DraftAnswer;
    expect(after.revision).toBe(1);
    expect(after.changed).toBe(true);
    expect((await bootstrap()).catalog.dishes.some((x) => x.id === 'poke-bowl')).toBe(false);

    // a second tablet still holds revision 0: refused, the first tablet's draft stays
    const stale = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: 0, catalog: d.catalog } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toMatch(/^Die Speisekarte wurde inzwischen auf einem anderen Gerät geändert\./);
    expect((await draft()).catalog.dishes.some((x) => x.id === 'poke-bowl')).toBe(true);
    expect((await req('owner', '/api/staff/demo/menu/publish', { method: 'POST', json: { revision: 0 } })).status).toBe(409);

    const pub = await req('owner', '/api/staff/demo/menu/publish', { method: 'POST', json: { revision: 1 } });
    expect(pub.status).toBe(200);
    expect(await pub.json()).toMatchObject({ version: 2, unchanged: false });
    const boot = await bootstrap();
    expect(boot.catalogVersion).toMatch(/^2-[0-9a-f]{12}$/);
    const bowl = boot.catalog.dishes.find((x) => x.id === 'poke-bowl')!;
    expect(bowl.prices.map((p) => p.price)).toEqual([850, 1150]);
    expect(boot.catalog.categories.find((c) => c.id === 'bowls')?.dishes).toEqual(['poke-bowl']);
    const list = await versions();
    expect(list.map((v) => [v.version, v.createdBy, v.published])).toEqual([
      [2, 'Inhaber (Demo)', true],
      [1, null, false],
    ]);
    expect((await draft()).changed).toBe(false);
  });

  it('restores an earlier version as a new published version and as the draft', async () => {
    const d = await draft();
    const res = await req('owner', '/api/staff/demo/menu/versions/1/restore', { method: 'POST', json: { revision: d.revision } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 3, unchanged: false });
    expect((await bootstrap()).catalog.dishes.some((x) => x.id === 'poke-bowl')).toBe(false);
    const after = await draft();
    expect(after.catalog.dishes.some((x) => x.id === 'poke-bowl')).toBe(false);
    expect(after.published.version).toBe(3);
    expect((await versions()).map((v) => v.version)).toEqual([3, 2, 1]);
    expect((await req('owner', '/api/staff/demo/menu/versions/99/restore', { method: 'POST', json: { revision: after.revision } })).status).toBe(404);
  });

  it('a branch that shows another shop\'s catalog edits it there (409 shared_catalog)', async () => {
    const res = await req('branchOwner', '/api/staff/burgerwerk-nord/menu/draft');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'shared_catalog', message: 'Dieser Shop zeigt die Speisekarte von „burgerwerk-zentrum“. Bitte dort bearbeiten.' });
  });

  it('refuses a crafted deep document with 422, not a crash', async () => {
    const deep = `{"revision":0,"catalog":{"categories":${'['.repeat(200_000)}${']'.repeat(200_000)},"dishes":[]}}`;
    const res = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', body: deep, headers: JSON_HEADERS });
    expect([400, 422]).toContain(res.status);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it('takes a draft larger than the 64 KB of other bodies', async () => {
    const d = await draft();
    const big = { ...d.catalog, dishes: d.catalog.dishes.map((x, i) => (i === 0 ? { ...x, description: 'Sehr lecker. '.repeat(2000) } : x)) };
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024);
    const res = await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: { revision: d.revision, catalog: big } });
    expect(res.status).toBe(200);
    // …and a bigger body than a menu can need is still refused
    const huge = { revision: d.revision + 1, catalog: { ...big, description: 'x'.repeat(1100 * 1024) } };
    expect((await req('owner', '/api/staff/demo/menu/draft', { method: 'PUT', json: huge })).status).toBe(413);
    // everything else keeps the 64 KB limit
    const other = await s.app.request('/api/shop/demo/geo', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ location: 'x'.repeat(70 * 1024) }) });
    expect(other.status).toBe(413);
  });

  it('uploads a picture through the media pipeline: type and size checked with German messages, served under /media', async () => {
    const up = (body: BodyInit, type: string) => req('owner', '/api/staff/demo/menu/images', { method: 'POST', body, headers: { 'Content-Type': type } });
    const svg = await up('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(svg.status).toBe(415);
    expect(await svg.json()).toEqual({ error: 'image_type', message: 'Bitte ein Bild im Format JPEG, PNG oder WebP hochladen.' });
    const fake = await up('<html>kein Bild</html>', 'image/png');
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { message: string }).message).toBe('Die Datei ist kein lesbares Bild dieses Formats.');
    const large = new Uint8Array(2 * 1024 * 1024 + 1);
    large.set(PNG);
    const tooLarge = await up(large, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toBe('Das Bild ist zu groß (höchstens 2 MB). Bitte ein kleineres Bild wählen.');

    const ok = await up(PNG, 'image/png');
    expect(ok.status).toBe(201);
    const { imageName } = (await ok.json()) as { imageName: string };
    expect(imageName).toMatch(/^u-[0-9a-f]{24}$/);
    const img = await s.app.request(`/media/demo/${imageName}/378x192.webp`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
    // another shop's path does not serve it
    expect((await s.app.request(`/media/schanzenkueche/${imageName}/378x192.webp`)).status).toBe(404);
  });
});
