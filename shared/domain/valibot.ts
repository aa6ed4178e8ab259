// valibot as every schema of shared/ uses it, safe from a host page's enumerable Object.prototype
// properties (`Object.prototype.size = function …`, old helper scripts): valibot walks an object
// schema's entries and checks an answer's keys with `for … in` and `in`, which see inherited
// properties too. Here the object schemas keep their entries in objects without a prototype, and
// `parse`/`safeParse` check a copy of the input made of own properties only (objects without a
// prototype, arrays as arrays). Import valibot from here, not from 'valibot', in shared/ and remotes/.
// (Named exports, no `export *`: webpack resolved a namespace's `v.looseObject` past the local
// export to valibot's own. A function not listed here is added to the list.)
import * as base from 'valibot';

export type * from 'valibot';
export {
  array,
  boolean,
  check,
  finite,
  forward,
  getDotPath,
  integer,
  maxLength,
  maxValue,
  minLength,
  minValue,
  nonEmpty,
  nullable,
  nullish,
  number,
  optional,
  picklist,
  pipe,
  record,
  regex,
  string,
  transform,
  union,
  unknown,
} from 'valibot';

/** The entries again, in an object without a prototype: `for … in` sees only them. */
function ownEntries<E extends base.ObjectEntries>(entries: E): E {
  return Object.assign(Object.create(null) as E, entries);
}

/**
 * A copy of JSON-like data made of own properties only (plain objects without a prototype). Below
 * 64 levels (deeper than any of our schemas reads) the data stays as it is: a crafted document
 * nested 100 000 levels deep must not overflow the stack.
 */
export function ownData(data: unknown, depth = 0): unknown {
  if (depth > 64) return data;
  if (Array.isArray(data)) return data.map((x) => ownData(x, depth + 1));
  if (data === null || typeof data !== 'object') return data;
  const proto = Object.getPrototypeOf(data) as unknown;
  if (proto !== Object.prototype && proto !== null) return data; // a Date, a Map …: as it is
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(data)) out[key] = ownData((data as Record<string, unknown>)[key], depth + 1);
  return out;
}

export const object = ((entries: base.ObjectEntries, message?: never) => base.object(ownEntries(entries), message)) as typeof base.object;
export const looseObject = ((entries: base.ObjectEntries, message?: never) => base.looseObject(ownEntries(entries), message)) as typeof base.looseObject;
export const strictObject = ((entries: base.ObjectEntries, message?: never) => base.strictObject(ownEntries(entries), message)) as typeof base.strictObject;
export const objectWithRest = ((entries: base.ObjectEntries, rest: base.GenericSchema, message?: never) =>
  base.objectWithRest(ownEntries(entries), rest, message)) as unknown as typeof base.objectWithRest;

/**
 * The output as ordinary objects again: what a schema passes through unchanged (`v.unknown()`, the
 * rest of a loose object) would otherwise stay without a prototype (no `toString`, `hasOwnProperty`).
 */
function plainData<T>(data: T): T {
  if (Array.isArray(data)) data.forEach(plainData);
  else if (data !== null && typeof data === 'object' && Object.getPrototypeOf(data) === null) {
    Object.setPrototypeOf(data, Object.prototype);
    for (const value of Object.values(data)) plainData(value);
  } else if (data !== null && typeof data === 'object' && Object.getPrototypeOf(data) === Object.prototype) {
    for (const value of Object.values(data)) plainData(value);
  }
  return data;
}

export const parse = ((schema: base.GenericSchema, input: unknown, config?: never) => plainData(base.parse(schema, ownData(input), config))) as typeof base.parse;
export const safeParse = ((schema: base.GenericSchema, input: unknown, config?: never) => {
  const result = base.safeParse(schema, ownData(input), config);
  if (result.success) plainData(result.output);
  return result;
}) as typeof base.safeParse;
