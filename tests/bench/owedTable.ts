// The owed mails' table on PGlite, which runs no autovacuum (server/orders/owedMails.ts, migration 037):
// every order inserts a row and the worker deletes it. Does the worker's look-up ("anything owed?") or
// its take (DELETE … ORDER BY order_seq LIMIT 20 FOR UPDATE SKIP LOCKED) slow down with the dead rows of
// the orders before? Inserts N rows, one at a time, each followed by a take (as a kick after each order
// does), and prints both statements' time every N/10 rows.
//   npx tsx tests/bench/owedTable.ts [--rows N]   (default 20,000)
import { migrate, openDb } from '../../server/db';

const TAKE = `DELETE FROM order_mails_owed WHERE order_seq IN (SELECT order_seq FROM order_mails_owed WHERE failed_at IS NULL
  ORDER BY order_seq LIMIT 20 FOR UPDATE SKIP LOCKED) RETURNING order_seq`;
const PEEK = 'SELECT 1 FROM order_mails_owed WHERE failed_at IS NULL LIMIT 1';

async function main(): Promise<void> {
  const i = process.argv.indexOf('--rows');
  const n = i >= 0 ? Number(process.argv[i + 1]) : 20_000;
  const db = await openDb();
  await migrate(db);
  const timed = async (sql: string) => {
    const t0 = performance.now();
    await db.query(sql);
    return (performance.now() - t0).toFixed(2);
  };
  console.log('| rows so far | look-up, one owed (ms) | take (ms) | look-up, none owed (ms) |\n|---:|---:|---:|---:|');
  for (let seq = 1; seq <= n; seq++) {
    await db.query('INSERT INTO order_mails_owed (order_seq, status, payment_status) VALUES ($1, $2, $3)', [seq, 'confirmed', 'on_delivery']);
    if (seq % Math.max(1, Math.floor(n / 10)) === 0) console.log(`| ${seq} | ${await timed(PEEK)} | ${await timed(TAKE)} | ${await timed(PEEK)} |`);
    else await db.query(TAKE);
  }
  await db.close();
}

void main();
