// 'Einbinden' in the staff API: owner only (no login 401, another shop 403, staff and POS keys 403);
// the snippets name PUBLIC_ORIGIN whatever the Host header says; the shop's origins saved whole or not
// at all with the German message at the field; a widget's call from a page is remembered by the
// page's origin (no fetch of the owner's URL); export without credentials; an import checked whole
// (German lines with the field's path, nothing changed on a broken file).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStaffTestServer, JSON_HEADERS, type StaffRequest, type StaffTestServer } from '../testingStaff';

type Json = Record<string, unknown>;

describe('staff API: Einbinden, import and export', () => {
  let s: StaffTestServer;
  // a raw body is sent as JSON too (a broken import file)
  const req = (path: string, init: StaffRequest = {}) => s.req(path, init.body !== undefined ? { ...init, headers: { ...JSON_HEADERS, ...init.headers } } : init);
  const stored = async (): Promise<Json> => {
    const { rows } = await s.db.query<{ config: unknown }>("SELECT config FROM shops WHERE id = 'demo'");
    return (typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config) as Json;
  };
  const exported = async (): Promise<{ shops: { config: Json }[] } & Json> => (await (await req('/api/staff/demo/settings/export', { as: 'owner' })).json()) as { shops: { config: Json }[] } & Json;

  beforeAll(async () => {
    s = await createStaffTestServer({ publicOrigin: 'https://shop.example' });
  }, 120_000);
  afterAll(async () => s.close());

  it('answers 401 without a login, 403 to another shop’s owner, to staff and to a POS key', async () => {
    const calls = [
      ['embed', 'GET', undefined],
      ['embed/seen?url=https%3A%2F%2Fpizza.example', 'GET', undefined],
      ['origins', 'PUT', { origins: ['https://evil.example'] }],
      ['export', 'GET', undefined],
      ['import', 'POST', { version: 1 }],
    ] as const;
    for (const [section, method, json] of calls) {
      const path = `/api/staff/demo/settings/${section}`;
      expect(await s.access(path, { method, json })).toEqual({ call: `${method} ${path}`, none: 401, other: 403, staff: 403, pos: 403 });
      const staff = await req(path, { method, json, as: 'staff' });
      expect(((await staff.json()) as { message: string }).message).toBe('Das darf nur der Inhaber (mit Anmeldung).');
    }
    expect((await stored()).allowedOrigins).toBeUndefined();
  });

  it('gives each widget’s snippet with the public origin, whatever Host the request names', async () => {
    const r = await req('/api/staff/demo/settings/embed', { as: 'owner', headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { script: string; widgets: { id: string; snippet: string }[]; origins: string[] };
    expect(body.script).toBe('<script src="https://shop.example/embed.js" data-shop="demo" async></script>');
    expect(body.widgets.find((w) => w.id === 'menu')?.snippet).toBe(
      '<script src="https://shop.example/embed.js" data-shop="demo" async></script>\n<tischlein-menu></tischlein-menu>',
    );
    expect(JSON.stringify(body)).not.toContain('evil.example');
    expect(body.origins).toEqual([]);
  });

  it('refuses a path, a bad address and a double entry at the field, saving nothing; saves a good list whole', async () => {
    const bad = await req('/api/staff/demo/settings/origins', {
      as: 'owner',
      method: 'PUT',
      json: { origins: ['https://www.pizza.example', 'https://www.pizza.example/speisekarte', 'pizza', 'ftp://pizza.example', 'https://www.pizza.example'] },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Json }).fields).toEqual({
      'allowedOrigins.1': 'Bitte nur die Adresse der Website ohne Pfad angeben: https://www.pizza.example',
      'allowedOrigins.2': '„pizza“ ist keine Adresse. Bitte so angeben: https://www.mein-restaurant.de',
      'allowedOrigins.3': 'Bitte eine Adresse mit https:// (beim Testen auch http://) angeben.',
      'allowedOrigins.4': 'https://www.pizza.example steht schon in der Liste.',
    });
    expect((await stored()).allowedOrigins).toBeUndefined();

    const good = await req('/api/staff/demo/settings/origins', { as: 'owner', method: 'PUT', json: { origins: ['https://www.pizza.example', ' http://localhost:8080 '] } });
    expect(good.status).toBe(200);
    expect((await stored()).allowedOrigins).toEqual(['https://www.pizza.example', 'http://localhost:8080']);
    // the guests' API follows at once: another page's origin is refused now
    const foreign = await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    // an empty list: any page again
    expect((await req('/api/staff/demo/settings/origins', { as: 'owner', method: 'PUT', json: { origins: [] } })).status).toBe(200);
    expect((await stored()).allowedOrigins).toBeUndefined();
  });

  it('says when a widget last ran on a pasted page’s origin, from the widgets’ own calls (no fetch)', async () => {
    const seen = async (url: string) => (await (await req(`/api/staff/demo/settings/embed/seen?url=${encodeURIComponent(url)}`, { as: 'owner' })).json()) as Json;
    expect(await seen('https://www.trattoria.example/speisekarte?x=1')).toEqual({ origin: 'https://www.trattoria.example', lastSeenAt: null });
    expect((await s.app.request('/api/shop/demo/bootstrap', { headers: { Origin: 'https://www.trattoria.example' } })).status).toBe(200);
    // recorded after the answer: wait for the row (no fixed sleep)
    for (let i = 0; i < 50 && (await seen('https://www.trattoria.example/')).lastSeenAt === null; i++) await new Promise((r) => setImmediate(r));
    const after = await seen('https://www.trattoria.example/');
    expect(after.origin).toBe('https://www.trattoria.example');
    expect(typeof after.lastSeenAt).toBe('string');
    // another shop's page is not this shop's sighting; an unknown shop is not recorded at all
    await s.app.request('/api/shop/burgerwerk-zentrum/bootstrap', { headers: { Origin: 'https://burger.example' } });
    await s.app.request('/api/shop/no-such-shop/bootstrap', { headers: { Origin: 'https://junk.example' } });
    expect((await seen('https://burger.example')).lastSeenAt).toBeNull();
    const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM embed_sightings WHERE shop_id = 'no-such-shop'");
    expect(rows[0].n).toBe(0);
    const bad = await req('/api/staff/demo/settings/embed/seen?url=file%3A%2F%2F%2Fetc%2Fpasswd', { as: 'owner' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Bitte die Adresse der Seite angeben, z. B. https://www.mein-restaurant.de/speisekarte');
  });

  it('exports the shop as a data file without the waiter password or secrets', async () => {
    const r = await req('/api/staff/demo/settings/export', { as: 'owner' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="tischlein-demo.json"');
    const text = await r.text();
    expect(text).not.toContain('scrypt:');
    const file = JSON.parse(text) as { shops: { config: Json }[] };
    expect(file.shops.map((x) => x.config.id)).toEqual(['demo']);
  });

  it('refuses a broken file with one German line per problem and its path, changing nothing', async () => {
    const before = await stored();
    const file = await exported();
    const config = file.shops[0].config;
    config.restaurantName = 'Geändert';
    config.restaurantZip = '0106';
    config.specialOpeningTimes = [{ reason: 'vacation', name: 'Ferien', from: '2027-07-14', until: '2027-07-01', openingTimes: [] }];
    const r = await req('/api/staff/demo/settings/import', { as: 'owner', json: file });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { message: string; problems: string[] };
    expect(body.message).toBe('Nichts importiert: 2 Probleme in der Datei.');
    expect(body.problems).toEqual([
      'shops[0].config.restaurantZip: Ungültiger Wert (expected a postal code of 5 digits).',
      "shops[0].config.specialOpeningTimes[0].until: Ungültiger Wert (expected 'until' (the last closed day) on or after 'from').",
    ]);
    expect(await stored()).toEqual(before);

    const notJson = await req('/api/staff/demo/settings/import', { as: 'owner', body: '{"shops": [' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { problems: string[] }).problems).toEqual(['Die Datei ist kein gültiges JSON.']);
  });

  it('refuses another shop’s data and platform fields (hosts, franchise), changing nothing', async () => {
    const before = await stored();
    const file = await exported();
    file.shops[0].config.id = 'burgerwerk-zentrum';
    const other = await req('/api/staff/demo/settings/import', { as: 'owner', json: file });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { problems: string[] }).problems[0]).toBe('shops: Die Datei muss genau diesen Shop enthalten (config.id „demo“), gefunden: „burgerwerk-zentrum“.');
    const hosts = await exported();
    (hosts.shops[0] as Json).hosts = ['burger.example'];
    const h = await req('/api/staff/demo/settings/import', { as: 'owner', json: hosts });
    expect(h.status).toBe(400);
    expect(((await h.json()) as { problems: string[] }).problems).toEqual(['shops[0].hosts: Die Web-Adressen ändert nur der Betreiber. Bitte den Wert aus dem Export lassen.']);
    expect(await stored()).toEqual(before);
  });

  it('imports a good file whole: the shop changes, the waiter password and the gazetteer stay', async () => {
    const pw = async () => (await s.db.query<{ settings: unknown }>("SELECT settings FROM shop_settings WHERE shop_id = 'demo'")).rows[0]?.settings;
    const gaz = async () => (await s.db.query<{ value: unknown }>("SELECT value FROM platform_data WHERE key = 'gazetteer'")).rows[0]?.value;
    const [pwBefore, gazBefore] = [await pw(), await gaz()];
    const file = await exported();
    file.shops[0].config.restaurantName = 'Trattoria Neu';
    (file.gazetteer as { city: string }).city = 'Nirgendwo';
    const r = await req('/api/staff/demo/settings/import', { as: 'owner', json: file });
    expect(await r.json()).toMatchObject({ imported: true, newVersion: false });
    expect(r.status).toBe(200);
    expect((await stored()).restaurantName).toBe('Trattoria Neu');
    expect(JSON.stringify(await pw())).toContain('scrypt:');
    expect(await pw()).toEqual(pwBefore);
    expect(await gaz()).toEqual(gazBefore);
    const cfg = await s.app.request('/api/shop/demo/bootstrap');
    expect(JSON.stringify(await cfg.json())).toContain('Trattoria Neu');
  });
});
