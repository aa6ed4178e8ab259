// Property tests (fast-check) over the test catalog with random discounts, offers, promotions and coupons.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { CartExtra, CartItem, Catalog, Discount, ItemSelection, Offer, TwoForOnePromotion } from '@shared/domain';
import { extraGroups } from '@shared/cartpricing';
import { type OrderInput } from '@shared/pricing';
import { priceOrder } from './order';
import { restoreCart } from './restore';
import { orderVat } from './vat';
import { catalogWith, ctxAt, discount, dishLine, menuLine, offer, testCatalog } from '@shared/pricing/fixtures';

const dishes = testCatalog.dishes;

const extrasArb = (dishIndex: number): fc.Arbitrary<CartExtra[]> => {
  const items = extraGroups(dishes[dishIndex]).flatMap((g) => g.items.map((i) => ({ g, i })));
  if (items.length === 0) return fc.constant([]);
  return fc.uniqueArray(fc.record({ k: fc.nat(items.length - 1), amount: fc.integer({ min: 1, max: 3 }) }), { selector: (x) => x.k, maxLength: 4 })
    .map((xs) => xs.map(({ k, amount }) => ({
      groupId: items[k].g.id, itemId: items[k].i.id, itemName: items[k].i.name, promotion: null, amount, type: items[k].i.type,
    })));
};

const dishLineArb: fc.Arbitrary<CartItem> = fc.nat(dishes.length - 1).chain((di) => {
  const d = dishes[di];
  const size = d.sizes.length ? fc.constantFrom(...d.sizes.map((s) => s.id)) : fc.constant(null);
  return fc.tuple(size, fc.integer({ min: 1, max: 6 }), extrasArb(di)).map(([sizeId, amount, extras]) => dishLine(d.id, sizeId, amount, extras));
});
const menuLineArb: fc.Arbitrary<CartItem> = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('d-margherita', 'd-salami'), fc.constantFrom('d-cola', 'd-beer'))
  .map(([n, p, d]) => menuLine(n, p, p === 'd-salami' ? [{ groupId: 'g-sauce', itemId: 'x-tomato', itemName: '', promotion: null, amount: 1, type: 'ingredient' }] : [], d));
const lineArb = fc.oneof({ weight: 4, arbitrary: dishLineArb }, { weight: 1, arbitrary: menuLineArb });

const selectionArb: fc.Arbitrary<ItemSelection> = fc.constantFrom<ItemSelection>(
  { categories: ['c-pizza'], dishesWithSizes: [], menus: [] },
  { categories: ['c-drinks', 'c-salad'], dishesWithSizes: [], menus: ['m-lunch'] },
  { categories: [], dishesWithSizes: [{ dishId: 'd-margherita', sizeId: 's-large' }, { dishId: 'd-cola', sizeId: null }], menus: [] },
);
const discountArb: fc.Arbitrary<Discount> = fc.record({
  kind: fc.constantFrom('fixed', 'euro', 'percent') as fc.Arbitrary<Discount['kind']>,
  value: fc.integer({ min: 0, max: 2000 }), appliesTo: selectionArb, id: fc.string(),
}).map((d) => discount({ ...d, value: d.kind === 'percent' ? d.value / 20 : d.value }));
const promoArb: fc.Arbitrary<TwoForOnePromotion> = fc.record({
  totalQuantity: fc.integer({ min: 1, max: 4 }), paid: fc.nat(3), accumulative: fc.boolean(), allowDifferentDishes: fc.boolean(), itemSelection: selectionArb,
}).map((p) => ({
  id: 'p-2for1', title: 'P', label: 'P', totalQuantity: p.totalQuantity, paidQuantity: p.paid % p.totalQuantity,
  accumulative: p.accumulative, allowDifferentDishes: p.allowDifferentDishes, itemSelection: p.itemSelection,
}));
const offerArb: fc.Arbitrary<Offer> = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'f1', 'f2'), offerType: fc.constantFrom('cartDiscount', 'freeItem', 'freeDelivery') as fc.Arbitrary<Offer['offerType']>,
  discountType: fc.constantFrom('percent', 'value') as fc.Arbitrary<Offer['discountType']>, value: fc.integer({ min: 0, max: 5000 }),
  minimumOrderValue: fc.integer({ min: 0, max: 6000 }), combinable: fc.boolean(), accumulativeTwoForOne: fc.boolean(),
}).map((o) => offer({ ...o, value: o.discountType === 'percent' ? o.value % 101 : o.value, freeItems: [{ dishId: 'd-cola', sizeId: 's-05' }, { dishId: 'd-tiramisu', sizeId: null }] }));

