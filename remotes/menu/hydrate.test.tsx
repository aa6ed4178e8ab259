/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The live menu hydrates the server's first view (remotes/menu/prerender.tsx) in place: the same
// elements stay, React attaches to them; taps noted by the loader stub meanwhile are replayed.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { bootstrapFixture } from '@shared/api/testing';
import type { Dish } from '@shared/domain';
import { $bootstrap } from '@shared/stores';
import type { WidgetHost } from '@shared/widget';
import { PRERENDER_ATTR, type PrerenderRoot } from '@shared/widget/prerender';
import { hydrate } from './index';
import { renderMenuFirstView } from './prerender';

const host: WidgetHost = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: false, navigate: () => undefined };

function shopWith(n: number) {
  const b = bootstrapFixture();
  const base = b.catalog.dishes[0];
  const dishes: Dish[] = Array.from({ length: n }, (_, i) => ({ ...base, id: `d${i}`, name: `Gericht ${i}`, prices: [{ sizeId: 's1', price: 500 + i, deposit: i === 1 ? 25 : 0 }] }));
  return { ...b, catalogVersion: '3-abc', catalog: { ...b.catalog, dishes, categories: [{ ...b.catalog.categories[0], dishes: dishes.map((d) => d.id) }] } };
}

/** The page as the stub leaves it: the first view (with a preload at its end) in the menu's shadow root. */
function firstViewOnPage(b: ReturnType<typeof shopWith>) {
  const el = document.createElement('tischlein-menu');
  document.body.append(el);
  const shadow = el.attachShadow({ mode: 'open' }) as PrerenderRoot;
  // jsdom's origin (the pictures' origin the live widget uses without an API configured)
  const html = renderMenuFirstView(b, location.origin, undefined, ['https://shop.example/remotes/menu/1.ab.js']);
  shadow.innerHTML = html.split('</style>')[1];
  shadow.tlTaps = [];
  return { shadow, pre: shadow.firstElementChild as HTMLElement };
}

/** Waits for a condition, bounded by the test's timeout only (a loaded machine renders slowly). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

describe('the live menu hydrates the first view', () => {
  it('keeps the server’s elements (no mismatch), replays a noted tap on them, then shows the other dishes', async () => {
    const b = shopWith(9);
    $bootstrap.set({ status: 'ready', data: b, error: null });
    const { shadow, pre } = firstViewOnPage(b);
    const problems: unknown[] = [];
    // (the widget runs as on a page, its own transitions and timers, not inside act(): React's hint about that is no problem)
    jest.spyOn(console, 'error').mockImplementation((...a) => void (/not wrapped in act/.test(String(a[0])) || problems.push(a)));
    jest.spyOn(console, 'warn').mockImplementation((...a) => void problems.push(a));
    const first = pre.querySelector('.menu-dish__add')!;
    const heading = pre.querySelector('.menu-dish h3')!;
    expect(pre.querySelectorAll('.menu-dish')).toHaveLength(6);
    // texts side by side (' zzgl. ', '0,25 €', ' Pfand'): kept apart in the markup, or React cannot hydrate them
    expect(pre.querySelector('.menu-dish__deposit')!.textContent).toMatch(/^ zzgl\. 0,25\s€ Pfand$/);
    const tapped: string[] = [];
    first.addEventListener('click', () => tapped.push('Gericht 0'));
    shadow.tlTaps!.push(first);

    const unmount = hydrate!(pre, { host, options: {} });
    expect(unmount).toEqual(expect.any(Function));
    // the stub notes no more taps; the preload left (React hydrates the view's children only)
    expect(shadow.tlTaps).toBeUndefined();
    expect(pre.querySelector('link')).toBeNull();
    await until(() => tapped.length > 0);
    expect(pre.hasAttribute(PRERENDER_ATTR)).toBe(false);
    expect(tapped).toEqual(['Gericht 0']);
    await until(() => pre.querySelectorAll('.menu-dish').length === 9);
    // the very elements of the server's markup, now the live widget's
    expect(pre.querySelector('.menu-dish__add')).toBe(first);
    expect(pre.querySelector('.menu-dish h3')).toBe(heading);
    expect(shadow.querySelectorAll('.menu-root')).toHaveLength(1);
    expect(problems).toEqual([]);
    unmount!();
  });

  it('does not hydrate a first view rendered from another catalog version (the host then takes over)', () => {
    const b = shopWith(3);
    const { pre } = firstViewOnPage(b);
    $bootstrap.set({ status: 'ready', data: { ...b, catalogVersion: '4-def' }, error: null });
    expect(hydrate!(pre, { host, options: {} })).toBeNull();
    expect(pre.hasAttribute(PRERENDER_ATTR)).toBe(true);
    expect(pre.querySelector('link')).not.toBeNull();
  });
});
