// Liveness and readiness (server/routes/operator.ts, ./ready.ts): /healthz answers without the database,
// /readyz says whether the database answers in time and is migrated — and with TEST_DATABASE_URL
// (.ci/postgres-tests.sh) the same on a real PostgreSQL whose database goes away.
import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { openDb, MIGRATIONS_DIR, type DbQuery } from '../db';
import { healthRoutes } from '../routes/operator';
import type { ServerContext } from '../context';
import { createTestServer } from '../testing';
import { freshPgDatabase } from '../testingPg';
import { newestMigration, readinessCheck } from './ready';

const PG_URL = process.env.TEST_DATABASE_URL;
const NOT_READY = { status: 'unavailable', message: 'Der Server ist gerade nicht bereit (keine Verbindung zur Datenbank). Bitte gleich noch einmal versuchen.' };

/** A database whose every query is counted and answered by `answer`. */
function counted(answer: () => Promise<{ rows: unknown[] }>): DbQuery & { asked: number } {
  const db = { asked: 0, query: () => { db.asked++; return answer(); } } as unknown as DbQuery & { asked: number };
  return db;
}

describe('GET /healthz and GET /readyz (the app on PGlite)', () => {
  it('healthz: 200 text "ok", no-store; readyz: 200 {"status":"ok"}; once the database is closed healthz still answers and readyz is 503', async () => {
    const s = await createTestServer({ ready: { cacheMs: 0 } });
    try {
      const live = await s.app.request('/healthz');
      expect(live.status).toBe(200);
      expect(live.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(live.headers.get('x-content-type-options')).toBe('nosniff');
      expect(live.headers.get('access-control-allow-origin')).toBeNull();
      expect(await live.text()).toBe('ok');
      const ready = await s.app.request('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ok' });
    } finally {
      await s.close();
    }
    const down = await s.app.request('/readyz');
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual(NOT_READY);
    const live = await s.app.request('/healthz');
    expect([live.status, await live.text()]).toEqual([200, 'ok']);
  }, 60_000);
});

describe('readinessCheck', () => {
  const ctxOf = (db: DbQuery) => ({ db } as unknown as ServerContext);

  it('is 503 for a database without the newest migration, and for one that does not answer within the timeout', async () => {
    const s = await createTestServer();
    try {
      const app = healthRoutes(ctxOf(s.db), { migration: '999_not_yet_written.sql' });
      const r = await app.request('/readyz');
      expect([r.status, await r.json()]).toEqual([503, NOT_READY]);
      expect((await healthRoutes(ctxOf(s.db)).request('/readyz')).status).toBe(200);
    } finally {
      await s.close();
    }
    const frozen = counted(() => new Promise(() => undefined));
    const r = await healthRoutes(ctxOf(frozen), { timeoutMs: 50, migration: '001_x.sql' }).request('/readyz');
    expect([r.status, await r.json()]).toEqual([503, NOT_READY]);
    expect(frozen.asked).toBe(1);
  }, 60_000);

  it('a flood of probes is one query per second: concurrent probes share one, an answer is reused for cacheMs', async () => {
    let t = 1000;
    const db = counted(async () => ({ rows: [{ ok: true }] }));
    const ready = readinessCheck(db, { cacheMs: 1000, clock: () => t, migration: '001_x.sql' });
    expect(await Promise.all(Array.from({ length: 50 }, () => ready()))).toEqual(Array(50).fill(true));
    expect(db.asked).toBe(1);
    t += 999;
    expect(await ready()).toBe(true);
    expect(db.asked).toBe(1);
    t += 2;
    expect(await ready()).toBe(true);
    expect(db.asked).toBe(2);
  });

  it('while a query that outlived its timeout has not come back, no second one is sent (not ready)', async () => {
    let t = 0;
    let release: (v: { rows: unknown[] }) => void = () => undefined;
    const db = counted(() => new Promise((resolve) => { release = resolve; }));
    const ready = readinessCheck(db, { cacheMs: 1000, timeoutMs: 20, clock: () => t, migration: '001_x.sql' });
    expect(await ready()).toBe(false);
    t += 5000;
    expect(await ready()).toBe(false);
    expect(db.asked).toBe(1);
    release({ rows: [{ ok: true }] });
    await new Promise((r) => setImmediate(r));
    t += 5000;
    db.query = (() => { db.asked++; return Promise.resolve({ rows: [{ ok: true }] }); }) as DbQuery['query'];
    expect(await ready()).toBe(true);
    expect(db.asked).toBe(2);
  });

  it('newestMigration is the last NNN_name.sql of server/migrations', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    expect(newestMigration()).toBe(files[files.length - 1]);
    expect(newestMigration() >= '038_outbox_failed_at.sql').toBe(true);
  });
});

(PG_URL ? describe : describe.skip)('GET /readyz on PostgreSQL', () => {
  it('200 while the database is there; 503 once it is dropped (connections cut, new ones refused); /healthz stays 200', async () => {
    const url = await freshPgDatabase(PG_URL!, 'tischlein_operator_ready');
    const db = await openDb({ databaseUrl: url, connectTimeoutMs: 1000, logError: () => undefined });
    const s = await createTestServer({ db, ready: { cacheMs: 0 } });
    try {
      const ok = await s.app.request('/readyz');
      expect([ok.status, await ok.json()]).toEqual([200, { status: 'ok' }]);
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query('DROP DATABASE tischlein_operator_ready WITH (FORCE)');
      await admin.end();
      const down = await s.app.request('/readyz');
      expect([down.status, await down.json()]).toEqual([503, NOT_READY]);
      expect((await s.app.request('/healthz')).status).toBe(200);
    } finally {
      await s.close().catch(() => undefined);
    }
  }, 60_000);
});
