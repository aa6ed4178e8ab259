import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb } from './db';
import { couponInstant } from './seed';
import { normalizePhone } from './phone';

describe('db', () => {
  it('applies migrations once, in order, tracked in schema_migrations', async () => {
    const db = await openDb();
    expect(await migrate(db)).toEqual(['001_init.sql', '002_orders.sql']);
    expect(await migrate(db)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'tischlein-migrations-'));
    writeFileSync(join(dir, '002_b.sql'), 'CREATE TABLE b (x int REFERENCES a(x));');
    writeFileSync(join(dir, '001_a.sql'), 'CREATE TABLE a (x int PRIMARY KEY);');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    expect(await migrate(db, dir)).toEqual(['001_a.sql', '002_b.sql']);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(['001_a.sql', '001_init.sql', '002_b.sql', '002_orders.sql']);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a failing migration is rolled back and not recorded', async () => {
    const db = await openDb();
    const dir = mkdtempSync(join(tmpdir(), 'tischlein-migrations-'));
    writeFileSync(join(dir, '001_bad.sql'), 'CREATE TABLE ok (x int); SELECT * FROM missing_table;');
    await expect(migrate(db, dir)).rejects.toThrow(/migration 001_bad.sql failed/);
    const { rows } = await db.query("SELECT to_regclass('ok') AS t");
    expect(rows[0]).toEqual({ t: null });
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('postgres adapter', () => {
  it('loads pg and fails clearly when the server is unreachable', async () => {
    await expect(openDb({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('helpers', () => {
  it('normalises phone numbers', () => {
    expect(normalizePhone('0170 1234567')).toBe('01701234567');
    expect(normalizePhone('+49 (0) 170/123 45 67')).toBe('01701234567');
    expect(normalizePhone('0049 170 1234567')).toBe('01701234567');
    expect(normalizePhone('+43 660 1234567')).toBe('+436601234567');
    expect(normalizePhone('1234')).toBeNull();
    expect(normalizePhone('hallo')).toBeNull();
  });
  it('coupon dates: a date-only validUntil includes that day', () => {
    expect(couponInstant('2025-09-30', true)).toBe('2025-10-01T00:00:00.000Z');
    expect(couponInstant('2025-09-30', false)).toBe('2025-09-30T00:00:00.000Z');
    expect(couponInstant(null, true)).toBeNull();
  });
});
