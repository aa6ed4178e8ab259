/** @jest-environment ./tests/jest/jsdom-env.cjs */
import fc from 'fast-check';
import { describe, expect, it } from '@jest/globals';
import { $cart, $shopId, addToCart } from './index';
import { reloadCart, setCartRestorer } from './cart';

describe('cart restore (property)', () => {
  it('never throws and keeps only dish/menu lines with a line id, whatever is stored', () => {
    $shopId.set('prop');
    setCartRestorer(null);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.string(),
          fc.array(fc.oneof(fc.jsonValue(), fc.record({ kind: fc.constantFrom('dish', 'menu', 'x'), lineId: fc.oneof(fc.string(), fc.integer()) }))).map((v) => JSON.stringify(v)),
        ),
        (raw) => {
          localStorage.setItem('tischlein:cart:prop', raw);
          expect(() => reloadCart()).not.toThrow();
          for (const item of $cart.get()) {
            expect(['dish', 'menu']).toContain(item.kind);
            expect(typeof item.lineId).toBe('string');
          }
          // the cart stays usable
          expect(() => addToCart({ ...({} as object), kind: 'menu', lineId: '', menuId: 'm', memberName: null, amount: 1, price: 0, deliveryType: null, subitems: [], promotion: null })).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
