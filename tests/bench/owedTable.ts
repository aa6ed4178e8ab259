// The owed mails' table on PGlite, which runs no autovacuum (server/orders/owedMails.ts, migration 037):
// every order inserts a row, the worker claims it (an UPDATE) and deletes it. Do the worker's statements
// slow down with the dead rows of the orders before? Inserts N rows one at a time, each followed by a
// worker run (as the kick after each order does; the rows have no order, so the run claims and deletes
// them without mails), and prints every N/10 rows the run's time with one row owed and with none.
//   npx tsx tests/bench/owedTable.ts [--rows N]   (default 20,000)
import { migrate, openDb } from '../../server/db';
import { renderOwedMails } from '../../server/orders/owedMails';

async function main(): Promise<void> {
  const i = process.argv.indexOf('--rows');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 20_000;
  const db = await openDb();
  await migrate(db);
  const ctx = { db, shops: { getShop: async () => null }, now: () => new Date() };
  const run = async () => {
    const t0 = performance.now();
    await renderOwedMails(ctx, { logError: () => undefined });
    return (performance.now() - t0).toFixed(2);
  };
  console.log('| rows so far | a run, one row owed (ms) | a run, none owed (ms) |\n|---:|---:|---:|');
  for (let seq = 1; seq <= n; seq++) {
    await db.query('INSERT INTO order_mails_owed (order_seq, status, payment_status) VALUES ($1, $2, $3)', [seq, 'confirmed', 'on_delivery']);
    if (seq % Math.max(1, Math.floor(n / 10)) === 0) console.log(`| ${seq} | ${await run()} | ${await run()} |`);
    else await renderOwedMails(ctx, { logError: () => undefined });
  }
  await db.close();
}

void main();
