// One process per PGlite data folder. Two processes on one folder (a server, and `npm run shop` or the
// outbox's drain tool started beside it; two servers started by mistake) would each write the folder
// from their own copy of the database and overwrite each other's writes. The first process takes a
// lock in the folder; a second one waits for it and is refused with a clear message.
//
// The lock is proper-lockfile's: a directory created atomically (mkdir), its modification time
// renewed every few seconds by the holder. A holder that died (killed, a crash, a container
// restarted) stops renewing it, so its lock counts as stale after LOCK_STALE_MS and the next process
// takes it over — no process ids, which a restarted container or another machine on a shared
// volume would give again.
import { join } from 'node:path';

/** The lock's directory inside the data folder (PostgreSQL ignores what it does not know there). */
export const LOCK_NAME = 'tischlein.lock';
/** A lock not renewed for this long belongs to a process that is gone. */
export const LOCK_STALE_MS = 15_000;
/** The holder renews its lock this often. */
export const LOCK_UPDATE_MS = 3_000;
/** How long a second process waits for the lock by default: long enough for a dead holder's lock to go stale. */
export const LOCK_WAIT_MS = LOCK_STALE_MS + 3_000;

export class DataDirInUseError extends Error {
  constructor(readonly dir: string) {
    super(
      `the data folder ${dir} is in use by another process (a running server, \`npm run shop\` or the outbox's ` +
        'drain tool): one process per PGlite folder — stop the other one first, or use PostgreSQL (DATABASE_URL) ' +
        'for several processes',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLockOptions {
  /** How long to wait for another process's lock (default LOCK_WAIT_MS); 0 = refuse at once. */
  waitMs?: number;
  /**
   * The lock was lost while held (it could not be renewed, or another process took it over after the
   * holder's event loop stood still for LOCK_STALE_MS). Default: log and end the process at once —
   * another process may be writing the folder now, so this one must not write another byte.
   */
  onCompromised?: (err: Error) => void;
}

/** Takes the folder's lock; resolves to its release. Rejects with DataDirInUseError while another process holds it. */
export async function lockDataDir(dir: string, opts: DataDirLockOptions = {}): Promise<() => Promise<void>> {
  const { lock } = await import('proper-lockfile');
  const waitMs = opts.waitMs ?? LOCK_WAIT_MS;
  const step = 500;
  const take = (retries: number) =>
    lock(dir, {
      lockfilePath: join(dir, LOCK_NAME),
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      retries: retries > 0 ? { retries, factor: 1, minTimeout: step, maxTimeout: step } : 0,
      onCompromised: opts.onCompromised ?? ((err) => {
        console.error(`[tischlein] lost the lock of the data folder ${dir} (${err.message}): stopping at once, another process may write it now`);
        process.exit(1);
      }),
    });
  try {
    try {
      return await take(0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED' || waitMs <= 0) throw e;
      console.warn(`[tischlein] the data folder ${dir} is locked by another process: waiting up to ${Math.round(waitMs / 1000)} s (a process that just ended leaves its lock for ${LOCK_STALE_MS / 1000} s)`);
      return await take(Math.ceil(waitMs / step));
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw e;
  }
}
