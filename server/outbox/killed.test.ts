// "The outbox survives a process killed mid-send (the mail goes out once, later)": a real worker
// process (server/outbox/drain.ts) claims a mail and talks to an SMTP server that accepts the
// connection and never answers; it is killed with SIGKILL. A second process sends the mail once
// its claim has run out, through an SMTP server that takes it: one message arrives.
// On PGlite (a data folder, one process at a time) always; on PostgreSQL when TEST_DATABASE_URL is set.
// The workers run as Node with tsx's loader (runTsx), not through tsx's CLI: the CLI runs the script in a child
// process, and a SIGKILL of the CLI left that child — the sender — alive. It kept the claim and the data folder
// open, and 15 s later (the SMTP greeting timeout) wrote its stale "failed, try again" over the second worker's
// "sent" (the mail would go out twice) or broke the second worker's PGlite (exit 1 under load).
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb, type Db } from '../db';
import { runTsx, type TsxProcess } from '../testingProcesses';
import { freshPgDatabase } from '../testingPg';
import { enqueueMail } from './mail';

jest.setTimeout(120_000);
const PG_URL = process.env.TEST_DATABASE_URL;
const backends = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A minimal SMTP server: 'silent' accepts and never says a word; 'ok' takes every message. */
function smtpServer(mode: 'silent' | 'ok') {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  let connected!: () => void;
  const firstConnection = new Promise<void>((r) => { connected = r; });
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => undefined);
    connected();
    if (mode === 'silent') return;
    sock.write('220 test.local ESMTP\r\n');
    let buf = '';
    let data: string[] | null = null;
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            sock.write('250 2.0.0 queued\r\n');
          } else data.push(line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250 test.local\r\n');
        else if (cmd === 'DATA') { data = []; sock.write('354 go ahead\r\n'); }
        else if (cmd === 'QUIT') { sock.write('221 bye\r\n'); sock.end(); }
        else sock.write('250 OK\r\n');
      }
    });
  });
  const listening = new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)));
  return {
    messages, firstConnection, listening,
    /** resolves once no client is connected (a killed client's socket is closed by its kernel) */
    idle: async () => {
      while (sockets.size) await new Promise((r) => setTimeout(r, 20));
    },
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

/** A worker process: server/outbox/drain.ts run by Node itself (its pid is the sender's), its output and its end. */
function drain(env: Record<string, string>, args: string[] = []): TsxProcess & { done: Promise<{ code: number | null; signal: string | null; out: string }> } {
  const p = runTsx(['server/outbox/drain.ts', ...args], env);
  const done = p.exit.then((code) => ({ code, signal: p.child.signalCode, out: p.out() }));
  return { ...p, done };
}

/** The processes `pid` started (Linux: /proc), e.g. a launcher's child. */
function childrenOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
}

for (const backend of backends) {
  describe(`a worker process killed mid-send on ${backend}`, () => {
    const dir = backend === 'pglite' ? mkdtempSync(join(tmpdir(), 'tischlein-killed-')) : null;
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('the outbox survives a process killed mid-send: the mail goes out once, later, from another process', async () => {
      const dbEnv: Record<string, string> = dir ? { DATA_DIR: dir } : { DATABASE_URL: await freshPgDatabase(PG_URL!, 'tischlein_killed_test') };
      const open = (): Promise<Db> => (dir ? openDb({ dataDir: dir }) : openDb({ databaseUrl: dbEnv.DATABASE_URL }));
      let db = await open();
      await migrate(db);
      await enqueueMail(db, { to: 'gast@example.org', subject: 'Ihre Bestellung 4711', text: 'Danke für Ihre Bestellung.' });
      await db.close(); // PGlite: one process per data folder

      const silent = smtpServer('silent');
      const ok = smtpServer('ok');
      let first: ReturnType<typeof drain> | undefined;
      try {
        first = drain({ ...dbEnv, SMTP_URL: `smtp://127.0.0.1:${await silent.listening}`, OUTBOX_LEASE_MS: '3000' });
        await Promise.race([silent.firstConnection, first.done.then((r) => { throw new Error(`the first worker ended before sending: ${r.out}`); })]);
        // the process killed is the sender itself, not a launcher whose child would live on
        expect(childrenOf(first.child.pid!)).toEqual([]);
        first.child.kill('SIGKILL');
        expect((await first.done).signal).toBe('SIGKILL');
        // gone: its connection is closed (by the kernel: it answered nothing)
        await silent.idle();

        db = await open();
        const left = (await db.query<{ status: string; attempts: number; claimed_by: string | null }>('SELECT status, attempts, claimed_by FROM outbox_mails')).rows;
        expect(left).toEqual([{ status: 'sending', attempts: 1, claimed_by: expect.any(String) }]);
        await db.close();
        expect(ok.messages).toEqual([]);

        // another process: waits (polling) until the dead claim has run out, then sends it
        const second = drain({ ...dbEnv, SMTP_URL: `smtp://127.0.0.1:${await ok.listening}`, OUTBOX_LEASE_MS: '3000' }, ['--until-sent', '1', '--wait-ms', '60000']);
        const result = await second.done;
        expect(result.code).toBe(0);
        expect(result.out.trim().split('\n').at(-1)).toBe('{"sent":1}');
        expect(ok.messages).toHaveLength(1);
        expect(ok.messages[0]).toContain('Subject: Ihre Bestellung 4711');
        expect(ok.messages[0]).toContain('To: gast@example.org');

        db = await open();
        expect((await db.query<{ status: string; attempts: number; claimed_by: string | null }>('SELECT status, attempts, claimed_by FROM outbox_mails')).rows)
          .toEqual([{ status: 'sent', attempts: 2, claimed_by: null }]);
        await db.close();
      } finally {
        // (a failed check before the kill: the worker goes with the test)
        if (first?.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
        await silent.close();
        await ok.close();
      }
    });
  });
}
