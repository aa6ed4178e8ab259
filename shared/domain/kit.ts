// The building blocks every entity schema is written with, in two strengths:
// - lenient (the API boundary): unknown fields pass (the server may be ahead of the widgets),
//   only the types of named fields are checked;
// - strict (the server's data file): unknown fields are errors and values are range-checked,
//   with a message a person editing the file can act on.
// Both strengths have the same TypeScript types, so an entity's type is inferred once.
import * as v from './valibot';

type Check<T> = v.PipeItem<T, T, v.BaseIssue<unknown>>;

declare const __TISCHLEIN_LENIENT_SCHEMAS_ONLY__: boolean | undefined;
/**
 * Whether this build carries the strict strength's checks: everywhere (server, tests, shell,
 * widgets' own bundles) but the embed runtime, whose build defines __TISCHLEIN_LENIENT_SCHEMAS_ONLY__
 * (webpack.config.ts). A restaurant's page only checks API answers (lenient), so the checks, their
 * messages and valibot's strict actions stay out of it. Call sites pass `STRICT_CHECKS && [...]`:
 * where it is false the minifier drops the whole list.
 */
export const STRICT_CHECKS: boolean =
  typeof __TISCHLEIN_LENIENT_SCHEMAS_ONLY__ === 'undefined' || !__TISCHLEIN_LENIENT_SCHEMAS_ONLY__;

export interface SchemaKit {
  readonly strict: boolean;
  /** strictObject or looseObject, typed as a plain object schema (no index signature) */
  object: <E extends v.ObjectEntries>(entries: E) => v.ObjectSchema<E, undefined>;
  /** `base`, plus the checks in the strict strength (`STRICT_CHECKS && [checks]`) */
  refine: <I, O>(base: v.GenericSchema<I, O>, checks: false | Check<O>[]) => v.GenericSchema<I, O>;
  /** predicates the strict strength checks with (shop time lives in @shared/time, above this folder) */
  isHHMM: (s: string) => boolean;
  isTimeZone: (s: string) => boolean;
}

interface TimeChecks {
  isHHMM: (s: string) => boolean;
  isTimeZone: (s: string) => boolean;
}

function make(strict: boolean, time: TimeChecks): SchemaKit {
  return {
    strict,
    ...time,
    object: (STRICT_CHECKS && strict ? v.strictObject : v.looseObject) as unknown as SchemaKit['object'],
    refine: <I, O>(base: v.GenericSchema<I, O>, checks: false | Check<O>[]) =>
      STRICT_CHECKS && strict && checks && checks.length
        ? (v.pipe(base, ...(checks as [Check<O>])) as unknown as v.GenericSchema<I, O>)
        : base,
  };
}

export const lenientKit: SchemaKit = make(false, { isHHMM: () => true, isTimeZone: () => true });
/** The data file's strength; the caller brings the time checks. */
export const strictKit = (time: TimeChecks): SchemaKit => {
  if (!STRICT_CHECKS) throw new Error('strictKit: this build carries only the lenient strength (STRICT_CHECKS)');
  return make(true, time);
};

// ---- value schemas shared by the entities -------------------------------------------------

export const ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

export function valueSchemas(k: SchemaKit) {
  const str = v.string('expected a string');
  const text = k.refine(str, STRICT_CHECKS && [v.nonEmpty('expected a non-empty string')]);
  const id = k.refine(v.string('expected a string id'), STRICT_CHECKS && [v.regex(ID_PATTERN, 'expected an id of 1-64 letters, digits, . _ : -')]);
  const ids = v.optional(v.array(id, 'expected a list of ids'), () => [] as string[]);
  const optText = v.nullish(str, null);
  const bool = v.boolean('expected true or false');
  const wholeNumber = v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'));
  const count = (min: number, max = Number.MAX_SAFE_INTEGER) =>
    k.refine(
      wholeNumber as v.GenericSchema<number>,
      STRICT_CHECKS && [
        v.minValue(min, `expected a whole number >= ${min}`),
        v.maxValue(max, `expected a whole number <= ${max}`),
      ],
    );
  const cents = k.refine(
    v.pipe(v.number('expected a whole number of cents'), v.integer('expected a whole number of cents')) as v.GenericSchema<number>,
    STRICT_CHECKS && [
      v.minValue(0, 'expected a whole number of cents >= 0'),
    ],
  );
  const amount = k.refine(v.pipe(v.number('expected a number'), v.finite('expected a number')) as v.GenericSchema<number>, STRICT_CHECKS && [v.minValue(0, 'expected a number >= 0')]);
  const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item, 'expected a list'), () => [] as v.InferOutput<T>[]);
  const hhmm = k.refine(str, STRICT_CHECKS && [v.check(k.isHHMM, "expected a time 'HH:MM' (00:00-24:00)")]);
  return { str, text, id, ids, optText, bool, count, cents, amount, list, hhmm };
}
