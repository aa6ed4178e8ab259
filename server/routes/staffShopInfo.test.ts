// 'Zahlung & Seiten' in the staff API: owner only; payment methods per type, pickup minimums, the
// legal pages, 'Über uns' and the flags saved whole into the config (the guest's checkout rules read
// them); no payment method, a method both 'only pickup' and 'only delivery', a bad minimum and an
// empty Impressum refused at the field with the German message, nothing saved.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createStaffTestServer, type StaffRequest, type StaffTestServer } from '../testingStaff';

const GOOD = {
  paymentMethods: ['offline', 'Stripe_card'],
  paymentMethodsOnlyPickup: ['offline'],
  paymentMethodsOnlyDelivery: [],
  paymentMethodsPickupMinimumOrderValue: { offline: 12.5 },
  pages: { impressum: ['Pizzeria Test GmbH, Hauptstraße 1, 01067 Dresden.', 'E-Mail: info@pizza.example'], datenschutz: ['Wir speichern nur, was die Bestellung braucht.'], agb: [] },
  about: ['Seit 1990 in Dresden.'],
  flags: { enableDishPictures: false, showDishNumbers: true, enableLogin: false, enableReservations: false },
};

describe('staff API: settings (Zahlung & Seiten)', () => {
  let s: StaffTestServer;
  const req = (path: string, init: StaffRequest = {}) => s.req(path, init);
  const stored = async () => {
    const { rows } = await s.db.query<{ config: unknown }>("SELECT config FROM shops WHERE id = 'demo'");
    return (typeof rows[0].config === 'string' ? JSON.parse(rows[0].config) : rows[0].config) as Record<string, unknown> & { pages: { id: string; body: string[] }[] };
  };

  beforeAll(async () => {
    s = await createStaffTestServer({ publicOrigin: 'https://shop.example' });
  }, 120_000);
  afterAll(async () => s.close());

  it('answers 401 without a login, 403 to another shop’s owner, to staff and to a POS key', async () => {
    for (const [method, json] of [['GET', undefined], ['PUT', GOOD]] as const) {
      const path = '/api/staff/demo/settings/shop';
      expect(await s.access(path, { method, json })).toEqual({ call: `${method} ${path}`, none: 401, other: 403, staff: 403, pos: 403 });
    }
    expect((await stored()).about).not.toEqual(['Seit 1990 in Dresden.']);
  });

  it('refuses no payment method, a method both only-pickup and only-delivery, a bad minimum and an empty Impressum — nothing saved', async () => {
    const before = await stored();
    const r = await req('/api/staff/demo/settings/shop', {
      as: 'owner',
      method: 'PUT',
      json: { ...GOOD, paymentMethods: [], paymentMethodsOnlyPickup: ['offline'], paymentMethodsOnlyDelivery: ['offline'], paymentMethodsPickupMinimumOrderValue: { offline: -1 }, pages: { ...GOOD.pages, impressum: [] } },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { fields: Record<string, string> }).fields).toEqual({
      paymentMethods: 'Bitte mindestens eine Zahlungsart anbieten.',
      'paymentMethodsOnlyPickup.offline': 'Eine Zahlungsart kann nicht „nur Abholung“ und „nur Lieferung“ zugleich sein.',
      'paymentMethodsOnlyDelivery.offline': 'Diese Zahlungsart ist nicht angeboten.',
      'paymentMethodsPickupMinimumOrderValue.offline': 'Bitte einen Betrag in Euro angeben, z. B. 10,00 (leer oder 0: kein Mindestwert).',
      'pages.impressum': 'Das Impressum ist Pflicht: Bitte Anbieter, Anschrift und Kontakt angeben.',
    });
    expect(await stored()).toEqual(before);
  });

  it('saves the section whole; other pages stay, an emptied page goes; the guest’s config has it at once', async () => {
    const before = await stored();
    const otherPages = before.pages.filter((p) => !['impressum', 'datenschutz', 'agb'].includes(p.id)).map((p) => p.id);
    const r = await req('/api/staff/demo/settings/shop', { as: 'owner', method: 'PUT', json: GOOD });
    expect(r.status).toBe(200);
    const after = await stored();
    expect(after.paymentMethods).toEqual(['offline', 'Stripe_card']);
    expect(after.paymentMethodsOnlyPickup).toEqual(['offline']);
    expect(after.paymentMethodsPickupMinimumOrderValue).toEqual({ offline: 12.5 });
    expect(after.pages.find((p) => p.id === 'impressum')?.body).toEqual(['Pizzeria Test GmbH, Hauptstraße 1, 01067 Dresden.', 'E-Mail: info@pizza.example']);
    expect(after.pages.find((p) => p.id === 'agb')).toBeUndefined();
    expect(after.pages.map((p) => p.id).filter((id) => !['impressum', 'datenschutz', 'agb'].includes(id))).toEqual(otherPages);
    expect(after.flags).toMatchObject({ enableDishPictures: false, showDishNumbers: true, supportDelivery: true });
    const boot = (await (await s.app.request('/api/shop/demo/bootstrap')).json()) as { config: { about: string[]; paymentMethods: string[] } };
    expect(boot.config.about).toEqual(['Seit 1990 in Dresden.']);
    expect(boot.config.paymentMethods).toEqual(['offline', 'Stripe_card']);
  });
});
