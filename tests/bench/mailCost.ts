// The CPU of one outbox mail on the folder transport (the development server's on PostgreSQL, and
// nodemailer's MIME work is the SMTP transport's too): the two real mails of an order of 10 lines
// (the guest's confirmation and the restaurant's), written N times each by server/outbox/mail.ts's
// folderTransport, one after the other as the worker sends them. Prints the process's CPU per mail
// and of it the main thread's (/proc: libuv's pool writes the files).
//   npx tsx tests/bench/mailCost.ts [--mails N]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { folderTransport } from '../../server/outbox/mail';
import { createTestServer } from '../../server/testing';
import { TEN_LINES } from './order';
import { cpuMs, mainThreadCpuMs } from './serverProcess';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function runMailCostBench(): Promise<void> {
  const n = Number(argValue('mails')) || 1000;
  const s = await createTestServer();
  let mails: { to_address: string; subject: string; text_body: string; html_body: string | null }[];
  try {
    await s.update((d) => { d.settings!.set('demo', { shopId: 'demo', email: 'kueche@demo.example', orderWebhookUrl: null, driverCodes: [], couponMails: [], tables: [] }); });
    const body = {
      formValues: { salutation: '', name: 'Bench', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'gast@example.de', phone: '0341 1', messageDriver: '', messageCook: '', floor: '', company: '', paymentMethod: 'offline', isPickup: false, serveAt: '' },
      orderItems: TEN_LINES, sessionId: 'mail-cost', legalAccepted: true,
    };
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'mail-cost' }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`order: HTTP ${res.status} ${await res.text()}`);
    // the order owes its mails; the outbox worker's render step queues them (server/orders/owedMails.ts)
    await s.renderMails();
    mails = (await s.db.query<{ to_address: string; subject: string; text_body: string; html_body: string | null }>('SELECT to_address, subject, text_body, html_body FROM outbox_mails ORDER BY id')).rows;
  } finally {
    await s.close();
  }
  const dir = mkdtempSync(join(os.tmpdir(), 'tischlein-mailcost-'));
  try {
    const t = folderTransport(dir);
    const send = (i: number) => {
      const m = mails[i % mails.length];
      return t.send({ id: i, from: 'Tischlein <bestellung@tischlein.localhost>', to: m.to_address, subject: m.subject, text: m.text_body, html: m.html_body });
    };
    for (let i = 0; i < 200; i++) await send(i); // warm-up: the JIT, nodemailer's modules
    const cpu0 = cpuMs(process.pid);
    const main0 = mainThreadCpuMs(process.pid);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await send(i);
    const wall = performance.now() - t0;
    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${mails.length} mails of an order (${mails.map((m) => `${m.text_body.length} + ${m.html_body?.length ?? 0} characters`).join(', ')}), ${n} sends`);
    console.log(`| process CPU per mail | of it main thread | wall per mail |`);
    console.log(`|---:|---:|---:|`);
    console.log(`| ${((cpuMs(process.pid) - cpu0) / n).toFixed(3)} ms | ${((mainThreadCpuMs(process.pid) - main0) / n).toFixed(3)} ms | ${(wall / n).toFixed(3)} ms |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runMailCostBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
