import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import * as plain from 'valibot';
import * as v from './valibot';
import { CatalogSchema } from './catalog';

// A host page's old helper script: enumerable properties on Object.prototype.
const proto = Object.prototype as Record<string, unknown>;

describe('valibot for shared/: a host page with enumerable Object.prototype properties', () => {
  beforeEach(() => {
    proto.size = function (this: object) {
      return Object.keys(this).length;
    };
    proto.toJSONString = function (this: object) {
      return JSON.stringify(this);
    };
  });
  afterEach(() => {
    delete proto.size;
    delete proto.toJSONString;
  });

  const catalog = {
    categories: [{ id: 'c1', name: 'Pizza' }],
    dishes: [{ id: 'd1', name: 'Margherita', category: 'c1', prices: [{ sizeId: null, price: 750 }] }],
    menus: [{ id: 'm1', name: 'Mittagsmenü', price: 990, slots: [{ id: 's1', name: 'Pizza', dishes: ['d1'] }] }],
  };

  it('plain valibot breaks there: it walks inherited entries and reads inherited keys', () => {
    expect(() => plain.parse(plain.looseObject({ name: plain.string() }), { name: 'x' })).toThrow();
  });

  it("our object schemas read only their own entries and the data's own keys", () => {
    const schema = v.looseObject({ name: v.string(), size: v.nullish(v.string(), null) });
    expect(v.parse(schema, { name: 'x' })).toEqual({ name: 'x', size: null });
    expect(v.safeParse(schema, { name: 'x', size: 'Groß' }).output).toEqual({ name: 'x', size: 'Groß' });
  });

  it('the catalog validates, and a menu slot without a size gets null, not the page’s function', () => {
    const res = v.safeParse(CatalogSchema, catalog);
    expect(res.issues).toBeUndefined();
    expect(res.success).toBe(true);
    const slot = (res.output as { menus: { slots: { size: unknown }[] }[] }).menus[0].slots[0];
    expect(slot.size).toBeNull();
  });
});

describe('what a schema passes through', () => {
  it('comes out as ordinary objects (with a prototype), though it was checked as own data', () => {
    const schema = v.looseObject({ order: v.optional(v.unknown()) });
    const out = v.parse(schema, { order: { id: 'o1', lines: [{ n: 1 }] }, extra: { a: 1 } }) as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(out.order)).toBe(Object.prototype);
    expect(Object.getPrototypeOf((out.order.lines as object[])[0])).toBe(Object.prototype);
    expect(Object.getPrototypeOf(out.extra)).toBe(Object.prototype);
    expect(String(out.order)).toBe('[object Object]');
  });
});

describe('ownData', () => {
  it('copies JSON-like data into objects without a prototype, arrays stay arrays', () => {
    const copy = v.ownData({ a: [{ b: 1 }], c: null }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Array.isArray(copy.a)).toBe(true);
    expect(Object.getPrototypeOf((copy.a as object[])[0])).toBeNull();
    expect(JSON.stringify(copy)).toBe('{"a":[{"b":1}],"c":null}');
    const when = new Date(0);
    expect(v.ownData({ when }) as Record<string, unknown>).toEqual(expect.objectContaining({ when }));
  });
});
