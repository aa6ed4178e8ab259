// Delivers the due mails of the outbox once, in a process of its own, and exits (an operator's
// tool after an SMTP outage; the tests kill it mid-send): DATABASE_URL (or DATA_DIR), SMTP_URL.
// Each pass first renders the orders' owed mails (server/orders/owedMails.ts), as the server's worker does.
//   tsx server/outbox/drain.ts [--until-sent N] [--wait-ms MS]
// Without --until-sent it runs one pass; with it, it keeps claiming (every 200 ms, at most
// --wait-ms, default 30 s) until N mails went out — e.g. until a dead sender's lease has run out.
// OUTBOX_LEASE_MS shortens the lease (tests).
import { openDb } from '../db';
import { renderOwedMails } from '../orders/owedMails';
import { createShopRepository } from '../shops/repository';
import { processMails, smtpTransport } from './mail';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const { DATABASE_URL, DATA_DIR, SMTP_URL, OUTBOX_LEASE_MS } = process.env;
  if (!SMTP_URL) throw new Error('SMTP_URL is not set');
  const db = await openDb(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR });
  const transport = await smtpTransport(SMTP_URL);
  const owed = { db, shops: createShopRepository(db), now: () => new Date() };
  const until = Number(arg('until-sent') ?? 0);
  const deadline = Date.now() + Number(arg('wait-ms') ?? 30_000);
  let sent = 0;
  try {
    do {
      while (await renderOwedMails(owed)) { /* the next batch */ }
      sent += await processMails(db, transport, { leaseMs: OUTBOX_LEASE_MS ? Number(OUTBOX_LEASE_MS) : undefined });
      if (sent >= until) break;
      await new Promise((r) => setTimeout(r, 200));
    } while (Date.now() < deadline);
  } finally {
    await db.close();
  }
  console.log(JSON.stringify({ sent }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
