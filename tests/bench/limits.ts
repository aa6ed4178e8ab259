// Limits bench: what the database-backed rate limit costs. A tracking call (POST /api/platform/tr/e,
// 600 per minute per IP) counts one UPSERT in rate_counters; measured in-process through the Hono
// app on an in-memory PGlite, each call from its own IP (no 429), against the bare countHit.
// PostgreSQL too when BENCH_DATABASE_URL is set. Alone: `npx tsx tests/bench/limits.ts`.
import os from 'node:os';
import { openDb, migrate, type Db } from '../../server/db';
import { countHit } from '../../server/limits/counter';
import { createTestServer } from '../../server/testing';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function bareCounts(db: Db, label: string): Promise<void> {
  const times: number[] = [];
  const now = new Date();
  for (let i = 0; i < 2200; i++) {
    const t = performance.now();
    await countHit(db, 'bench', `198.51.${(i >> 8) & 255}.${i & 255}`, 60_000, now);
    if (i >= 200) times.push(performance.now() - t);
  }
  console.log(`countHit (${label}): p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms over 2,000 keys`);
}

export async function runLimitsBench(): Promise<void> {
  console.log(`machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`);
  const s = await createTestServer();
  const env = (i: number) => ({ incoming: { socket: { remoteAddress: `203.0.${(i >> 8) & 255}.${i & 255}`, remoteFamily: 'IPv4', remotePort: 1 } } });
  const times: number[] = [];
  for (let i = 0; i < 1200; i++) {
    const t = performance.now();
    const res = await s.app.request('/api/platform/tr/e', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"event":"x"}' }, env(i));
    if (res.status !== 200) throw new Error(`tracking ${i}: HTTP ${res.status}`);
    await res.arrayBuffer();
    if (i >= 200) times.push(performance.now() - t);
  }
  console.log(`tracking call incl. its limit (PGlite in memory, in-process): p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms over 1,000 calls`);
  await bareCounts(s.db, 'PGlite in memory');
  await s.close();
  if (process.env.BENCH_DATABASE_URL) {
    const pg = await openDb({ databaseUrl: process.env.BENCH_DATABASE_URL });
    await migrate(pg);
    await bareCounts(pg, 'PostgreSQL');
    await pg.close();
  }
}

if (process.argv[1]?.endsWith('limits.ts')) {
  runLimitsBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
