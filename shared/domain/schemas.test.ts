import { afterEach, describe, expect, it, jest } from '@jest/globals';
import * as v from 'valibot';
import { catalogSchemas, CatalogSchema } from './catalog';
import { lenientKit, strictKit } from './kit';
import { shopSchemas } from './shop';

const strict = catalogSchemas(strictKit({ isHHMM: (s) => /^\d\d:\d\d$/.test(s), isTimeZone: (z) => z === 'Europe/Berlin' }));
const dish = { id: 'd1', name: 'Margherita', category: 'c1', prices: [{ sizeId: null, price: 750 }] };

describe('one schema per entity, two strengths', () => {
  it('fills the same defaults in both strengths', () => {
    const lenient = v.parse(catalogSchemas(lenientKit).Dish, dish);
    expect(lenient).toEqual(v.parse(strict.Dish, dish));
    expect(lenient.prices[0]).toEqual({ sizeId: null, price: 750, deposit: 0 });
    expect(lenient.isDrink).toBe(false);
  });

  it('lenient keeps unknown fields; strict names them with their path', () => {
    const withExtra = { categories: [], dishes: [{ ...dish, spicyLevel: 3 }] };
    expect(v.parse(CatalogSchema, withExtra).dishes[0]).toMatchObject({ spicyLevel: 3 });
    const res = v.safeParse(strict.Catalog, withExtra);
    expect(res.success).toBe(false);
    const issue = res.issues![0];
    expect(v.getDotPath(issue)).toBe('dishes.0.spicyLevel');
  });

  it('range checks only in the strict strength', () => {
    const odd = { ...dish, id: 'd 1', name: '', prices: [{ sizeId: null, price: -5 }] };
    expect(v.safeParse(catalogSchemas(lenientKit).Dish, odd).success).toBe(true);
    const messages = v.safeParse(strict.Dish, odd, { abortPipeEarly: true }).issues!.map((i) => `${v.getDotPath(i)}: ${i.message}`);
    expect(messages).toEqual([
      'id: expected an id of 1-64 letters, digits, . _ : -',
      'name: expected a non-empty string',
      'prices.0.price: expected a whole number of cents >= 0',
    ]);
  });

  it('wrong types fail in both strengths', () => {
    const bad = { ...dish, prices: [{ sizeId: null, price: '7,50' }] };
    expect(v.safeParse(catalogSchemas(lenientKit).Dish, bad).success).toBe(false);
    expect(v.safeParse(strict.Dish, bad).success).toBe(false);
  });

  it('the shop configuration checks times and zones only when strict', () => {
    const lenientShop = shopSchemas(lenientKit);
    const strictShop = shopSchemas(strictKit({ isHHMM: (s) => /^\d\d:\d\d$/.test(s), isTimeZone: (z) => z === 'Europe/Berlin' }));
    const entry = { dayIndex: 0, from: '11 Uhr', to: '22:00' };
    expect(v.safeParse(lenientShop.TimetableEntry, entry).success).toBe(true);
    expect(v.safeParse(strictShop.TimetableEntry, entry).issues?.[0].message).toBe("expected a time 'HH:MM' (00:00-24:00)");
  });
});

describe('STRICT_CHECKS (the embed runtime carries only the lenient strength)', () => {
  const flag = '__TISCHLEIN_LENIENT_SCHEMAS_ONLY__';
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[flag];
  });
  function loadKit(): typeof import('./kit') {
    let kit!: typeof import('./kit');
    jest.isolateModules(() => {
      kit = jest.requireActual('./kit');
    });
    return kit;
  }

  it('without the build flag (server, tests, widgets) the strict strength checks ranges', () => {
    const kit = loadKit();
    expect(kit.STRICT_CHECKS).toBe(true);
    const count = kit.valueSchemas(kit.strictKit({ isHHMM: () => true, isTimeZone: () => true })).count(0, 6);
    expect(v.safeParse(count, 7).issues?.[0].message).toBe('expected a whole number <= 6');
  });

  it('with the flag the lenient strength is unchanged and a strict kit is refused, not silently weak', () => {
    (globalThis as Record<string, unknown>)[flag] = true;
    const kit = loadKit();
    expect(kit.STRICT_CHECKS).toBe(false);
    const lenient = kit.valueSchemas(kit.lenientKit);
    expect(v.safeParse(lenient.count(0, 6), 7).success).toBe(true);
    expect(v.safeParse(lenient.count(0, 6), 'sieben').success).toBe(false);
    expect(() => kit.strictKit({ isHHMM: () => true, isTimeZone: () => true })).toThrow(/only the lenient strength/);
  });
});
