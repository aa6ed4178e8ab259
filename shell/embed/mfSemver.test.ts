// The embed build swaps runtime-core's version matching for shell/embed/mfSemver.ts (webpack.config.ts).
// It must answer as the library does for every version and range our builds write, and more.
import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import path from 'node:path';
import { satisfy } from './mfSemver';

// (the library's own file, by path: its package does not export it)
const lib = jest.requireActual<{ satisfy(v: string, r: string): boolean }>(path.join(path.dirname(require.resolve('@module-federation/runtime-core')), 'utils/semver/index.cjs'));

const num = fc.integer({ min: 0, max: 3 });
const version = fc.tuple(num, num, num).map(([a, b, c]) => `${a}.${b}.${c}`);
// (the library reads `>=0.0.0` as no comparator at all and skips its set, `>=0.0.0 || 1.0.0` then
// leaves 0.0.0 out: a quirk of its parser, and no build of ours writes `>=0.0.0`; the stand-in says yes)
const comparator = fc.tuple(fc.constantFrom('', '^', '~', '>=', '<=', '>', '<', '='), version).map(([op, v]) => op + v).filter((c) => c !== '>=0.0.0');
const set = fc.oneof(fc.array(comparator, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' ')), fc.constantFrom('*', 'x'));
const range = fc.array(set, { minLength: 1, maxLength: 2 }).map((sets) => sets.join(' || '));

describe('satisfy (the stand-in for the federation runtime version matching)', () => {
  it('answers like the library for x.y.z versions and ranges of comparators', () => {
    fc.assert(
      fc.property(version, range, (v, r) => {
        expect(satisfy(v, r)).toBe(lib.satisfy(v, r));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
  });

  it('what our builds ask: a shared library in its ^range, and the order of two versions', () => {
    expect(satisfy('19.3.1', '^19.3.1')).toBe(true);
    expect(satisfy('19.4.0', '^19.3.1')).toBe(true);
    expect(satisfy('20.0.0', '^19.3.1')).toBe(false);
    expect(satisfy('19.3.0', '^19.3.1')).toBe(false);
    expect(satisfy('0.1.5', '^0.1.0')).toBe(true);
    expect(satisfy('0.2.0', '^0.1.0')).toBe(false);
    expect(satisfy('1.0.1', '<=1.0.1')).toBe(true);
    expect(satisfy('1.0.2', '<=1.0.1')).toBe(false);
  });

  it('no version, or one it cannot read, is never in a range', () => {
    expect(satisfy('', '*')).toBe(false);
    expect(satisfy('latest', '*')).toBe(false);
    // (pre-release tags are outside what it reads: a "no" only logs a warning for a singleton)
    expect(satisfy('1.0.0-beta.2', '*')).toBe(false);
  });
});