const inputArb: fc.Arbitrary<OrderInput> = fc.record({
  items: fc.array(lineArb, { maxLength: 12 }),
  discounts: fc.array(discountArb, { maxLength: 4 }),
  promos: fc.array(promoArb, { maxLength: 1 }),
  offers: fc.array(offerArb, { maxLength: 6 }),
  coupon: fc.option(fc.record({ code: fc.constant('C'), type: fc.constantFrom('percent', 'value') as fc.Arbitrary<'percent' | 'value'>, value: fc.integer({ min: 0, max: 5000 }), minimumOrderValue: fc.integer({ min: 0, max: 4000 }) })),
  delivery: fc.option(fc.record({ fee: fc.integer({ min: 0, max: 800 }), minimumOrderValue: fc.integer({ min: 0, max: 3000 }), freeAfter: fc.integer({ min: 0, max: 6000 }) })),
  pickup: fc.boolean(), group: fc.boolean(), status: fc.constantFrom('pending', 'denied', 'confirmed') as fc.Arbitrary<'pending' | 'denied' | 'confirmed'>,
  free: fc.array(fc.record({ offerId: fc.constantFrom('a', 'b', 'f1', 'f2'), dishId: fc.constantFrom('d-cola', 'd-tiramisu'), sizeId: fc.constantFrom('s-05', null) }), { maxLength: 3 }),
}).map((x) => {
  const catalog: Catalog = catalogWith({ discounts: x.discounts, twoForOnePromotions: x.promos, offers: x.offers });
  const statuses: Record<string, 'pending' | 'denied' | 'confirmed'> = {};
  for (const k of ['p-2for1', ...dishes.map((d) => `p-2for1:${d.id}`), 'p-2for1:m-lunch']) statuses[k] = x.status;
  return {
    catalog, items: x.items, ctx: ctxAt(undefined, { deliveryType: x.pickup ? 'pickup' : 'delivery', groupOrderActive: x.group }),
    coupon: x.coupon, delivery: x.delivery, twoForOneStatus: statuses, selectedFreeItems: x.free,
  };
});

describe('pricing properties', () => {
  it('totals are never negative and always whole cents', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const o = priceOrder(input);
      for (const v of [o.subtotal, o.discountedSubtotal, o.deposit, o.deliveryFee, o.grandTotal, o.itemsTotal, ...Object.values(o.discounts)]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(v)).toBe(true);
      }
      for (const l of o.lines) expect(l.payable).toBeGreaterThanOrEqual(0);
    }), { numRuns: 500 });
  });

  it('the grand total is never below the delivery fee', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const o = priceOrder(input);
      expect(o.grandTotal).toBeGreaterThanOrEqual(o.deliveryFee);
      if (input.ctx.deliveryType === 'pickup') expect(o.deliveryFee).toBe(0);
    }), { numRuns: 500 });
  });

  it('two-for-one frees at most ⌊n/total⌋·(total−paid) items per group, and always the cheapest', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const o = priceOrder(input);
      for (const g of o.twoForOne) {
        const promo = input.catalog.twoForOnePromotions.find((p) => p.id === g.promotionId)!;
        expect(g.freeUnits).toBeLessThanOrEqual(Math.floor(g.units / promo.totalQuantity) * (promo.totalQuantity - promo.paidQuantity));
        const lines = o.lines.filter((l) => l.twoForOneKey === g.key);
        expect(lines.reduce((s, l) => s + l.freeUnits, 0)).toBe(g.freeUnits);
        const basis = (l: (typeof lines)[number]) => (promo.accumulative ? l.unitPrice : l.unitNonDiscounted);
        const freeMax = Math.max(-Infinity, ...lines.filter((l) => l.freeUnits > 0).map(basis));
        const paidMin = Math.min(Infinity, ...lines.filter((l) => l.amount - l.freeUnits > 0).map(basis));
        expect(freeMax).toBeLessThanOrEqual(paidMin);
      }
    }), { numRuns: 500 });
  });

  it('pricing the same cart in any line order gives the same total', () => {
    fc.assert(fc.property(inputArb, fc.infiniteStream(fc.nat()), (input, rnd) => {
      const shuffled = [...input.items];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = rnd.next().value % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      const a = priceOrder(input);
      const b = priceOrder({ ...input, items: shuffled });
      expect(b.grandTotal).toBe(a.grandTotal);
      expect(b.subtotal).toBe(a.subtotal);
      expect(b.discounts).toEqual(a.discounts);
    }), { numRuns: 500 });
  });
});

