// Pricing engine bench: median time to price a 200-line cart (10 offers, a two-for-one, a coupon)
// and to restore a 200-line cart. Goal: ≤ 1 ms each.
import os from 'node:os';
import type { CartItem, Catalog } from '@shared/domain';
import { priceOrder, restoreCart } from '@shared/cartpricing';
import { catalogWith, ctxAt, discount, dishLine, ex, menuLine, offer, testCatalog } from '@shared/pricing/fixtures';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measure(fn: () => unknown, runs = 2000): number {
  for (let i = 0; i < 200; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

export function benchCatalog(): Catalog {
  return catalogWith({
    discounts: [
      discount({ id: 'd1', kind: 'percent', value: 10, appliesTo: { categories: ['c-salad'], dishesWithSizes: [], menus: [] } }),
      discount({ id: 'd2', kind: 'euro', value: 50, appliesTo: { categories: ['c-drinks'], dishesWithSizes: [], menus: [] }, schedule: { weekdays: [0, 1, 2, 3, 4], times: [{ from: '11:00', to: '15:00' }] } }),
      discount({ id: 'd3', kind: 'fixed', value: 1000, appliesTo: { categories: [], dishesWithSizes: [], menus: ['m-lunch'] } }),
    ],
    offers: [
      offer({ id: 'o1', offerType: 'cartDiscount', discountType: 'percent', value: 5, minimumOrderValue: 3000 }),
      offer({ id: 'o2', offerType: 'cartDiscount', discountType: 'value', value: 500, minimumOrderValue: 5000 }),
      offer({ id: 'o3', offerType: 'cartDiscount', discountType: 'percent', value: 15, groupOrderOnly: true }),
      offer({ id: 'o4', offerType: 'freeItem', minimumOrderValue: 2000, freeItems: [{ dishId: 'd-cola', sizeId: 's-05' }] }),
      offer({ id: 'o5', offerType: 'freeItem', minimumOrderValue: 4000, freeItems: [{ dishId: 'd-tiramisu', sizeId: null }] }),
      offer({ id: 'o6', offerType: 'freeItem', minimumOrderValue: 9000, freeItems: [{ dishId: 'd-beer', sizeId: null }], combinable: false }),
      offer({ id: 'o7', offerType: 'freeDelivery', minimumOrderValue: 2500 }),
      offer({ id: 'o8', offerType: 'freeDelivery', minimumOrderValue: 3500 }),
      offer({ id: 'o9', offerType: 'cartDiscount', discountType: 'percent', value: 20, channel: 'dineIn' }),
      offer({ id: 'o10', offerType: 'sharedBanner', offers: ['o1', 'o4', 'o7'] }),
    ],
  });
}

export function benchCart(n = 200): CartItem[] {
  const pool: (() => CartItem)[] = [
    () => dishLine('d-margherita', 's-large', 2, [ex('g-extras', 'x-mozz'), ex('g-extras', 'x-parm', 2)]),
    () => dishLine('d-salami', 's-small', 1, [ex('g-sauce', 'x-cream'), ex('g-extras', 'x-olive')]),
    () => dishLine('d-cola', 's-05', 3),
    () => dishLine('d-salad', null, 1),
    () => dishLine('d-beer', null, 2),
    () => menuLine(1, 'd-margherita', [ex('g-extras', 'x-parm')]),
    () => dishLine('d-custom', null, 1, [ex('g-top', 'x-corn', 2), ex('g-sauce', 'x-tomato')]),
    () => dishLine('d-tiramisu', null, 1),
  ];
  return Array.from({ length: n }, (_, i) => pool[i % pool.length]());
}

export function runPricingBench(): void {
  const catalog = benchCatalog();
  const items = benchCart(200);
  const ctx = ctxAt();
  const input = {
    catalog, items, ctx, delivery: { fee: 250, minimumOrderValue: 1500, freeAfter: 0 },
    coupon: { state: 'valid' as const, code: 'BENCH', type: 'percent' as const, value: 10, minimumOrderValue: 0 },
    selectedFreeItems: [{ offerId: 'o4', dishId: 'd-cola', sizeId: 's-05' }],
  };
  const check = priceOrder(input);
  if (check.lines.length !== 200 || check.twoForOne.length === 0 || !check.coupon?.applied) throw new Error('bench cart is not what it should be');
  const raw = JSON.parse(JSON.stringify(items));
  const restored = restoreCart(testCatalog, raw, { ctx });
  if (restored.items.length !== 200) throw new Error(`restore kept ${restored.items.length} of 200: ${restored.problems[0]}`);
  const price = measure(() => priceOrder(input));
  const restore = measure(() => restoreCart(catalog, raw, { ctx }));
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`priceOrder, 200 lines, 10 offers, two-for-one, coupon: median ${price.toFixed(3)} ms`);
  console.log(`restoreCart, 200 lines:                              median ${restore.toFixed(3)} ms`);
}
