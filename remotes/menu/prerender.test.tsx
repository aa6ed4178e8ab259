import { describe, expect, it } from '@jest/globals';
import { bootstrapFixture } from '@shared/api/testing';
import { dishPrice } from '@shared/pricing';
import { formatEuro } from '@shared/i18n';
import type { Dish } from '@shared/domain';
import { MAX_DISHES, renderMenuFirstView, usedCss } from './prerender';

function withDishes(n: number) {
  const b = bootstrapFixture();
  const base = b.catalog.dishes[0];
  const dishes: Dish[] = Array.from({ length: n }, (_, i) => ({ ...base, id: `d${i}`, name: `Gericht ${i}`, prices: [{ sizeId: 's1', price: 500 + i, deposit: 0 }] }));
  return { ...b, catalog: { ...b.catalog, dishes, categories: [{ ...b.catalog.categories[0], dishes: dishes.map((d) => d.id) }] } };
}

describe('renderMenuFirstView', () => {
  it('renders the first MAX_DISHES dishes with the prices the pricing gives, inside the pre-render root', () => {
    const b = withDishes(MAX_DISHES + 3);
    const html = renderMenuFirstView(b, 'https://shop.example');
    const [style, tree] = html.split('</style>');
    expect(style.startsWith('<style>')).toBe(true);
    // the key the live widget compares before it hydrates: catalog version, the period's minute, delivery type, flags, pictures' origin
    expect(b.catalogVersion).toBeUndefined();
    expect(tree.startsWith(`<div data-tl-prerender=" ${b.deliveryPeriod.dayIndex}.${b.deliveryPeriod.minOffset} delivery 1 0 https://shop.example" class="tl-root tl-menu">`)).toBe(true);
    expect(tree.match(/class="menu-dish"/g)).toHaveLength(MAX_DISHES);
    expect(tree).toContain('Gericht 0');
    expect(tree).not.toContain(`Gericht ${MAX_DISHES}<`);
    const ctx = { time: { dayIndex: b.deliveryPeriod.dayIndex, minute: b.deliveryPeriod.minOffset }, channel: 'webshop' as const, deliveryType: 'delivery' as const, groupOrderActive: false };
    const price = formatEuro(dishPrice(b.catalog, b.catalog.dishes[1], 's1', ctx).price);
    expect(tree).toContain(price);
    // the navigation still names every category
    expect(tree).toContain('href="#shop_category_c1"');
  });

  it('leaves out a category the restaurant hid (menu editor): neither in the navigation nor with its dishes', () => {
    const b = withDishes(2);
    const hidden = { ...b.catalog.categories[0], id: 'c-hidden', name: 'Versteckt', hidden: true, dishes: ['d1'] };
    const tree = renderMenuFirstView({ ...b, catalog: { ...b.catalog, categories: [{ ...b.catalog.categories[0], dishes: ['d0'] }, hidden] } }, 'https://shop.example', 10).split('</style>')[1];
    expect(tree).toContain('Gericht 0');
    expect(tree).not.toContain('Versteckt');
    expect(tree).not.toContain('shop_category_c-hidden');
    expect(tree).not.toContain('Gericht 1');
  });

  it('names the live widget\'s first chunk as preloads, last in the tree (the take-over matches children by their place)', () => {
    const b = withDishes(2);
    const plain = renderMenuFirstView(b, 'https://shop.example').split('</style>')[1];
    const tree = renderMenuFirstView(b, 'https://shop.example', MAX_DISHES, ['https://shop.example/remotes/menu/1.ab.js', 'https://shop.example/x".js']).split('</style>')[1];
    expect(plain).not.toContain('<link');
    expect(tree).toBe(
      `${plain.slice(0, -'</div>'.length)}<link rel="preload" as="script" href="https://shop.example/remotes/menu/1.ab.js"><link rel="preload" as="script" href="https://shop.example/x&quot;.js"></div>`,
    );
  });

  it('writes the shop data it was rendered from on its root, and no key on a view cut short', () => {
    const b = { ...withDishes(2), catalogVersion: '7-abc' };
    b.config = { ...b.config, flags: { ...b.config.flags, enableDishPictures: true, showDishNumbers: false } };
    b.deliveryPeriod = { ...b.deliveryPeriod, dayIndex: 2, minOffset: 615 };
    expect(renderMenuFirstView(b, 'https://a.example').split('</style>')[1]).toMatch(/^<div data-tl-prerender="7-abc 2\.615 delivery 1 0 https:\/\/a\.example" /);
    expect(renderMenuFirstView(b, 'https://a.example', 3).split('</style>')[1]).toMatch(/^<div data-tl-prerender="" /);
  });

  it('points pictures at the given origin', () => {
    const b = bootstrapFixture();
    b.catalog.dishes[0].imageName = 'pizza';
    expect(renderMenuFirstView(b, 'https://shop.example')).toContain('data-tl-src="https://shop.example/media/demo/pizza/378x192.jpg"');
  });

  it('holds its pictures back for the live widget: no src or srcset a browser would load before it', () => {
    const b = bootstrapFixture();
    b.catalog.dishes[0].imageName = 'pizza';
    const tree = renderMenuFirstView(b, 'https://shop.example').split('</style>')[1];
    expect(tree).toContain('data-tl-src="https://shop.example/media/demo/pizza/378x192.jpg" width="378" height="192"');
    expect(tree).toContain('data-tl-srcset="https://shop.example/media/demo/pizza/378x192.webp"');
    // no src and no srcset is left, and no data: placeholder either (a page's CSP may refuse it)
    expect(tree).not.toMatch(/ src=/i);
    expect(tree).not.toMatch(/ srcset=/i);
    expect(tree).not.toContain('data:');
  });

  it("shows the webshop's discounts, not the table's", () => {
    const b = withDishes(2);
    const on = (dishId: string) => ({ categories: [], dishesWithSizes: [{ dishId, sizeId: null }], menus: [] });
    b.catalog.discounts = [
      { id: 'web', kind: 'percent', value: 10, appliesTo: on('d0'), schedule: null, channel: 'all' },
      { id: 'table', kind: 'percent', value: 50, appliesTo: on('d1'), schedule: null, channel: 'dineIn' },
    ] as typeof b.catalog.discounts;
    const tree = renderMenuFirstView(b, 'https://shop.example').split('</style>')[1];
    expect(tree).toContain(formatEuro(450)); // 500 − 10 %
    expect(tree).toContain(formatEuro(501)); // no table discount in the webshop
    expect(tree).not.toContain(formatEuro(251));
  });
});

describe('usedCss', () => {
  const html = '<div class="a b"><p class="c">x</p></div>';
  it('keeps rules whose selectors name only used classes, rules without classes and other at-rules', () => {
    const css = ':host{all:initial}.a{x:1}.zz{x:2}.a .c,.zz{x:3}.a.zz{x:4}p{x:5}/* note */@keyframes k{from{x:0}to{x:1}}';
    expect(usedCss(css, html)).toBe(':host{all:initial}.a{x:1}.a .c,.zz{x:3}p{x:5}@keyframes k{from{x:0}to{x:1}}');
  });
  it('filters inside @media and drops an @media left empty', () => {
    expect(usedCss('@media (max-width:600px){.zz{x:1}.b{x:2}}@media print{.zz{x:1}}', html)).toBe('@media (max-width:600px){.b{x:2}}');
  });
});
