// The embed runtime's stand-in for @module-federation/runtime-core's version matching
// (utils/semver; webpack.config.ts swaps the file in the embed build only): ≈ 1.4 KB gzip less on a
// restaurant's page. The runtime asks it two things: is a shared module's version in a widget's
// `requiredVersion` (`^19.3.1`: our build writes these, webpack.config.ts `sharedConfig`), and
// `a <= b` to order two provided versions. Every shared module is a singleton, so a "no" here only
// logs a warning, it never changes which copy a widget gets. Understood: x.y.z versions and ranges
// of comparators (^ ~ >= <= > < = or none) on full x.y.z versions, joined by spaces and `||`,
// `*`/`x`/empty for any. Anything else (pre-release tags, `1.x`, `^1`, hyphen ranges) counts as
// "no": our builds write none of them. shell/embed/mfSemver.test.ts checks it answers like the library on that domain.

type Version = [number, number, number];

function parse(v: string): Version | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(v);
  return m ? [+m[1], +m[2], +m[3]] : null;
}

/** -1, 0, 1 as `a` is below, at or above `b`. */
function cmp(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/** The comparator `c` (`^1.2.3`, `<=2.0.0`, …) holds for `v`. */
function holds(v: Version, c: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(c)!;
  const r = parse(m[2]);
  if (!r) return false;
  const d = cmp(v, r);
  switch (m[1]) {
    case '>=':
      return d >= 0;
    case '<=':
      return d <= 0;
    case '>':
      return d > 0;
    case '<':
      return d < 0;
    case '~':
      return d >= 0 && v[0] === r[0] && v[1] === r[1];
    case '^':
      // the left-most non-zero part stays
      return d >= 0 && (r[0] ? v[0] === r[0] : r[1] ? v[0] === 0 && v[1] === r[1] : v[0] === 0 && v[1] === 0 && v[2] === r[2]);
    default:
      return d === 0;
  }
}

export function satisfy(version: string, range: string): boolean {
  const v = version ? parse(version) : null;
  if (!v) return false;
  return range.split('||').some((set) => {
    const cs = set.trim().replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean);
    if (!cs.length || (cs.length === 1 && (cs[0] === '*' || cs[0] === 'x'))) return true;
    return cs.every((c) => holds(v, c));
  });
}
