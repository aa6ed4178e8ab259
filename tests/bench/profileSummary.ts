// Sums a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<folder> of the order load bench) by
// self time: per function and per area (PGlite's WASM, PGlite's JavaScript, node_modules by package,
// our code by folder, garbage collection, idle), the top entries in percent of the profile's busy time.
//   npx tsx tests/bench/profileSummary.ts <file.cpuprofile> [--top N]
import { readFileSync } from 'node:fs';

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
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const pctOf = (us: number) => `${((us / s.total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`busy ${(s.total / 1000).toFixed(0)} ms (idle left out)\n\nby area:`);
  for (const [a, us] of s.areas.slice(0, top)) console.log(`${pctOf(us)}  ${a}`);
  console.log('\nby function (self time):');
  for (const [f, us] of s.functions.slice(0, top)) console.log(`${pctOf(us)}  ${f}`);
}
