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
  const out: T[] = [];
  // (null and undefined throw a TypeError here, as with the built-in)
  if (typeof (items as Iterable<T>)[Symbol.iterator] === 'function') for (const value of items as Iterable<T>) out.push(value);
  else for (let i = 0, n = (items as ArrayLike<T>).length; i < n; i++) out.push((items as ArrayLike<T>)[i]);
  return map ? out.map((value, i) => map.call(thisArg, value, i)) : (out as unknown as U[]);
}
