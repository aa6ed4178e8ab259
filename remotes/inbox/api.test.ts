import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { sessionLost, STAFF_OFFLINE_MESSAGE, StaffApiError, staffApi, staffBase, staffCaller } from './api';
import { kitchenApi } from './kitchen/api';
import { couponsApi, menuApi, MenuApiError } from './menu-editor/api';
import { embedApi, hoursApi, ImportError, SettingsError, settingsApi, shopInfoApi } from './settings/api';
import { tablesApi } from './tables/api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Records each request and answers with `status` and `json`. */
function fakeFetch(status: number, json: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

describe('one caller for every section of the staff API', () => {
  it('the base path encodes the shop id', () => {
    expect(staffBase('demo')).toBe('/api/staff/demo');
    expect(staffBase('a/b')).toBe('/api/staff/a%2Fb');
  });

  it('sends a body as JSON with the session cookie, and extra headers', async () => {
    const calls = fakeFetch(200, { ok: true });
    await expect(staffCaller('/api/staff/demo')('PUT', '/x', { a: 1 }, { 'Idempotency-Key': 'k-12345678' })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([{
      url: '/api/staff/demo/x',
      init: { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-12345678' }, body: '{"a":1}' },
    }]);
  });

  it('a refusal throws the server’s German message with its status; no JSON: a German sentence with the status', async () => {
    fakeFetch(409, { error: 'no_printer', message: 'Es ist noch kein Drucker eingerichtet.' });
    const refused = await staffCaller('/b')('POST', '/orders/1/print', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 409, message: 'Es ist noch kein Drucker eingerichtet.' });
    globalThis.fetch = jest.fn(async () => new Response('kaputt', { status: 502 })) as typeof fetch;
    const err = await staffCaller('/b')('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffApiError);
    expect(err).toMatchObject({ status: 502, message: 'Der Server konnte das gerade nicht erledigen (Fehler 502). Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.' });
  });

  it('a session gone (401 login_required) is told to the app, from any section’s caller; a wrong login or a forbidden call is not', async () => {
    let told = 0;
    const onLost = () => void told++;
    sessionLost.addEventListener('lost', onLost);
    try {
      fakeFetch(401, { error: 'wrong_login', message: 'E-Mail oder Passwort stimmt nicht.' });
      await staffApi('demo').login('a@b.de', 'x').catch(() => undefined);
      fakeFetch(403, { error: 'forbidden', message: 'Dafür fehlt die Berechtigung.' });
      await tablesApi('/api/staff/demo').list().catch(() => undefined);
      expect(told).toBe(0);
      fakeFetch(401, { error: 'login_required', message: 'Bitte zuerst anmelden.' });
      const err = await staffApi('demo').accept('o1', 30).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 401, message: 'Bitte zuerst anmelden.' });
      expect(told).toBe(1);
      await menuApi('demo').draft().catch(() => undefined);
      expect(told).toBe(2);
    } finally {
      sessionLost.removeEventListener('lost', onLost);
    }
  });

  it('no answer at all (offline): a German StaffApiError, never the browser’s “Failed to fetch”', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const offline = 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.';
    for (const call of [
      () => staffApi('demo').accept('o1', 30),
      () => settingsApi('/api/staff/demo').saveLook({ primary: '#1d4ed8', accent: '#1d4ed8', logo: null, header: null }),
      () => hoursApi('/api/staff/demo').get(),
      () => embedApi('/api/staff/demo').saveOrigins(['https://pizza.example']),
      () => tablesApi('demo').list(),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StaffApiError);
      expect(err).toMatchObject({ status: 0, message: offline });
    }
  });

  it('the orders, kitchen and tables APIs all go through it', async () => {
    const calls = fakeFetch(200, { tables: [], waiterPassword: false, printers: [], user: null });
    await staffApi('demo').logout();
    await kitchenApi('demo').removePrinter('p1');
    await tablesApi('/api/staff/demo').list();
    expect(calls.map((c) => `${c.init.method} ${c.url} ${c.init.credentials}`)).toEqual([
      'POST /api/staff/demo/logout same-origin',
      'DELETE /api/staff/demo/printers/p1 same-origin',
      'GET /api/staff/demo/tables same-origin',
    ]);
  });

  it('no connection: status 0 and a German message, not the browser’s English one', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const err = await staffCaller('/b')('POST', '/ops/pause', { minutes: 15 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffApiError);
    expect(err).toMatchObject({ status: 0, message: 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.' });
    expect(STAFF_OFFLINE_MESSAGE).toBe('Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.');
  });

  it('the menu editor goes through it too: a picture as it is with its type; a refused draft keeps each field’s message', async () => {
    const calls = fakeFetch(201, { imageName: 'abc.png' });
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(menuApi('demo').upload(png as File)).resolves.toEqual({ imageName: 'abc.png' });
    expect(calls[0]).toEqual({ url: '/api/staff/demo/menu/images', init: { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'image/png' }, body: png } });

    fakeFetch(422, { error: 'invalid_catalog', message: 'Die Speisekarte hat Fehler.', problems: [{ path: 'dishes.3.name', message: 'Bitte einen Namen eingeben.' }, { nonsense: 1 }] });
    const refused = await menuApi('demo').save(4, { categories: [], dishes: [] } as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MenuApiError);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 422, message: 'Die Speisekarte hat Fehler.', problems: [{ path: 'dishes.3.name', message: 'Bitte einen Namen eingeben.' }] });

    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await menuApi('demo').publish(4).catch((e: unknown) => e)).toMatchObject({
      status: 0, message: 'Keine Verbindung zum Server. Ihre Änderungen sind noch hier – bitte gleich noch einmal versuchen.',
    });
  });

  it('the settings go through it: a refused save keeps each field’s message; no connection is German, not a TypeError', async () => {
    const calls = fakeFetch(422, { error: 'invalid_hours', message: 'Bitte die markierten Felder prüfen.', fields: { 'deliveryZones.0.postalCodes': 'Bitte fünfstellige Postleitzahlen angeben.' } });
    const refused = await hoursApi('/api/staff/demo').save({} as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SettingsError);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 422, message: 'Bitte die markierten Felder prüfen.', fields: { 'deliveryZones.0.postalCodes': 'Bitte fünfstellige Postleitzahlen angeben.' } });
    expect(calls[0]).toEqual({ url: '/api/staff/demo/settings/hours', init: { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' } });

    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    for (const call of [() => shopInfoApi('/b').get(), () => embedApi('/b').info(), () => hoursApi('/b').get()]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StaffApiError);
      expect(err).toMatchObject({ status: 0, message: 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.' });
    }
  });

  it('the import sends the file’s text as it is (JSON); a refused file is one German line per problem', async () => {
    const calls = fakeFetch(422, { error: 'invalid_file', message: 'Nichts importiert: Die Datei hat Fehler.', problems: ['shops.0.name: Bitte einen Namen angeben.', 7] });
    const err = await embedApi('/api/staff/demo').importFile('{"shops": [ {"name": ""} ]}').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err).toMatchObject({ status: 422, message: 'Nichts importiert: Die Datei hat Fehler.', problems: ['shops.0.name: Bitte einen Namen angeben.'] });
    expect(calls[0]).toMatchObject({ url: '/api/staff/demo/settings/import', init: { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } } });
    expect(await (calls[0].init.body as Blob).text()).toBe('{"shops": [ {"name": ""} ]}');
  });

  it('the coupons go through it: JSON in, each field’s message of a refused coupon, German when offline', async () => {
    const calls = fakeFetch(422, { error: 'invalid_coupon', message: 'Der Gutschein hat noch Fehler.', problems: [{ path: 'validUntil', message: 'Das Ende darf nicht vor dem Beginn liegen.' }] });
    const coupon = { code: 'SOMMER25', type: 'percent' as const, value: 25, minimumOrderValue: 0, validFrom: '2026-12-24', validUntil: '2026-12-01', maxUses: null };
    const refused = await couponsApi('demo').save(coupon).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MenuApiError);
    expect(refused).toMatchObject({ status: 422, message: 'Der Gutschein hat noch Fehler.', problems: [{ path: 'validUntil', message: 'Das Ende darf nicht vor dem Beginn liegen.' }] });
    expect(calls[0]).toEqual({
      url: '/api/staff/demo/coupons',
      init: { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{"code":"SOMMER25","type":"percent","value":25,"minimumOrderValue":0,"validFrom":"2026-12-24","validUntil":"2026-12-01","maxUses":null}' },
    });
    fakeFetch(200, { deleted: 'A/B' });
    await couponsApi('demo').remove('A/B');
    expect((globalThis.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/staff/demo/coupons/A%2FB');

    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await couponsApi('demo').list().catch((e: unknown) => e)).toMatchObject({ status: 0, message: 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.' });
  });
});
