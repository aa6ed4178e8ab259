/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The cart's pricing arrives after the page starts (a chunk loaded on first use): until then the
// stored lines are kept as stored and nothing is priced; when it arrives, the stored cart goes
// through the engine's restore and the lines it drops are reported.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { bootstrapFixture } from '@shared/api/testing';
import type { Bootstrap, Catalog } from '@shared/domain';
import { dishLine, testCatalog } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $cartProblems, $orderTotals, $shopId } from './index';
import { loadCartEngine } from './order';

function boot(shopId: string, catalog: Catalog): Bootstrap {
  const b = bootstrapFixture();
  return { ...b, config: { ...b.config, id: shopId }, catalog };
}

beforeEach(() => {
  localStorage.clear();
});

describe('the cart engine loaded on first use', () => {
  it('keeps stored lines until it arrives, then restores them and reports what it drops', async () => {
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([dishLine('d-fries', null), dishLine('d-gibt-es-nicht', null)]));
    $shopId.set('demo');
    $bootstrap.set({ status: 'ready', data: boot('demo', testCatalog), error: null });
    // not there yet: both lines as stored, no problems, no totals
    expect($cart.get()).toHaveLength(2);
    expect($cartProblems.get()).toEqual([]);
    expect($orderTotals.get()).toBeNull();
    // the lines themselves asked for it; here we wait for it
    await loadCartEngine();
    expect($cart.get().map((l) => (l.kind === 'dish' ? l.dishId : ''))).toEqual(['d-fries']);
    expect($cartProblems.get()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('tischlein:cart:demo') ?? '[]')).toHaveLength(1);
    expect($orderTotals.get()?.lines).toHaveLength(1);
  });
});
