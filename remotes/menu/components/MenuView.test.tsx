/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The menu renders each dish in a component of its own, so that React's first render of a long
// menu (a transition, shared/widget/mount.tsx) can pause between dishes and let the restaurant's
// page run. Order, not time: each dish's price label costs 2 ms here, and a task the page queues
// as the first label is computed runs before the last one is.
import { describe, expect, it, jest } from '@jest/globals';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrapFixture } from '@shared/api/testing';
import { pricingContext } from '@shared/pricing';

let labels = 0;
let seenByPage: Promise<number> | null = null;
jest.mock('@shared/pricing', () => {
  const actual = jest.requireActual<typeof import('@shared/pricing')>('@shared/pricing');
  return {
    ...actual,
    dishDiscountLabel: (...args: Parameters<typeof actual.dishDiscountLabel>) => {
      if (!seenByPage) seenByPage = new Promise((resolve) => setTimeout(() => resolve(labels), 0));
      const end = performance.now() + 2;
      while (performance.now() < end) {
        /* a slow phone */
      }
      labels += 1;
      return actual.dishDiscountLabel(...args);
    },
  };
});

// (after the mock: the view takes the mocked pricing)
const { MenuView } = jest.requireActual<typeof import('./MenuView')>('./MenuView');

describe('MenuView', () => {
  it('renders dish by dish: the page gets a turn before 60 dishes are done', async () => {
    const b = bootstrapFixture();
    const base = b.catalog.dishes[0];
    const dishes = Array.from({ length: 60 }, (_, i) => ({ ...base, id: `d${i}`, name: `Gericht ${i}` }));
    const catalog = { ...b.catalog, dishes, categories: [{ ...b.catalog.categories[0], dishes: dishes.map((d) => d.id) }] };
    const ctx = pricingContext({ time: { dayIndex: 1, minute: 720 }, deliveryType: 'delivery' });
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el);
    const noop = () => undefined;
    startTransition(() =>
      root.render(
        <MenuView
          catalog={catalog} config={b.config} ctx={ctx} showPictures={false} showNumbers={false} filters={[]} query=""
          onFilters={noop} onQuery={noop} onScroll={noop} onDish={noop} onInfo={noop} onMenu={noop} onOffer={noop}
        />,
      ),
    );
    await new Promise<void>((resolve) => {
      const poll = () => (seenByPage ? resolve() : setTimeout(poll, 1));
      poll();
    });
    expect(await seenByPage).toBeLessThan(60);
    await new Promise<void>((resolve) => {
      const poll = () => (el.querySelectorAll('.menu-dish').length === 60 ? resolve() : setTimeout(poll, 5));
      poll();
    });
    expect(el.querySelectorAll('.menu-dish')).toHaveLength(60);
    root.unmount();
  });
});
