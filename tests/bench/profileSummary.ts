// Sums a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<folder> of the order load bench) by
// self time: per function and per area (PGlite's WASM, PGlite's JavaScript, node_modules by package,
// our code by folder, garbage collection, idle), the top entries in percent of the profile's busy time.
//   npx tsx tests/bench/profileSummary.ts <file.cpuprofile> [--top N] [--after placeOrder] [--skip-ms 3000]
// --after F: only the samples from F's first sample on (e.g. placeOrder: the server's start, its
// migrations and the template's load left out), --skip-ms N: and the first N ms after it (the warm-up).
// PGlite's WASM functions are named where its module exports them (its export section: about half of
// the WASM time in an order's profile); the rest stay `wasm-function[N]`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** PGlite's WASM functions by index, from the module's export section (the names it exports). */
export function wasmExportNames(file = join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')): Map<number, string> {
  const b = readFileSync(file);
  const names = new Map<number, string>();
  let at = 8;
  const leb = () => {
    let r = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = b[at++];
      r += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return r;
  };
  while (at < b.length) {
    const id = b[at++];
    const size = leb();
    const end = at + size;
    if (id === 7) {
      for (let n = leb(); n > 0; n--) {
        const length = leb();
        const name = b.subarray(at, at + length).toString();
        at += length;
        const kind = b[at++];
        const index = leb();
        if (kind === 0) names.set(index, name);
      }
    }
    at = end;
  }
  return names;
}

/** The samples from the first one inside `fn` on, without the first `skipMs` after it. */
export function window(profile: Profile, fn: string, skipMs = 0): Profile {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inside = (id: number) => {
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) if (byId.get(x)?.callFrame.functionName === fn) return true;
    return false;
  };
  let t = 0;
  const times = profile.timeDeltas.map((d) => (t += d));
  const first = profile.samples.findIndex((id) => inside(id));
  if (first < 0) return { ...profile, samples: [], timeDeltas: [] };
  const from = times[first] + skipMs * 1000;
  const keep = times.map((time) => time >= from);
  return { ...profile, samples: profile.samples.filter((_, i) => keep[i]), timeDeltas: profile.timeDeltas.filter((_, i) => keep[i]) };
}

/** The area a sampled function belongs to. */
export function areaOf(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)') return 'idle';
  if (fn === '(program)') return 'V8 / native (program)';
  if (/^wasm:\/\//.test(url) || /wasm-function/.test(fn)) return 'PGlite (WASM)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1] === '@electric-sql/pglite' ? 'PGlite (JavaScript)' : nm[1];
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const ours = /\/(server|shared)\/(?:([^/]+)\/)?/.exec(url);
  if (ours) return `${ours[1]}/${ours[2] && !ours[2].includes('.') ? ours[2] : ''}`;
  return url ? 'other' : `(${fn || 'anonymous'})`;
}

export function summarise(profile: Profile): { total: number; areas: [string, number][]; functions: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const area = areaOf(url, functionName);
    if (area === 'idle') continue;
    total += us;
    areas.set(area, (areas.get(area) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|server|shared)\//, '$1/')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { total, areas: sorted(areas), functions: sorted(functions) };
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx tests/bench/profileSummary.ts <file.cpuprofile> [--top N]');
  const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 30;
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const after = arg('after');
  const profile = after ? window(raw, after, Number(arg('skip-ms') ?? 0)) : raw;
  const names = wasmExportNames();
  for (const n of profile.nodes) {
    const index = /^wasm-function\[(\d+)\]$/.exec(n.callFrame.functionName)?.[1];
    const name = index === undefined ? undefined : names.get(Number(index));
    if (name) n.callFrame = { ...n.callFrame, functionName: `${n.callFrame.functionName} ${name}` };
  }
  const s = summarise(profile);
  const pctOf = (us: number) => `${((us / s.total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`busy ${(s.total / 1000).toFixed(0)} ms (idle left out)\n\nby area:`);
  for (const [a, us] of s.areas.slice(0, top)) console.log(`${pctOf(us)}  ${a}`);
  console.log('\nby function (self time):');
  for (const [f, us] of s.functions.slice(0, top)) console.log(`${pctOf(us)}  ${f}`);
}