describe('breakdown consistency', () => {
  it('the parts add up: subtotal = Σ payable; grand total = discounted subtotal − coupon + deposit + fee', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const o = priceOrder(input);
      expect(o.subtotal).toBe(o.lines.reduce((s, l) => s + l.payable, 0));
      expect(o.discountedSubtotal).toBe(o.subtotal - o.discounts.cartDiscount);
      expect(o.grandTotal).toBe(o.discountedSubtotal - o.discounts.coupon + o.deposit + o.deliveryFee);
      expect(o.itemsNonDiscounted - o.discounts.item - o.discounts.twoForOne).toBe(o.subtotal);
      expect(o.discounts.coupon).toBeLessThanOrEqual(o.discountedSubtotal);
    }), { numRuns: 300 });
  });

  it('restore is idempotent: restoring a restored cart keeps every line and its price', () => {
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 10 }), (items) => {
      const ctx = ctxAt();
      const once = restoreCart(testCatalog, JSON.parse(JSON.stringify(items)), { ctx });
      const twice = restoreCart(testCatalog, JSON.parse(JSON.stringify(once.items)), { ctx });
      expect(twice.problems).toEqual([]);
      expect(twice.items).toEqual(once.items);
    }), { numRuns: 300 });
  });
});

describe('restore properties', () => {
  const nasty = fc.oneof(
    fc.anything(), fc.constant('__proto__'), fc.constant('constructor'), fc.double(), fc.constant(1e308), fc.constant(-1e308),
    fc.constant(Number.MAX_SAFE_INTEGER), fc.constant(NaN), fc.string(),
  );
  const fields = ['kind', 'lineId', 'dishId', 'sizeId', 'menuId', 'amount', 'extras', 'without', 'subitems', 'price', 'promotion', '__proto__', 'constructor', 'groupId', 'itemId'];
  const corrupted: fc.Arbitrary<unknown> = fc.tuple(lineArb, fc.array(fc.tuple(fc.constantFrom(...fields), nasty), { maxLength: 3 }), fc.boolean())
    .map(([line, edits, viaJson]) => {
      const obj: Record<string, unknown> = JSON.parse(JSON.stringify(line));
      for (const [k, v] of edits) {
        if (k === '__proto__' || viaJson) {
          // through JSON so '__proto__' becomes an own key, as it would from storage
          // (a circular value, which the edits below can make, never comes from storage: keep obj)
          try {
            const json = JSON.stringify(obj).slice(0, -1) + `,${JSON.stringify(k)}:${JSON.stringify(v === undefined ? null : v) ?? 'null'}}`;
            Object.assign(obj, { [k]: undefined });
            return JSON.parse(json.replace('{,', '{'));
          } catch { /* keep obj */ }
        } else obj[k] = v;
        const extras = obj.extras;
        if (Array.isArray(extras) && extras[0] && typeof extras[0] === 'object') (extras[0] as Record<string, unknown>)[k] = v;
      }
      return obj;
    });
  const cartArb = fc.oneof(
    fc.array(fc.oneof(lineArb, corrupted, fc.anything()), { maxLength: 8 }),
    fc.anything(),
    fc.record({ items: fc.array(fc.oneof(lineArb, corrupted), { maxLength: 5 }) }),
  );

  it('restore never throws on 10,000 random or corrupted carts, every dropped line carries a message, no prototype pollution', () => {
    const ctx = ctxAt();
    fc.assert(fc.property(cartArb, (raw) => {
      const r = restoreCart(testCatalog, raw, { ctx });
      const lines = Array.isArray(raw) ? raw : raw && typeof raw === 'object' && Array.isArray((raw as { items?: unknown }).items) ? (raw as { items: unknown[] }).items : [];
      expect(r.items.length + r.problems.length).toBe(lines.length);
      for (const p of r.problems) expect(typeof p === 'string' && p.length > 0).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      // restored lines price cleanly
      const o = priceOrder({ catalog: testCatalog, items: r.items, ctx });
      expect(o.invalidLineIds).toEqual([]);
    }), { numRuns: 10000 });
    // 10,000 runs take a few seconds alone, longer when the whole suite shares two cores
  }, 120_000);

  it('a __proto__ payload in JSON never reaches Object.prototype', () => {
    const raw = JSON.parse('[{"__proto__":{"polluted":"yes"},"kind":"dish","dishId":"d-beer","sizeId":null,"amount":1,"extras":[{"__proto__":{"polluted":"yes"},"groupId":"__proto__","itemId":"x"}]}]');
    const r = restoreCart(testCatalog, raw, { ctx: ctxAt() });
    expect(r.problems).toEqual(['Gruppe __proto__ nicht gefunden']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('VAT per rate', () => {
  it('the parts add up to the grand total; none is negative; VAT is never more than its gross', () => {
    fc.assert(fc.property(inputArb, (input) => {
      const o = priceOrder(input);
      const v = orderVat(input.catalog, input.items, o);
      expect(v.parts.reduce((s, p) => s + p.gross, 0)).toBe(o.grandTotal);
      expect(v.vat + v.net).toBe(o.grandTotal);
      for (const p of v.parts) {
        expect(p.gross).toBeGreaterThan(0);
        expect(p.vat).toBeGreaterThanOrEqual(0);
        expect(p.vat).toBeLessThanOrEqual(p.gross);
        expect(p.net + p.vat).toBe(p.gross);
      }
    }), { numRuns: 500 });
  });
});
