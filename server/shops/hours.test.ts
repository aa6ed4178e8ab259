// 'Lieferzeiten wie Öffnungszeiten' through the staff API and the guest's delivery period: a shop
// without delivery times of its own follows every later change of its opening times; own delivery
// times stay as they are; migration 032 turns a stored copy of the opening times into the default.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MIGRATIONS_DIR } from '../db';
import { createStaffTestServer, STAFF_TEST_USERS, type StaffTestServer } from '../testingStaff';

const WEEK = (from: string, to: string) => [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({ dayIndex, from, to }));

describe("delivery times follow the opening times ('Lieferzeiten wie Öffnungszeiten')", () => {
  let s: StaffTestServer;
  const hours = async () => ((await (await s.req('/api/staff/demo/settings/hours', { as: 'owner' })).json()) as { hours: Record<string, unknown> }).hours;
  const put = (h: Record<string, unknown>) => s.req('/api/staff/demo/settings/hours', { method: 'PUT', json: h, as: 'owner' });
  const period = async () => (await (await s.app.request('/api/shop/demo/config/deliveryPeriod')).json()) as { openingTimes: unknown[]; deliveryTimes: unknown[] };
  const stored = async () => {
    const { rows } = await s.db.query<{ config: unknown }>("SELECT config FROM shops WHERE id = 'demo'");
    return (typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config) as Record<string, unknown>;
  };

  beforeAll(async () => {
    s = await createStaffTestServer({ users: { owner: STAFF_TEST_USERS.owner } });
  }, 120_000);
  afterAll(async () => s.close());

  it('the demo has no delivery times of its own: the section says null, the guest gets the opening times', async () => {
    const h = await hours();
    expect(h.deliveryTimes).toBeNull();
    expect((await period()).deliveryTimes).toEqual(WEEK('00:00', '24:00'));
  });

  it('saved with null, a later change of the opening times changes the delivery times too', async () => {
    const h = await hours();
    expect((await put({ ...h, openingTimes: WEEK('11:00', '22:00'), deliveryTimes: null })).status).toBe(200);
    expect('deliveryTimes' in (await stored())).toBe(false);
    expect((await period()).deliveryTimes).toEqual(WEEK('11:00', '22:00'));
    expect((await put({ ...h, openingTimes: WEEK('12:00', '21:30'), deliveryTimes: null })).status).toBe(200);
    expect((await period()).deliveryTimes).toEqual(WEEK('12:00', '21:30'));
  });

  it('own delivery times stay when the opening times change; back to null follows again', async () => {
    const h = await hours();
    const own = [{ dayIndex: 4, from: '17:00', to: '21:00' }];
    expect((await put({ ...h, deliveryTimes: own })).status).toBe(200);
    expect((await hours()).deliveryTimes).toEqual(own);
    expect((await put({ ...h, openingTimes: WEEK('10:00', '23:00'), deliveryTimes: own })).status).toBe(200);
    const p = await period();
    expect(p.openingTimes).toEqual(WEEK('10:00', '23:00'));
    expect(p.deliveryTimes).toEqual([{ dayIndex: 4, from: '17:00', to: '21:00' }]);
    expect((await put({ ...h, openingTimes: WEEK('10:00', '23:00'), deliveryTimes: null })).status).toBe(200);
    expect((await period()).deliveryTimes).toEqual(WEEK('10:00', '23:00'));
  });

  it('migration 032: a stored copy of the opening times goes (it follows now); differing delivery times stay', async () => {
    const sql = await readFile(join(MIGRATIONS_DIR, '032_delivery_times_follow.sql'), 'utf8');
    const set = (id: string, patch: Record<string, unknown>) => s.db.query(`UPDATE shops SET config = config || $2::jsonb WHERE id = $1`, [id, JSON.stringify(patch)]);
    await set('demo', { openingTimes: WEEK('11:00', '22:00'), deliveryTimes: WEEK('11:00', '22:00') });
    await set('schanzenkueche', { openingTimes: WEEK('11:00', '22:00'), deliveryTimes: WEEK('17:00', '22:00') });
    await s.db.exec(sql);
    expect('deliveryTimes' in (await stored())).toBe(false);
    const { rows } = await s.db.query<{ config: unknown }>("SELECT config FROM shops WHERE id = 'schanzenkueche'");
    const other = (typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config) as Record<string, unknown>;
    expect(other.deliveryTimes).toEqual(WEEK('17:00', '22:00'));
  });
});
