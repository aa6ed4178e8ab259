// A cart priced on an older catalog version whose price changed since (the restaurant published a
// new menu while the guest's page was open): the order is refused once with the change explained,
// never charged at a price the cart did not show; with the new version it goes through at the new price.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem, DishCartItem } from '@shared/domain';
import { priceChanges } from '@shared/cartpricing';
import { createTestServer, type TestServer } from '../testing';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const line = (price: number): DishCartItem => ({
  kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'gross', memberName: null, amount: 1, price, priceNonDiscounted: price, promotion: null,
  without: [], tags: [], slotId: null, extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
});
const order = (catalogVersion: string, key: string) => ({
  formValues: {
    salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
    messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
  },
  orderItems: [line(1490)], couponCode: null, sessionId: `sess-${key}`, userId: null, groupOrderId: null, acceptAdvertising: false, useDishDeposit: false,
  account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [],
  legalAccepted: true, pickupConfirmed: true, catalogVersion,
});

describe('a price changed since the cart was priced', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  }, 60_000);
  afterAll(async () => s.close());

  const version = async () => ((await (await s.app.request('/api/shop/demo/bootstrap')).json()) as { catalogVersion: string }).catalogVersion;
  const place = (catalogVersion: string, key: string) =>
    s.app.request('/api/shop/demo/order', { method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `price-change-${key}` }, body: JSON.stringify(order(catalogVersion, key)) });

  it('is explained (409 cart_changed) for the old version and charged at the new price with the new version', async () => {
    const old = await version();
    await s.update((d) => {
      const dish = d.shops.get('demo')!.catalog.dishes.find((x) => x.id === 'haehnchen-grill')!;
      dish.prices.find((x) => x.sizeId === 'gross')!.price = 1590;
    });
    const now = await version();
    expect(now).not.toBe(old);

    const refused = await place(old, 'a');
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('cart_changed');
    // list price 14,90 € → 15,90 €, minus the demo's 1,00 € discount on the large size (disc-haehnchen)
    expect(body.message).toBe('Hähnchenbrust vom Grill (Groß) kostet jetzt 14,90\u00a0€ statt 13,90\u00a0€.');

    const placed = await place(now, 'b');
    expect(placed.status).toBe(201);
    const { order: o } = (await placed.json()) as { order: { id: string } };
    const info = (await (await s.app.request(`/api/shop/demo/info/${o.id}`)).json()) as { order: { total: number } };
    // 15,90 € − 1,00 € discount, Pommes frites free (side), pickup: no delivery fee
    expect(info.order.total).toBe(14.9);
  });

  it('names menus and dishes without sizes too, and nothing when the price stayed', () => {
    const catalog = { menus: [{ id: 'm1', name: 'Mittagsmenü' }], dishes: [{ id: 'd1', name: 'Suppe', sizes: [] }] } as never;
    const a: CartItem[] = [
      { kind: 'menu', lineId: 'x', menuId: 'm1', memberName: null, amount: 1, price: 990, deliveryType: null, subitems: [], promotion: null },
      { ...line(500), lineId: 'y', dishId: 'd1', sizeId: null },
      { ...line(700), lineId: 'z', dishId: 'd1', sizeId: null },
    ];
    const b: CartItem[] = [{ ...a[0], price: 1090 } as CartItem, { ...a[1], price: 450 } as CartItem, a[2]];
    expect(priceChanges(catalog, a, b)).toEqual(['Mittagsmenü kostet jetzt 10,90\u00a0€ statt 9,90\u00a0€.', 'Suppe kostet jetzt 4,50\u00a0€ statt 5,00\u00a0€.']);
  });
});
