// Group orders on the server: create/join/find, owner-only actions (403), own cart only (403),
// names under 3 characters, ETag/304, and the owner's order with every member's lines, priced
// with the group discount and checked for integrity.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GROUP_NAME_TOO_SHORT, OWN_NAME_TOO_SHORT } from '@shared/i18n';
import { createTestServer, type TestServer } from '../testing';

const OWNER = 'owner-user-0000000001';
const ANNA = 'anna-user-00000000001';
const BEN = 'ben-user-000000000001';

function line(lineId: string, dishId: string, sizeId: string | null, amount = 1) {
  return { kind: 'dish', lineId, dishId, sizeId, memberName: null, amount, price: 1, priceNonDiscounted: 1, promotion: null, without: [], tags: [], slotId: null, extras: [] };
}

const FORM = {
  salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
  messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
};

let s: TestServer;
let keySeq = 0;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.request(`/api/shop/demo${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = {}) => s.app.request(`/api/shop/demo${path}`, { headers });

async function newGroup() {
  const res = await post('/group-order', { groupName: 'Büro', userName: 'Olga', isPickup: true, userId: OWNER });
  expect(res.status).toBe(201);
  const g = (await res.json()) as { id: string; code: string; memberId: string };
  const join = async (userName: string, userId: string) => {
    const r = await post(`/group-order/${g.id}/join`, { userName, userId });
    expect(r.status).toBe(201);
    return ((await r.json()) as { memberId: string }).memberId;
  };
  const anna = await join('Anna', ANNA);
  const ben = await join('Ben', BEN);
  return { ...g, owner: g.memberId, anna, ben };
}

function order(groupOrderId: string, userId: string, items: unknown[]) {
  keySeq += 1;
  return post('/order', {
    formValues: FORM, orderItems: items, couponCode: null, sessionId: 's1', userId, groupOrderId, acceptAdvertising: false,
    useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
    confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
    idempotencyKey: `group-key-${keySeq}-${Date.now()}`,
  });
}

beforeAll(async () => {
  s = await createTestServer();
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('group orders', () => {
  it('creates a group with an unguessable code, finds it by code, answers without user ids', async () => {
    const g = await newGroup();
    expect(g.code).toMatch(/^[a-z2-9]{12}$/);
    const found = await get(`/find-group-order/${g.code}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ id: g.id, name: 'Büro', owner: 'Olga', stage: 'menu' });
    expect((await get('/find-group-order/aaaaaaaaaaaa')).status).toBe(404);
    expect((await get('/find-group-order/x')).status).toBe(404);
    const read = await get(`/group-order/${g.id}`);
    const body = JSON.stringify(await read.json());
    expect(body).not.toContain(OWNER);
    expect(body).not.toContain(ANNA);
  });

  it('refuses names under 3 characters with the spec message', async () => {
    const a = await post('/group-order', { groupName: 'ab', userName: 'Olga', userId: OWNER });
    expect(a.status).toBe(400);
    expect(((await a.json()) as { message: string }).message).toBe(GROUP_NAME_TOO_SHORT);
    const b = await post('/group-order', { groupName: 'Büro', userName: '  x ', userId: OWNER });
    expect(((await b.json()) as { message: string }).message).toBe(OWN_NAME_TOO_SHORT);
    const g = await newGroup();
    const j = await post(`/group-order/${g.id}/join`, { userName: 'Al', userId: 'carl-user-0000000001' });
    expect(j.status).toBe(400);
    expect(((await j.json()) as { message: string }).message).toBe(OWN_NAME_TOO_SHORT);
  });

  it('answers 403 when a member changes the stage, renames the group, disbands, or touches another cart', async () => {
    const g = await newGroup();
    for (const body of [{ stage: 'checkout' }, { name: 'Meine Gruppe' }, { disband: true }]) {
      expect((await post(`/group-order/${g.id}`, { ...body, userId: ANNA })).status).toBe(403);
    }
    expect((await post(`/group-order/${g.id}/member/${g.ben}`, { cart: JSON.stringify({ items: [] }), userId: ANNA })).status).toBe(403);
    expect((await post(`/group-order/${g.id}/member/${g.ben}`, { leave: true, userId: ANNA })).status).toBe(403);
    expect((await post(`/group-order/${g.id}/member/${g.owner}`, { name: 'Chefin', userId: ANNA })).status).toBe(403);
    // the owner may
    const ok = await post(`/group-order/${g.id}`, { stage: 'checkout', userId: OWNER });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { stage: string }).stage).toBe('checkout');
  });

  it('reads with an ETag and answers 304 until something changes', async () => {
    const g = await newGroup();
    const first = await get(`/group-order/${g.id}`);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect((await get(`/group-order/${g.id}`, { 'If-None-Match': tag! })).status).toBe(304);
    await post(`/group-order/${g.id}/member/${g.anna}`, { status: 'readyToCheckout', userId: ANNA });
    const after = await get(`/group-order/${g.id}`, { 'If-None-Match': tag! });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { members: { name: string; status: string }[] };
    expect(body.members.map((m) => [m.name, m.status])).toEqual([['Olga', 'owner'], ['Anna', 'readyToCheckout'], ['Ben', 'menu']]);
  });

  it('leave, remove by the owner, disband', async () => {
    const g = await newGroup();
    expect((await post(`/group-order/${g.id}/member/${g.anna}`, { leave: true, userId: ANNA })).status).toBe(200);
    expect((await post(`/group-order/${g.id}/member/${g.ben}`, { leave: true, userId: OWNER })).status).toBe(200);
    expect((await post(`/group-order/${g.id}/member/${g.owner}`, { leave: true, userId: OWNER })).status).toBe(409);
    const read = (await (await get(`/group-order/${g.id}`)).json()) as { members: unknown[] };
    expect(read.members).toHaveLength(1);
    expect((await post(`/group-order/${g.id}`, { disband: true, userId: OWNER })).status).toBe(200);
    expect((await get(`/group-order/${g.id}`)).status).toBe(404);
  });

  it("the owner's order carries every member's lines, priced by the server with the group discount", async () => {
    const g = await newGroup();
    const put = (member: string, userId: string, items: unknown[]) => post(`/group-order/${g.id}/member/${member}`, { cart: JSON.stringify({ total: 1, items }), userId });
    // Olga 4× Pizzabrötchen (4 × 4,50), Anna 4× Panna cotta (4 × 4,50), Ben 6× Pommes frites (6 × 3,50) = 57,00 €
    expect((await put(g.owner, OWNER, [line('o1', 'pizzabroetchen', null, 4)])).status).toBe(200);
    expect((await put(g.anna, ANNA, [line('a1', 'panna-cotta', null, 4)])).status).toBe(200);
    const afterBen = await put(g.ben, BEN, [line('b1', 'beilage-pommes', null, 6)]);
    const members = ((await afterBen.json()) as { members: { name: string; cart: { total: number } }[] }).members;
    expect(members.map((m) => m.cart.total)).toEqual([1800, 1800, 2100]);

    const all = [line('o1', 'pizzabroetchen', null, 4), line('a1', 'panna-cotta', null, 4), line('b1', 'beilage-pommes', null, 6)];
    // not at the checkout yet
    expect((await order(g.id, OWNER, all)).status).toBe(409);
    await post(`/group-order/${g.id}`, { stage: 'checkout', userId: OWNER });
    // a member cannot order for the group
    expect((await order(g.id, ANNA, all)).status).toBe(403);
    // the amounts must add up to the members' carts
    const short = await order(g.id, OWNER, all.slice(0, 2));
    expect(short.status).toBe(409);
    expect(((await short.json()) as { message: string }).message).toBe('Amount sum does not match');
    // a cart sent now is refused (the owner pays what the group holds)
    expect((await put(g.ben, BEN, [line('b3', 'gelato', null, 5)])).status).toBe(409);

    const res = await order(g.id, OWNER, all);
    expect(res.status).toBe(201);
    const placed = (await res.json()) as { order: { id: string; total: number; items: unknown[] } };
    // 57,00 € − 15 % group discount (8,55 €; the best cart discount) = 48,45 € (pickup: no fee)
    expect(placed.order.total).toBe(48.45);
    expect(placed.order.items).toHaveLength(3);
    // pay at pickup: the group is completed and points to the order
    const read = (await (await get(`/group-order/${g.id}`)).json()) as { stage: string; orderId: string };
    expect(read).toMatchObject({ stage: 'completed', orderId: placed.order.id });
  });

  it('the same lines without a group get no group discount', async () => {
    const res = await order(null as unknown as string, OWNER, [line('o1', 'pizzabroetchen', null, 4), line('a1', 'panna-cotta', null, 4), line('b1', 'beilage-pommes', null, 6)]);
    expect(res.status).toBe(201);
    // 57,00 € − 10 % (5,70 €) = 51,30 €, or − 5 € = 52,00 €: the best is 51,30 €
    expect(((await res.json()) as { order: { total: number } }).order.total).toBe(51.3);
  });

  it('checks the integrity of the group cart: no members, one owner', async () => {
    const g = await newGroup();
    await post(`/group-order/${g.id}`, { stage: 'checkout', userId: OWNER });
    await s.db.query('UPDATE group_members SET is_owner = true WHERE id = $1', [g.anna]);
    const two = await order(g.id, OWNER, []);
    expect(((await two.json()) as { message: string }).message).toBe('There must be exactly one owner');
    await s.db.query('DELETE FROM group_members WHERE group_id = $1', [g.id]);
    const none = await order(g.id, OWNER, []);
    expect(none.status).toBe(409);
    expect(((await none.json()) as { message: string }).message).toBe('No members found');
  });
});
