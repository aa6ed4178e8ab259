// 'Aussehen' in the staff API: owner only (no login 401, another shop 403, staff and POS keys 403),
// the look saved whole into the shop's theme (the guest's shop API shows it at once), a colour with
// too little contrast or a bad field refused with the German message at the field and nothing saved.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStaffTestServer, type StaffRequest, type StaffTestServer } from '../testingStaff';

const BLUE = { primary: '#1D4ED8', accent: '#f59e0b', logo: 'logo-blau', header: null };
const HOURS = {
  openingTimes: [{ dayIndex: 0, from: '11:30', to: '14:30' }, { dayIndex: 0, from: '17:30', to: '23:00' }, { dayIndex: 4, from: '18:00', to: '02:00' }],
  deliveryTimes: [{ dayIndex: 0, from: '12:00', to: '14:00' }],
  specialOpeningTimes: [{ reason: 'vacation', name: 'Betriebsferien', from: '2027-07-01', until: '2027-07-14', openingTimes: [] }],
  supportDelivery: true,
  supportPickup: false,
  deliveryZones: [{ id: 'mitte', name: 'Mitte', postalCodes: ['01067'], deliveryFee: 250, minimumOrderValue: 1500, freeAfter: 4000 }],
};

describe('staff API: settings (look)', () => {
  let s: StaffTestServer;
  const req = (path: string, init: StaffRequest = {}) => s.req(path, init);
  const storedTheme = async () => {
    const { rows } = await s.db.query<{ config: { theme?: Record<string, string>; logo?: string | null } }>("SELECT config FROM shops WHERE id = 'demo'");
    const config = typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config;
    return { theme: config.theme ?? {}, logo: config.logo ?? null };
  };

  beforeAll(async () => {
    s = await createStaffTestServer({ publicOrigin: 'https://shop.example' });
  }, 120_000);
  afterAll(async () => s.close());

  it('answers 401 without a login, 403 to another shop’s owner, to staff and to a POS key', async () => {
    const calls = [['look', 'GET', undefined], ['look', 'PUT', BLUE], ['hours', 'GET', undefined], ['hours', 'PUT', HOURS]] as const;
    for (const [section, method, json] of calls) {
      const path = `/api/staff/demo/settings/${section}`;
      expect(await s.access(path, { method, json })).toEqual({ call: `${method} ${path}`, none: 401, other: 403, staff: 403, pos: 403 });
      const staff = await req(path, { method, json, as: 'staff' });
      expect(((await staff.json()) as { message: string }).message).toBe('Das darf nur der Inhaber (mit Anmeldung).');
    }
    expect((await storedTheme()).theme['--tl-primary']).not.toBe('#1d4ed8');
  });

  it('saves the look into the theme; the guest’s shop config has the new colour at once', async () => {
    const r = await req('/api/staff/demo/settings/look', { method: 'PUT', json: BLUE, as: 'owner' });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ look: { primary: '#1d4ed8', accent: '#f59e0b', logo: 'logo-blau', header: null, onPrimary: '#ffffff' } });
    const stored = await storedTheme();
    expect(stored.theme['--tl-primary']).toBe('#1d4ed8');
    expect(stored.theme['--tl-accent']).toBe('#f59e0b');
    expect(stored.logo).toBe('logo-blau');
    const guest = await s.app.request('/api/shop/demo/bootstrap');
    expect(JSON.stringify(await guest.json())).toContain('"--tl-primary":"#1d4ed8"');
    const again = await req('/api/staff/demo/settings/look', { as: 'owner' });
    expect(((await again.json()) as { look: { primary: string } }).look.primary).toBe('#1d4ed8');
  });

  it('refuses too little contrast and bad fields with the German message at the field, saving nothing', async () => {
    const before = await storedTheme();
    const grey = await req('/api/staff/demo/settings/look', { method: 'PUT', json: { ...BLUE, primary: '#777777', logo: 'neu' }, as: 'owner' });
    expect(grey.status).toBe(400);
    const body = (await grey.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(body.error).toBe('invalid_settings');
    expect(body.fields).toEqual({
      primary: 'Die Schrift auf der Hauptfarbe ist so schwer lesbar (Kontrast 4,47 : 1, nötig sind mindestens 4,5 : 1). Bitte eine dunklere oder kräftigere Farbe wählen.',
    });
    expect(body.message).toBe(`Nicht gespeichert: ${body.fields.primary}`);
    const bad = await req('/api/staff/demo/settings/look', { method: 'PUT', json: { primary: '#1d4ed8', accent: 'gelb', logo: '../../etc', header: null }, as: 'owner' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      accent: 'Bitte eine Farbe als #RRGGBB angeben, z. B. #1d4ed8.',
      logo: 'Bild-Kennung: nur Buchstaben, Ziffern, Punkt, _ und - (höchstens 128 Zeichen).',
    });
    const css = await req('/api/staff/demo/settings/look', { method: 'PUT', json: { ...BLUE, primary: 'red;}</style>' }, as: 'owner' });
    expect(css.status).toBe(400);
    expect(await storedTheme()).toEqual(before);
  });

  it('refuses a body that is not JSON or misses a field', async () => {
    const form = await req('/api/staff/demo/settings/look', { method: 'PUT', as: 'owner', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const missing = await req('/api/staff/demo/settings/look', { method: 'PUT', json: { primary: '#1d4ed8' }, as: 'owner' });
    expect(missing.status).toBe(400);
  });

  const storedConfig = async () => {
    const { rows } = await s.db.query<{ config: unknown }>("SELECT config FROM shops WHERE id = 'demo'");
    return (typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config) as Record<string, unknown>;
  };

  it('saves the opening times, closures, delivery/pickup and zones whole; the config has them', async () => {
    const r = await req('/api/staff/demo/settings/hours', { method: 'PUT', json: HOURS, as: 'owner' });
    expect(r.status).toBe(200);
    const config = await storedConfig();
    expect(config.openingTimes).toEqual(HOURS.openingTimes);
    expect(config.specialOpeningTimes).toEqual([{ reason: 'vacation', name: 'Betriebsferien', from: '2027-07-01', until: '2027-07-14', openingTimes: [] }]);
    expect((config.flags as Record<string, boolean>).supportPickup).toBe(false);
    expect((config.flags as Record<string, boolean>).supportDelivery).toBe(true);
    expect(config.deliveryZones).toEqual([{ id: 'mitte', name: 'Mitte', postalCodes: ['01067'], deliveryFee: 250, minimumOrderValue: 1500, freeAfter: 4000 }]);
    const back = await req('/api/staff/demo/settings/hours', { as: 'owner' });
    expect(((await back.json()) as { hours: { supportPickup: boolean } }).hours.supportPickup).toBe(false);
  });

  it('refuses a closure ending before it starts, a postal code of four digits, a code in two zones — at the field, nothing saved', async () => {
    const before = await storedConfig();
    const put = async (json: unknown) => {
      const r = await req('/api/staff/demo/settings/hours', { method: 'PUT', json, as: 'owner' });
      expect(r.status).toBe(400);
      return ((await r.json()) as { fields: Record<string, string> }).fields;
    };
    expect(await put({ ...HOURS, supportPickup: true, specialOpeningTimes: [{ reason: 'renovation', name: null, from: '2027-02-10', until: '2027-02-01' }] })).toEqual({
      'specialOpeningTimes.0.until': 'Die Schließung endet vor ihrem Beginn. Bitte ein Enddatum am oder nach dem ersten Tag wählen.',
    });
    expect(await put({ ...HOURS, deliveryZones: [{ ...HOURS.deliveryZones[0], postalCodes: ['1067'] }] })).toEqual({
      'deliveryZones.0.postalCodes': '„1067“ ist keine Postleitzahl: Bitte fünf Ziffern angeben, z. B. 01067.',
    });
    expect(await put({ ...HOURS, deliveryZones: [HOURS.deliveryZones[0], { ...HOURS.deliveryZones[0], id: 'neu', name: 'Neustadt', postalCodes: ['01099', '01067'] }] })).toEqual({
      'deliveryZones.1.postalCodes': 'Die Postleitzahl 01067 gehört schon zu einer anderen Zone.',
    });
    expect(await put({ ...HOURS, openingTimes: [{ dayIndex: 1, from: '9 Uhr', to: '12:00' }] })).toEqual({ 'openingTimes.0.from': 'Bitte eine Uhrzeit wie 11:30 angeben (00:00 bis 24:00).' });
    expect(await storedConfig()).toEqual(before);
  });
});
