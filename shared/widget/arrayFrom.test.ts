import { afterEach, describe, expect, it } from '@jest/globals';
import { arrayFrom } from './arrayFrom';

const nativeFrom = Array.from;

describe("arrayFrom: Array.from as the language defines it, whatever the host page did to the global", () => {
  afterEach(() => {
    Array.from = nativeFrom;
  });

  it('takes iterables: a Set, a Map and its values, a generator, a string', () => {
    expect(arrayFrom(new Set(['a', 'b']))).toEqual(['a', 'b']);
    expect(arrayFrom(new Map([['k', 1]]))).toEqual([['k', 1]]);
    expect(arrayFrom(new Map([['k', 1], ['l', 2]]).values())).toEqual([1, 2]);
    expect(
      arrayFrom(
        (function* () {
          yield 3;
          yield 4;
        })(),
      ),
    ).toEqual([3, 4]);
    expect(arrayFrom('äb')).toEqual(['ä', 'b']);
  });

  it('takes array-likes by their length, and maps with the index', () => {
    expect(arrayFrom({ length: 3, 0: 'x', 2: 'z' })).toEqual(['x', undefined, 'z']);
    expect(arrayFrom({ length: 2 }, (_, i) => i * 10)).toEqual([0, 10]);
    expect(arrayFrom([5, 6], function (this: { add: number }, v, i) { return v + i + this.add; }, { add: 100 })).toEqual([105, 107]);
    expect(arrayFrom({ length: -1 })).toEqual([]);
    expect(arrayFrom({} as ArrayLike<number>)).toEqual([]);
    expect(arrayFrom({ length: 'x' } as unknown as ArrayLike<number>)).toEqual([]);
    // no holes: the map sees every index
    expect(arrayFrom({ length: 3 }, (_, i) => i)).toEqual([0, 1, 2]);
  });

  it('throws on null and undefined, as the native one does', () => {
    expect(() => arrayFrom(null as never)).toThrow(TypeError);
    expect(() => arrayFrom(undefined as never)).toThrow(TypeError);
  });

  it("still works after a page replaced Array.from the way MooTools 1.5 does", () => {
    // MooTools 1.5.2's Array.from: array-likes sliced, anything else wrapped in a one-element array
    Array.from = function (item: unknown) {
      if (item == null) return [];
      const arrayLike = typeof (item as { length?: unknown }).length === 'number' && typeof item !== 'function';
      return arrayLike && typeof item !== 'string' ? Array.prototype.slice.call(item) : [item];
    } as typeof Array.from;
    const values = new Map([['a', { name: 'plugin' }]]).values();
    expect(Array.from(new Map([['a', 1]]).values())).toHaveLength(1); // the broken one: [iterator]
    expect(arrayFrom(values)).toEqual([{ name: 'plugin' }]);
    expect(arrayFrom(new Set([1, 2, 3]))).toEqual([1, 2, 3]);
  });
});
