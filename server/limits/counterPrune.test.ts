// rate_counters stays bounded without a timer: a hit that opens a new window drops the rows whose
// window ended more than a day ago — at most once a minute per process (it was one more statement
// in most orders: each guest's first mail opens a window; docs/benchmarks.md).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, openDb, type Db } from '../db';
import { countHit } from './counter';

const T0 = new Date('2026-11-24T11:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const TWO_DAYS_BEFORE = new Date(T0.getTime() - 2 * 86_400_000).toISOString();

describe('pruning rate_counters', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb();
    await migrate(db);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });
  const old = (key: string) => db.query("INSERT INTO rate_counters (scope, key, window_start, count) VALUES ('test', $1, $2, 3)", [key, TWO_DAYS_BEFORE]);
  const keys = async () => (await db.query<{ key: string }>("SELECT key FROM rate_counters WHERE scope = 'test' ORDER BY key")).rows.map((r) => r.key);

  it('a new window prunes long expired rows, then not again within a minute', async () => {
    await old('alt-1');
    expect(await countHit(db, 'test', 'neu-1', 3_600_000, at(0))).toBe(1);
    expect(await keys()).toEqual(['neu-1']);
    await old('alt-2');
    // 30 s later: another new window, no prune yet
    expect(await countHit(db, 'test', 'neu-2', 3_600_000, at(30))).toBe(1);
    expect(await keys()).toEqual(['alt-2', 'neu-1', 'neu-2']);
    // a hit in a running window never prunes
    expect(await countHit(db, 'test', 'neu-1', 3_600_000, at(61))).toBe(2);
    expect(await keys()).toEqual(['alt-2', 'neu-1', 'neu-2']);
    // a minute after the last prune, the next new window prunes again
    expect(await countHit(db, 'test', 'neu-3', 3_600_000, at(61))).toBe(1);
    expect(await keys()).toEqual(['neu-1', 'neu-2', 'neu-3']);
  });
});
