// 'Tische' in the staff API: who may call what (no login 401, another shop's staff 403, staff vs
// owner), the owner's tables (add, rename, remove — not with an open bill), their QR codes from the
// configured origin only, the waiter's views with a staff login (history, refund, clear), and the
// waiter password (≥ 10 characters; a change ends every waiter session).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseData } from '../data/load';
import { exportShopData } from '../shops/store';
import { createStaffTestServer, JSON_HEADERS, type StaffRequest, type StaffTestServer } from '../testingStaff';

const tiramisu = { kind: 'dish', lineId: 't1', dishId: 'tiramisu', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
let keys = 0;
const tableOrder = (table: number) => ({
  formValues: {}, orderItems: [tiramisu], couponCode: null, sessionId: 'guest-at-table', userId: null, groupOrderId: null, acceptAdvertising: false,
  useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [],
  expectedTwoForOnePromotions: [], messageCook: '', paymentMethod: 'offline', table, idempotencyKey: `staff-tables-${++keys}`,
});

type Bill = { total: number; groups: { items: { id: string; dishName: string; price: number; refunded: number }[] }[] };

describe('staff API: tables', () => {
  let s: StaffTestServer;
  let posKey = '';
  const req = (path: string, init: StaffRequest = {}) => s.req(path, init);
  const waiterLogin = (password: string) =>
    s.app.request('/api/shop/demo/dineintable/waiter', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ password }) });
  const guestOrder = (table: number) => s.app.request('/api/shop/demo/order', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(tableOrder(table)) });
  const bill = async (table: number) => (await (await req(`/api/staff/demo/tables/${table}/history`, { as: 'staff' })).json()) as Bill;

  beforeAll(async () => {
    s = await createStaffTestServer({ publicOrigin: 'https://shop.example' });
    expect(s.cookies.owner).toMatch(/^__Host-tischlein_staff=/);
    posKey = await s.posKey();
  });
  afterAll(async () => s.close());

  const ROUTES: { method: string; path: string; json?: unknown; owner?: boolean }[] = [
    { method: 'GET', path: '/api/staff/demo/tables' },
    { method: 'GET', path: '/api/staff/demo/tables/qr' },
    { method: 'GET', path: '/api/staff/demo/tables/7/qr.svg' },
    { method: 'GET', path: '/api/staff/demo/tables/7/history' },
    { method: 'POST', path: '/api/staff/demo/tables/7/clear', json: {} },
    { method: 'POST', path: '/api/staff/demo/tables/7/refunds', json: { itemId: 'abcdefgh.1', amount: 100 } },
    { method: 'POST', path: '/api/staff/demo/tables', json: { name: 'Bar' }, owner: true },
    { method: 'PUT', path: '/api/staff/demo/tables/7', json: { name: 'Bar' }, owner: true },
    { method: 'DELETE', path: '/api/staff/demo/tables/7', owner: true },
    { method: 'PUT', path: '/api/staff/demo/waiter-password', json: { password: 'geheim-geheim' }, owner: true },
    { method: 'DELETE', path: '/api/staff/demo/waiter-password', owner: true },
  ];

  it('answers every route with 401 without a login and 403 for another shop’s owner; the owner’s routes with 403 for staff and POS keys', async () => {
    for (const r of ROUTES) {
      const none = await req(r.path, { method: r.method, json: r.json });
      expect(`${r.method} ${r.path} ${none.status}`).toBe(`${r.method} ${r.path} 401`);
      expect(((await none.json()) as { message: string }).message).toBe('Bitte zuerst anmelden.');
      const other = await req(r.path, { method: r.method, json: r.json, as: 'other' });
      expect(`${r.method} ${r.path} ${other.status}`).toBe(`${r.method} ${r.path} 403`);
      if (!r.owner) continue;
      const staff = await req(r.path, { method: r.method, json: r.json, as: 'staff' });
      expect(`${r.method} ${r.path} ${staff.status}`).toBe(`${r.method} ${r.path} 403`);
      expect(((await staff.json()) as { message: string }).message).toBe('Das darf nur der Inhaber (mit Anmeldung).');
      const pos = await req(r.path, { method: r.method, json: r.json, headers: { Authorization: `Bearer ${posKey}` } });
      expect(`${r.method} ${r.path} ${pos.status}`).toBe(`${r.method} ${r.path} 403`);
    }
    // nothing changed on the way
    const list = (await (await req('/api/staff/demo/tables', { as: 'staff' })).json()) as { tables: { number: number }[]; waiterPassword: boolean };
    expect(list.tables.map((t) => t.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(list.waiterPassword).toBe(true);
  });

  it('writes need JSON (a form from another site cannot send it)', async () => {
    const r = await s.app.request('/api/staff/demo/tables', { method: 'POST', headers: { Cookie: s.cookies.owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=Bar' });
    expect(r.status).toBe(415);
  });

  it('the owner adds table 13 “Terrasse”: listed at once, guests can order there, its QR code points at the public origin whatever the Host', async () => {
    expect((await guestOrder(13)).status).toBe(404);
    const add = await req('/api/staff/demo/tables', { as: 'owner', json: { number: 13, name: ' Terrasse ' } });
    expect(add.status).toBe(201);
    expect(await add.json()).toEqual({ table: { number: 13, name: 'Terrasse' } });
    const list = (await (await req('/api/staff/demo/tables', { as: 'staff' })).json()) as { tables: { number: number; name: string }[] };
    expect(list.tables.at(-1)).toEqual({ number: 13, name: 'Terrasse' });
    expect((await guestOrder(13)).status).toBe(201);

    const sheet = await req('/api/staff/demo/tables/qr', { as: 'staff', headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await sheet.text();
    expect(html.match(/<svg/g)?.length).toBe(13);
    expect(html).toContain('<figcaption>Terrasse</figcaption><p class="number">Tisch 13</p>');
    expect(html).toContain('https://shop.example/?tisch=13');
    expect(html).not.toContain('evil.example');
    const svg = await req('/api/staff/demo/tables/13/qr.svg', { as: 'staff', headers: { Host: 'evil.example' } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await svg.text()).toMatch(/^<svg /);
    expect((await req('/api/staff/demo/tables/14/qr.svg', { as: 'staff' })).status).toBe(404);
  });

  it('refuses a taken number, a bad number and a long name with a German message', async () => {
    const taken = await req('/api/staff/demo/tables', { as: 'owner', json: { number: 7 } });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'table_exists', message: 'Einen Tisch 7 gibt es schon.' });
    const bad = await req('/api/staff/demo/tables', { as: 'owner', json: { number: 0 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Bitte gib eine Tischnummer von 1 bis 999999 ein.');
    const long = await req('/api/staff/demo/tables/13', { method: 'PUT', as: 'owner', json: { name: 'x'.repeat(41) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe('Der Name darf höchstens 40 Zeichen haben.');
    expect((await req('/api/staff/demo/tables/abc', { method: 'PUT', as: 'owner', json: { name: 'x' } })).status).toBe(400);
    expect((await req('/api/staff/demo/tables/99', { method: 'PUT', as: 'owner', json: { name: 'x' } })).status).toBe(404);
  });

  it('staff see table 13’s bill, refund 1,50 € of the tiramisu (once per key, never above its price) and clear it — no waiter password', async () => {
    const before = await bill(13);
    expect(before.total).toBe(3.99);
    const item = before.groups[0].items[0];
    expect(item).toMatchObject({ dishName: 'Tiramisu', price: 3.99, refunded: 0 });

    const refund = (amount: number, key: string) => req('/api/staff/demo/tables/13/refunds', { as: 'staff', json: { itemId: item.id, amount }, headers: { 'Idempotency-Key': key } });
    expect((await req('/api/staff/demo/tables/13/refunds', { as: 'staff', json: { itemId: item.id, amount: 150 } })).status).toBe(400);
    const ok = await refund(150, 'refund-key-0001');
    expect(ok.status).toBe(201);
    const after = ((await ok.json()) as { table: Bill }).table;
    expect(after.total).toBe(2.49);
    expect(after.groups.flatMap((g) => g.items).map((i) => [i.dishName, i.price, i.refunded])).toEqual([['Tiramisu', 3.99, 1.5], ['Storno: Tiramisu', -1.5, 0]]);
    // a retry of the same refund (same key) books nothing more
    expect((await refund(150, 'refund-key-0001')).status).toBe(200);
    expect((await bill(13)).total).toBe(2.49);
    // 2,50 € would be more than the 2,49 € left
    const high = await refund(250, 'refund-key-0002');
    expect(high.status).toBe(409);
    expect(((await high.json()) as { message: string }).message).toBe('Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.');
    const zero = await refund(0, 'refund-key-0003');
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as { message: string }).message).toBe('amount: Der zu erstattende Wert muss größer als 0 sein.');
    expect((await req('/api/staff/demo/tables/13/refunds', { as: 'staff', json: { itemId: 'nichtdaaa.1', amount: 100 }, headers: { 'Idempotency-Key': 'refund-key-0004' } })).status).toBe(404);

    // the owner cannot remove a table whose bill is open
    const open = await req('/api/staff/demo/tables/13', { method: 'DELETE', as: 'owner' });
    expect(open.status).toBe(409);
    expect(await open.json()).toEqual({
      error: 'table_has_open_bill',
      message: 'Terrasse hat noch eine offene Rechnung. Bitte erst abrechnen und die Tischbestell-Historie löschen, dann den Tisch entfernen.',
    });

    const cleared = await req('/api/staff/demo/tables/13/clear', { as: 'staff', json: {} });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ cleared: 2, table: { table: 13, total: 0, groups: [] } });
  });

  it('the owner renames and then removes the cleared table; its number takes no orders any more', async () => {
    const renamed = await req('/api/staff/demo/tables/13', { method: 'PUT', as: 'owner', json: { name: 'Wintergarten' } });
    expect(await renamed.json()).toEqual({ table: { number: 13, name: 'Wintergarten' } });
    expect(await (await req('/api/staff/demo/tables/qr', { as: 'owner' })).text()).toContain('<figcaption>Wintergarten</figcaption>');
    // the export carries the name, and the data format reads it back
    const exported = await exportShopData(s.db, ['demo']);
    const settings = (exported.shopSettings as { shopId: string; tableNames?: Record<string, string> }[]).find((x) => x.shopId === 'demo')!;
    expect(settings.tableNames).toEqual({ '13': 'Wintergarten' });
    expect(parseData(exported).settings?.get('demo')?.tableNames).toEqual({ '13': 'Wintergarten' });

    const removed = await req('/api/staff/demo/tables/13', { method: 'DELETE', as: 'owner' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ table: { number: 13, name: 'Wintergarten' } });
    expect((await guestOrder(13)).status).toBe(404);
    expect((await req('/api/staff/demo/tables/13', { method: 'DELETE', as: 'owner' })).status).toBe(404);
  });

  it('the owner changes the waiter password (≥ 10 characters): every waiter session ends, only the new one signs in; removed, waiter mode is off', async () => {
    const w = await waiterLogin('kellner');
    expect(w.status).toBe(200);
    const waiterCookie = (w.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await s.app.request('/api/shop/demo/dineintable/7', { headers: { Cookie: waiterCookie } })).status).toBe(200);

    const short = await req('/api/staff/demo/waiter-password', { method: 'PUT', as: 'owner', json: { password: 'kurz-9-zz' } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: 'invalid_password', message: 'Das Kellner-Passwort muss mindestens 10 Zeichen lang sein.' });
    expect((await s.app.request('/api/shop/demo/dineintable/7', { headers: { Cookie: waiterCookie } })).status).toBe(200);

    const set = await req('/api/staff/demo/waiter-password', { method: 'PUT', as: 'owner', json: { password: 'Neues-Kellner-2026' } });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ waiterPassword: true });
    expect((await s.app.request('/api/shop/demo/dineintable/7', { headers: { Cookie: waiterCookie } })).status).toBe(401);
    expect((await waiterLogin('kellner')).status).toBe(401);
    expect((await waiterLogin('Neues-Kellner-2026')).status).toBe(200);
    // the hash never leaves the server
    expect(JSON.stringify(await (await req('/api/staff/demo/tables', { as: 'owner' })).json())).not.toMatch(/scrypt/);

    expect((await req('/api/staff/demo/waiter-password', { method: 'DELETE', as: 'owner' })).status).toBe(200);
    const off = await waiterLogin('Neues-Kellner-2026');
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: string }).error).toBe('waiter_disabled');
    expect(((await (await req('/api/staff/demo/tables', { as: 'staff' })).json()) as { waiterPassword: boolean }).waiterPassword).toBe(false);
  });
});
