// A category the restaurant hid in the menu editor: guests do not see it, and the server refuses an
// order naming one of its dishes — alone, in a set menu or at a table — like an unknown dish (409
// 'Warenkorb geändert' with the line's German message; shared/rules hiddenDishIds). The clock:
// TUESDAY_NOON, the demo shop is open.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { createTestServer, type TestServer } from '../testing';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const FORM = {
  salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
  messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
};
const line = (dishId: string, sizeId: string | null, patch: Partial<CartItem> = {}) => ({
  kind: 'dish', lineId: `l-${dishId}`, dishId, sizeId, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null,
  without: [], tags: [], slotId: null, extras: [], ...patch,
});
const pommes = [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }];
const chicken = line('haehnchen-grill', 'klein', { extras: pommes } as Partial<CartItem>);
const lunchMenu = {
  kind: 'menu', lineId: 'l-menu', menuId: 'menu-mittag', memberName: null, amount: 1, price: 0, deliveryType: null, promotion: null,
  subitems: [line('pizza-margherita', 'p26', { slotId: 'slot-pizza' }), line('cola', 'l05', { slotId: 'slot-getraenk' })],
};
let keys = 0;

describe('hidden categories at the order', () => {
  let s: TestServer;
  const place = (orderItems: unknown[], selectedFreeItems: unknown[] = []) =>
    s.app.request('/api/shop/demo/order', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Idempotency-Key': `hidden-${++keys}` },
      body: JSON.stringify({
        formValues: FORM, orderItems, couponCode: null, sessionId: 's1', userId: null, groupOrderId: null, acceptAdvertising: false,
        useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems,
        confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
      }),
    });
  const hide = (ids: string[]) =>
    s.update((d) => {
      const cat = d.shops.get('demo')!.catalog!;
      cat.categories = cat.categories.map((c) => ({ ...c, hidden: ids.includes(c.id) || undefined }));
    });

  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterAll(async () => s.close());

  it('with every category visible the dish and the lunch menu are ordered', async () => {
    const res = await place([chicken, lunchMenu]);
    expect([res.status, res.status === 201 ? null : await res.text()]).toEqual([201, null]);
  });

  it("a dish of a hidden category is refused: 409 cart_changed 'Gericht Hähnchenbrust vom Grill nicht gefunden'", async () => {
    await hide(['hauptgerichte']);
    const res = await place([chicken]);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'cart_changed', title: 'Warenkorb geändert', message: 'Gericht Hähnchenbrust vom Grill nicht gefunden' });
    // the same cart without it goes through
    expect((await place([lunchMenu])).status).toBe(201);
  });

  it("a set menu whose chosen drink is in a hidden category is refused: 'Gericht Coca-Cola nicht gefunden'", async () => {
    await hide(['getraenke']);
    const res = await place([lunchMenu]);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'cart_changed', message: 'Gericht Coca-Cola nicht gefunden' });
    expect((await place([chicken])).status).toBe(201);
  });

  it("a table order naming a dish of a hidden category is refused the same way: 'Gericht Tiramisu nicht gefunden'", async () => {
    const tableOrder = (items: unknown[]) => s.app.request('/api/shop/demo/order', {
      method: 'POST', headers: JSON_HEADERS,
      body: JSON.stringify({
        formValues: {}, orderItems: items, couponCode: null, sessionId: 'sess-table', userId: null, groupOrderId: null, acceptAdvertising: false,
        useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
        confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], paymentMethod: 'offline', table: 7, idempotencyKey: `hidden-table-${++keys}`,
      }),
    });
    await hide([]);
    expect((await tableOrder([line('tiramisu', null)])).status).toBe(201);
    await hide(['desserts']);
    const res = await tableOrder([line('tiramisu', null)]);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'Gericht Tiramisu nicht gefunden' });
  });
});
