import { describe, expect, it, jest } from '@jest/globals';
import type { CartItem, DishCartItem, MenuCartItem } from '@shared/domain';
import { saveDish, saveMenu, type SaveDeps } from './save';
import { queryScrollTarget } from './scroll';
import { mediaUrl } from './media';

const dish: DishCartItem = {
  kind: 'dish', lineId: 'new', dishId: 'd', sizeId: null, memberName: null, amount: 2, price: 0, priceNonDiscounted: 0,
  promotion: null, without: [], tags: [], slotId: null, extras: [],
};
const menu: MenuCartItem = { kind: 'menu', lineId: 'm', menuId: 'menu', memberName: null, amount: 1, price: 0, deliveryType: null, subitems: [], promotion: null };

function deps(closed = false) {
  const cart: CartItem[] = [];
  const events: string[] = [];
  const d: SaveDeps = {
    ordersClosed: () => closed,
    add: (l) => { const line = { ...l, lineId: `l${cart.length}` }; cart.push(line); return line; },
    update: (id, l) => { const i = cart.findIndex((x) => x.lineId === id); if (i >= 0) cart[i] = l; },
    track: (e) => { events.push(e); },
  };
  return { d, cart, events };
}

describe('saveDish', () => {
  it('adds the line and runs the follow-up', () => {
    const { d, cart, events } = deps();
    const follow = jest.fn();
    const r = saveDish(dish, null, d, follow);
    expect(r.status).toBe('saved');
    expect(cart).toHaveLength(1);
    expect(follow).toHaveBeenCalledWith(cart[0]);
    expect(events).toEqual(['add-dish']);
  });
  it('replaces the line in edit mode', () => {
    const { d, cart } = deps();
    cart.push({ ...dish, lineId: 'x', amount: 1 });
    saveDish(dish, 'x', d);
    expect(cart).toEqual([{ ...dish, lineId: 'x' }]);
  });
  it('saves nothing while orders are closed', () => {
    const { d, cart } = deps(true);
    expect(saveDish(dish, null, d).status).toBe('closed');
    expect(cart).toHaveLength(0);
  });
  it('a failing follow-up tracks save-dish_failed; the item stays in the cart', () => {
    const { d, cart, events } = deps();
    const r = saveDish(dish, null, d, () => { throw new Error('boom'); });
    expect(r).toMatchObject({ status: 'failed', stayOpen: false });
    expect(cart).toHaveLength(1);
    expect(events).toContain('save-dish_failed');
  });
});

describe('saveMenu', () => {
  it('adds the menu with the delivery type of the location lookup', () => {
    const { d, cart } = deps();
    const r = saveMenu((t) => ({ ...menu, deliveryType: t }), () => 'pickup', null, d);
    expect(r.status).toBe('saved');
    expect((cart[0] as MenuCartItem).deliveryType).toBe('pickup');
  });
  it('a throwing location lookup tracks save-menu_failed and keeps the dialog open', () => {
    const { d, cart, events } = deps();
    const r = saveMenu(() => menu, () => { throw new Error('geo'); }, null, d);
    expect(r).toEqual({ status: 'failed', stayOpen: true, line: null });
    expect(cart).toHaveLength(0);
    expect(events).toEqual(['save-menu_failed']);
  });
  it('saves nothing while orders are closed', () => {
    const { d } = deps(true);
    expect(saveMenu(() => menu, () => null, null, d).status).toBe('closed');
  });
});

describe('scroll query and media URLs', () => {
  it('maps scrollTo and jumpScroll', () => {
    expect(queryScrollTarget('?scrollTo=menu&jumpScroll=1')).toEqual({ id: 'menu-start', jump: true });
    expect(queryScrollTarget('?scrollTo=menu_sticky_boundary')).toEqual({ id: 'menu-start', jump: false });
    expect(queryScrollTarget('?scrollTo=shop_category_pizza')).toEqual({ id: 'shop_category_pizza', jump: false });
    expect(queryScrollTarget('?scrollTo=evil')).toBeNull();
    expect(queryScrollTarget('')).toBeNull();
  });
  it('builds {host}/media/{shopId}/{imageId}/{w}x{h}.{ext}', () => {
    expect(mediaUrl('demo', 'pizza', 378, 192, 'webp', 'https://s.example')).toBe('https://s.example/media/demo/pizza/378x192.webp');
  });
});
