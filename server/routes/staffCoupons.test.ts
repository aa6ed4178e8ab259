// 'Gutscheine' in the staff API: owner only (no login 401, staff 403, another shop's owner 403),
// the form's checks with a German message per field (end before start, percent above 100, a bad
// code), a saved coupon is valid for guests at once, its use count survives a change, delete.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStaffTestServer, type StaffRequest, type StaffTestServer } from '../testingStaff';

const good = { code: 'sommer25', type: 'value', value: 500, minimumOrderValue: 2000, validFrom: '2020-01-01', validUntil: '2099-12-31', maxUses: 3 };

describe('staff API: coupons', () => {
  let s: StaffTestServer;
  const req = (path: string, init: StaffRequest = {}) => s.req(path, { ...init, method: init.method ?? (init.json !== undefined ? 'PUT' : 'GET') });

  beforeAll(async () => {
    s = await createStaffTestServer({ publicOrigin: 'https://shop.example' });
  });
  afterAll(async () => s.close());

  it('only the shop\'s owner: 401 without login, 403 for staff and for another shop\'s owner', async () => {
    for (const [method, path, json] of [['GET', '/api/staff/demo/coupons'], ['PUT', '/api/staff/demo/coupons', good], ['DELETE', '/api/staff/demo/coupons/WILLKOMMEN10']] as const) {
      expect(await s.access(path, { method, json }, ['none', 'staff', 'other'])).toEqual({ call: `${method} ${path}`, none: 401, staff: 403, other: 403 });
    }
    expect(await (await s.app.request('/api/shop/demo/validate_coupon?code=WILLKOMMEN10')).json()).toMatchObject({ type: 'percent', value: 10 });
  });

  it('bad input: a German message per field, nothing stored', async () => {
    const bad = async (patch: Record<string, unknown>) => {
      const r = await req('/api/staff/demo/coupons', { as: 'owner', json: { ...good, ...patch } });
      expect(r.status).toBe(422);
      return ((await r.json()) as { problems: { path: string; message: string }[] }).problems;
    };
    expect(await bad({ validFrom: '2026-12-24', validUntil: '2026-12-01' })).toEqual([{ path: 'validUntil', message: 'Das Ende darf nicht vor dem Beginn liegen.' }]);
    expect(await bad({ type: 'percent', value: 120 })).toEqual([{ path: 'value', message: 'Höchstens 100 Prozent.' }]);
    expect(await bad({ value: -5 })).toEqual([{ path: 'value', message: 'Der Betrag darf nicht negativ sein.' }]);
    expect(await bad({ code: 'Sommer 25' })).toEqual([{ path: 'code', message: 'Bitte 1 bis 64 Buchstaben, Ziffern, _ oder - (ohne Leerzeichen und Umlaute).' }]);
    expect(await bad({ validFrom: '2026-02-30' })).toEqual([{ path: 'validFrom', message: 'Bitte ein Datum wählen.' }]);
    expect(await bad({ maxUses: 0 })).toEqual([{ path: 'maxUses', message: 'Bitte eine ganze Zahl ab 1 eingeben.' }]);
    expect(await bad({ shopId: 'burgerwerk-zentrum' })).toEqual([{ path: 'shopId', message: 'Unbekanntes Feld „shopId“.' }]);
    const list = (await (await req('/api/staff/demo/coupons', { as: 'owner' })).json()) as { coupons: { code: string }[] };
    expect(list.coupons.map((c) => c.code)).not.toContain('SOMMER25');
  });

  it('a saved coupon counts for guests at once; a change keeps its uses; delete', async () => {
    expect((await req('/api/staff/demo/coupons', { as: 'owner', json: good })).status).toBe(200);
    expect(await (await s.app.request('/api/shop/demo/validate_coupon?code=sommer25')).json()).toMatchObject({ code: 'SOMMER25', type: 'value', value: 500, minimumOrderValue: 2000 });
    await s.db.query("UPDATE coupons SET uses = 2 WHERE shop_id = 'demo' AND code = 'SOMMER25'");
    expect((await req('/api/staff/demo/coupons', { as: 'owner', json: { ...good, value: 700 } })).status).toBe(200);
    const list = (await (await req('/api/staff/demo/coupons', { as: 'owner' })).json()) as { coupons: Record<string, unknown>[] };
    expect(list.coupons.find((c) => c.code === 'SOMMER25')).toEqual({
      code: 'SOMMER25', type: 'value', value: 700, minimumOrderValue: 2000, validFrom: '2020-01-01', validUntil: '2099-12-31', maxUses: 3, uses: 2, reserved: false,
    });
    // the other shop's owner cannot touch it, nor see it
    expect((await req('/api/staff/burgerwerk-zentrum/coupons/SOMMER25', { method: 'DELETE', as: 'other' })).status).toBe(404);
    expect((await req('/api/staff/demo/coupons/sommer25', { method: 'DELETE', as: 'owner' })).status).toBe(200);
    expect((await s.app.request('/api/shop/demo/validate_coupon?code=sommer25')).status).not.toBe(200);
    expect((await req('/api/staff/demo/coupons/sommer25', { method: 'DELETE', as: 'owner' })).status).toBe(404);
  });
});
