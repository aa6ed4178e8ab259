import { describe, expect, it } from '@jest/globals';
import { restoreCart } from './restore';
import { catalogWith, ctxAt, dishLine, ex, menuLine, testCatalog } from '@shared/pricing/fixtures';

const opts = { ctx: ctxAt() };
const restore = (raw: unknown, o: Parameters<typeof restoreCart>[2] = opts) => restoreCart(testCatalog, raw, o);

describe('restoreCart', () => {
  it('keeps valid lines and refreshes their price and tags', () => {
    const line = dishLine('d-margherita', 's-large', 2, [ex('g-extras', 'x-mozz'), ex('g-extras', 'x-olive')], { price: 1, tags: ['pork'] });
    const r = restore([line]);
    expect(r.problems).toEqual([]);
    expect(r.items[0]).toMatchObject({ price: 1150, priceNonDiscounted: 1150, amount: 2, tags: ['vegetarian', 'cheese'] });
    expect(restore({ items: [line] }).items.length).toBe(1);
  });

  it("restore: unknown dish 'Pizza Hawaii' → 'Gericht Pizza Hawaii nicht gefunden' (name from the previous catalog)", () => {
    const prev = catalogWith({ dishes: [...testCatalog.dishes, { ...testCatalog.dishes[0], id: 'd-hawaii', name: 'Pizza Hawaii' }] });
    const r = restore([dishLine('d-hawaii', 's-small')], { ...opts, previousCatalog: prev });
    expect(r).toEqual({ items: [], problems: ['Gericht Pizza Hawaii nicht gefunden'] });
    expect(restore([dishLine('d-x', null)]).problems).toEqual(['Gericht d-x nicht gefunden']);
  });

  it("sold out (shared/ops): a dish, an extra by its ingredient, a menu's dish → '{name} ist gerade ausverkauft.'", () => {
    const pizza = dishLine('d-margherita', 's-large', 1, [ex('g-extras', 'x-mozz')]);
    expect(restore([pizza], { ...opts, soldOut: new Set(['d-margherita']) })).toEqual({ items: [], problems: ['Pizza Margherita ist gerade ausverkauft.'] });
    expect(restore([pizza], { ...opts, soldOut: new Set(['i-mozz']) }).problems).toEqual(['Mozzarella ist gerade ausverkauft.']);
    expect(restore([pizza], { ...opts, soldOut: new Set(['x-mozz']) }).problems).toEqual(['Mozzarella ist gerade ausverkauft.']);
    // other marks leave the line alone
    expect(restore([pizza], { ...opts, soldOut: new Set(['d-salami', 'i-parm']) }).items).toHaveLength(1);
  });

  it("sizes: unknown size → 'Größe {name} nicht gefunden'; missing size → 'Größe nicht gefunden'", () => {
    const prev = catalogWith({ dishes: testCatalog.dishes.map((d) => (d.id === 'd-margherita' ? { ...d, sizes: [...d.sizes, { id: 's-xl', name: 'Familie', description: null }] } : d)) });
    expect(restore([dishLine('d-margherita', 's-xl')], { ...opts, previousCatalog: prev }).problems).toEqual(['Größe Familie nicht gefunden']);
    expect(restore([dishLine('d-margherita', null)]).problems).toEqual(['Größe nicht gefunden']);
    expect(restore([dishLine('d-beer', 's-small')]).problems).toEqual(['Größe s-small nicht gefunden']);
  });

  it("groups and ingredients: 'Gruppe {name} nicht gefunden', 'Zutat {name} nicht gefunden'", () => {
    expect(restore([dishLine('d-margherita', 's-small', 1, [ex('g-old', 'x')])]).problems).toEqual(['Gruppe g-old nicht gefunden']);
    expect(restore([dishLine('d-margherita', 's-small', 1, [{ ...ex('g-extras', 'x-ananas'), itemName: 'Ananas' }])]).problems)
      .toEqual(['Zutat Ananas nicht gefunden']);
    expect(restore([dishLine('d-margherita', 's-small', 1, [], { without: ['i-mozz'] })]).problems).toEqual(['Zutat Mozzarella nicht gefunden']);
    expect(restore([dishLine('d-margherita', 's-small', 1, [], { without: ['i-basil'] })]).items[0]).toMatchObject({ without: ['i-basil'] });
  });

  it("groups under min or over limit reject the line ('Auswahl Soße ungültig')", () => {
    expect(restore([dishLine('d-salami', 's-small')]).problems).toEqual(['Auswahl Soße ungültig']);
    const over = [ex('g-sauce', 'x-tomato'), ex('g-sauce', 'x-cream')];
    expect(restore([dishLine('d-salami', 's-small', 1, over)]).problems).toEqual(['Auswahl Soße ungültig']);
    expect(restore([dishLine('d-salami', 's-small', 1, [ex('g-sauce', 'x-tomato')])]).items.length).toBe(1);
  });

  it('extras unavailable in the size are removed, the line stays; amounts are clamped to maxAmount', () => {
    const r = restore([dishLine('d-margherita', 's-small', 1, [ex('g-extras', 'x-gold'), ex('g-extras', 'x-mozz', 9)])]);
    expect(r.items[0].kind === 'dish' && r.items[0].extras.map((e) => [e.itemId, e.amount])).toEqual([['x-mozz', 3]]);
  });

  it("menus: unknown menu → 'Menü {name} nicht gefunden'; a subitem outside its slot drops the line", () => {
    expect(restore([{ ...menuLine(), menuId: 'm-old', menuName: 'Abendmenü' }]).problems).toEqual(['Menü Abendmenü nicht gefunden']);
    const ok = restore([menuLine(2)]);
    expect(ok.items[0]).toMatchObject({ kind: 'menu', price: 1200, amount: 2 });
    expect(restore([menuLine(1, 'd-custom')]).problems).toEqual(['Gericht Pizza nach Wahl nicht gefunden']);
    const big = menuLine();
    if (big.kind === 'menu') big.subitems[0].sizeId = 's-large';
    expect(restore([big]).problems).toEqual(['Größe Groß nicht gefunden']);
    const missing = menuLine();
    missing.subitems.pop();
    expect(restore([missing]).problems).toEqual(['Menü Mittagsmenü nicht gefunden']);
  });

  it("lines over 999900 cents → 'Ungültiges Gericht'", () => {
    expect(restore([dishLine('d-beer', null, 1e9)]).problems).toEqual(['Ungültiges Gericht']);
  });

  it('never throws on garbage and never pollutes prototypes', () => {
    const evil = JSON.parse('[{"__proto__":{"polluted":1},"dishId":"d-beer","sizeId":null,"amount":1},{"constructor":{"prototype":{"polluted":2}}}]');
    const r = restore(evil);
    expect(r.items.length).toBe(1);
    expect(r.problems).toEqual(['Gericht ? nicht gefunden']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const g of [null, undefined, 42, 'x', [null, 1, 'a', [], {}], { items: 'no' }, [{ dishId: {} }], [{ kind: 'menu', menuId: 7 }]]) {
      expect(() => restore(g)).not.toThrow();
    }
    const throwing = [new Proxy({}, { get() { throw new Error('boom'); }, getOwnPropertyDescriptor() { throw new Error('boom'); } })];
    expect(restore(throwing)).toEqual({ items: [], problems: ['Ungültiges Gericht'] });
  });

  it('gives duplicate or missing line ids fresh ones', () => {
    const a = dishLine('d-beer', null, 1, [], { lineId: 'same' });
    const b = dishLine('d-beer', null, 1, [], { lineId: 'same' });
    const ids = restore([a, b, { ...a, lineId: undefined }]).items.map((i) => i.lineId);
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe('same');
  });

  it('keeps waiter refund lines with their own price', () => {
    const r = restore([dishLine('d-beer', null, 1, [], { price: -200, promotion: 'waiter-refund' })]);
    expect(r.items[0]).toMatchObject({ price: -200, promotion: 'waiter-refund' });
  });

  it('display-only deposit extras are skipped, not reported', () => {
    const line = dishLine('d-cola', 's-05', 1, [{ groupId: 'pfand', itemId: 'pfand', itemName: 'Pfand', promotion: null, amount: 1, type: 'deposit' }]);
    const r = restore([line]);
    expect(r.problems).toEqual([]);
    expect(r.items[0]).toMatchObject({ extras: [], price: 250 });
  });

  it("a dish of a hidden category is refused like an unknown one, alone or in a set menu: 'Gericht Cola nicht gefunden'", () => {
    const hidden = catalogWith({ categories: testCatalog.categories.map((c) => (c.id === 'c-drinks' ? { ...c, hidden: true } : c)) });
    const r = restoreCart(hidden, [dishLine('d-cola', 's-05'), dishLine('d-salad', null)], opts);
    expect(r.problems).toEqual(['Gericht Cola nicht gefunden']);
    expect(r.items.map((i) => i.kind === 'dish' && i.dishId)).toEqual(['d-salad']);
    // the menu's drink slot offers a hidden dish: the whole menu line goes
    expect(restoreCart(hidden, [menuLine()], opts)).toEqual({ items: [], problems: ['Gericht Cola nicht gefunden'] });
    // the same lines in the visible catalog are fine
    expect(restore([dishLine('d-cola', 's-05'), menuLine()]).problems).toEqual([]);
  });
});
