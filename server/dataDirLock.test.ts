import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, LOCK_NAME, lockDataDir } from './dataDirLock';
import { migrate, openDb } from './db';
import { outputMatch, runTsx } from './testingProcesses';

describe('one process per PGlite data folder (lockDataDir)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tischlein-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first holds the folder, with a message that says what to do', async () => {
    const release = await lockDataDir(dir);
    const second = lockDataDir(dir, { waitMs: 0 });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`the data folder ${dir} is in use by another process`);
    await expect(second).rejects.toThrow('stop the other one first, or use PostgreSQL (DATABASE_URL)');
    await release();
    const again = await lockDataDir(dir, { waitMs: 0 });
    await again();
  });

  it('a waiting process gets the folder as soon as the holder lets it go', async () => {
    const release = await lockDataDir(dir);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const waiting = lockDataDir(dir, { waitMs: 10_000 });
      // it said that it waits (once), then the holder ends
      while (warn.mock.calls.length === 0) await new Promise((r) => setTimeout(r, 20));
      expect(String(warn.mock.calls[0][0])).toContain(`the data folder ${dir} is locked by another process: waiting up to 10 s`);
      await release();
      const got = await waiting;
      await got();
    } finally {
      warn.mockRestore();
    }
  });

  it('takes over the lock of a process that died (not renewed for longer than the stale time)', async () => {
    // a killed holder leaves its lock directory behind, no longer renewed
    mkdirSync(join(dir, LOCK_NAME));
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(join(dir, LOCK_NAME), minuteAgo, minuteAgo);
    const release = await lockDataDir(dir, { waitMs: 0 });
    await release();
  });

  it('does not take over a lock renewed a moment ago', async () => {
    mkdirSync(join(dir, LOCK_NAME));
    await expect(lockDataDir(dir, { waitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
  });
});

describe('openDb on a PGlite data folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tischlein-lock-db-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused while another holder has the folder, and the folder is free again once the database is closed', async () => {
    const release = await lockDataDir(dir);
    await expect(openDb({ dataDir: dir, lockWaitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
    await release();
    const db = await openDb({ dataDir: dir, lockWaitMs: 0 });
    await expect(lockDataDir(dir, { waitMs: 0 })).rejects.toBeInstanceOf(DataDirInUseError);
    await db.close();
    const again = await lockDataDir(dir, { waitMs: 0 });
    await again();
  }, 60_000);

  it('`npm run shop` started beside a process that has the folder waits for it and runs once it is closed', async () => {
    const db = await openDb({ dataDir: dir });
    await migrate(db);
    const cli = runTsx(['server/shops/cli.ts', 'list'], { DATA_DIR: dir });
    try {
      await outputMatch('the waiting CLI', cli, /is locked by another process: waiting up to 18 s/);
      // still waiting: it has not opened the folder
      expect(cli.child.exitCode).toBeNull();
      await db.close();
      expect(await cli.exit).toBe(0);
    } finally {
      cli.child.kill();
      await db.close();
    }
  }, 90_000);
});
