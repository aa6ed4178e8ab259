// Leases: a job that must run once per installation runs in one process per period.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { freshPgDatabase } from '../testingPg';
import { releaseLease, runOnce, takeLease } from './lease';

const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];
const T0 = new Date('2026-11-26T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const HOUR = 3_600_000;

for (const backend of backends) {
  describe(`leases on ${backend}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = backend === 'postgres' ? await openDb({ databaseUrl: await freshPgDatabase(PG_URL!, 'tischlein_lease_test'), poolMax: 6 }) : await openDb();
      await migrate(db);
      await db.query('DELETE FROM leases');
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    it('one holder at a time; the lease passes on only after it ran out; the holder may renew it', async () => {
      expect(await takeLease(db, 'prune', 'process-a', HOUR, at(0))).toBe(true);
      expect(await takeLease(db, 'prune', 'process-b', HOUR, at(30))).toBe(false);
      expect(await takeLease(db, 'prune', 'process-a', HOUR, at(59))).toBe(true); // renewed until 1:59
      expect(await takeLease(db, 'prune', 'process-b', HOUR, at(61))).toBe(false);
      expect(await takeLease(db, 'prune', 'process-b', HOUR, at(120))).toBe(true);
      expect((await db.query<{ holder: string }>("SELECT holder FROM leases WHERE name = 'prune'")).rows[0].holder).toBe('process-b');
      await releaseLease(db, 'prune', 'process-a'); // not a's any more: nothing happens
      expect(await takeLease(db, 'prune', 'process-a', HOUR, at(121))).toBe(false);
      await releaseLease(db, 'prune', 'process-b');
      expect(await takeLease(db, 'prune', 'process-a', HOUR, at(122))).toBe(true);
    });

    it('four processes start their hourly pruning at the same moment: it runs once', async () => {
      let runs = 0;
      const ran = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((p) => runOnce(db, 'prune-startup', p, HOUR, at(0), async () => { runs++; })));
      expect(runs).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
    });
  });
}
