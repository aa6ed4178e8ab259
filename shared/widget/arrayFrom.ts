// `Array.from` as the language defines it, for the widgets' bundles on foreign pages: the build
// puts this function in place of every `Array.from` in our code and in our libraries (the
// federation runtime, React …; webpack.config.ts, ProvidePlugin). Some host pages replace the
// global one: MooTools 1.5 (older Joomla sites) wraps anything that is not array-like, e.g. a
// Map's values, in a one-element array, and the federation runtime then fails to start.
// Uses only the iteration protocol (for … of) and indices, which such pages leave alone.

export function arrayFrom<T, U = T>(
  items: Iterable<T> | ArrayLike<T>,
  map?: (value: T, index: number) => U,
  thisArg?: unknown,
): U[] {
  if (items == null) throw new TypeError('Array.from: items is null or undefined');
  const out: U[] = [];
  const put = (value: T) => out.push(map ? map.call(thisArg, value, out.length) : (value as unknown as U));
  if (typeof (items as Iterable<T>)[Symbol.iterator] === 'function') {
    for (const value of items as Iterable<T>) put(value);
    return out;
  }
  const list = Object(items) as ArrayLike<T>;
  const length = Math.min(Math.max(Math.trunc(Number(list.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < length; i++) put(list[i]);
  return out;
}
