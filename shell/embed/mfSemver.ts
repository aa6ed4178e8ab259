// The embed runtime's stand-in for @module-federation/runtime-core's version matching
// (utils/semver; webpack.config.ts swaps the file in the embed build only): ≈ 1.4 KB gzip less on a
// restaurant's page. The runtime asks it two things: is a shared module's version in a widget's
// `requiredVersion` (`^19.3.1`: our build writes these, webpack.config.ts `sharedConfig`), and
// `a <= b` to order two provided versions. Every shared module is a singleton, so a "no" here only
// logs a warning, it never changes which copy a widget gets. Understood: x.y.z versions and ranges
// of comparators (^ ~ >= <= > < = or none) on full x.y.z versions, joined by spaces and `||`,
// `*`/`x`/empty for any; a pre-release tag orders below its release, as in the library. Anything
// else (`1.x`, `^1`, hyphen ranges) counts as "no". shell/embed/mfSemver.test.ts checks it answers like the library on that domain.

type Version = [number, number, number, string];

function parse(v: string): Version | null {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([\w.-]+))?(?:\+[\w.-]+)?$/.exec(v);
  return m ? [+m[1], +m[2], +m[3], m[4] ?? ''] : null;
}

/** -1, 0, 1 as `a` is below, at or above `b` (a pre-release is below its release; tags compared by their dot-separated parts). */
function cmp(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  if (a[3] === b[3]) return 0;
  if (!a[3] || !b[3]) return a[3] ? -1 : 1;
  const x = a[3].split('.');
  const y = b[3].split('.');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === undefined || y[i] === undefined) return x[i] === undefined ? -1 : 1;
    if (x[i] === y[i]) continue;
    const nx = /^\d+$/.test(x[i]);
    const ny = /^\d+$/.test(y[i]);
    if (nx && ny) return +x[i] < +y[i] ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    return x[i] < y[i] ? -1 : 1;
  }
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
