// The kitchen's staff routes on PGlite: Star CloudPRNT printers (registered by the owner, polled by
// a simulated printer that follows Star's protocol: POST poll → GET job → DELETE confirm) and the
// 'Tagesbericht' with its CSV. Every sum is written out by hand.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPaymentRegistry } from '../payments';
import { TUESDAY_NOON, type TestServer } from '../testing';
import { cashPickupForm, pickupSubmission } from '../testingProcesses';
import { createStaffTestServer, DEMO_OWNER, JSON_HEADERS, type StaffRequest, type StaffTestServer } from '../testingStaff';
let keys = 0;

/**
 * A Star CloudPRNT printer as the protocol describes it: it POSTs its status to its server URL,
 * GETs a job when one is ready (in a media type the server offered), prints, and DELETEs with the
 * result code ('200 OK', or a 5xx when the print failed).
 */
class SimulatedPrinter {
  printed: string[] = [];
  constructor(
    private readonly s: TestServer,
    private readonly url: string,
    private readonly mac = '00:11:62:0c:12:34',
  ) {}
  private get path() {
    return new URL(this.url).pathname;
  }
  async poll(): Promise<{ status: number; body: { jobReady?: boolean; mediaTypes?: string[]; jobToken?: string } }> {
    const res = await this.s.app.request(this.path, {
      method: 'POST', headers: JSON_HEADERS,
      body: JSON.stringify({ status: '23 6 0 0 0 0 0 0 0 ', printerMAC: this.mac, statusCode: '200%20OK', printingInProgress: false, clientAction: null }),
    });
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as never) : {} };
  }
  async fetchJob(token: string, type = 'text/plain') {
    const res = await this.s.app.request(`${this.path}?uid=&type=${encodeURIComponent(type)}&mac=${encodeURIComponent(this.mac)}&token=${token}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }
  async confirm(token: string, code: string) {
    const res = await this.s.app.request(`${this.path}?mac=${encodeURIComponent(this.mac)}&code=${encodeURIComponent(code)}&token=${token}`, { method: 'DELETE' });
    return { status: res.status, body: (await res.json()) as { result?: string } };
  }
  /** One poll cycle: poll; when a job is ready fetch it, 'print' it (or fail), confirm. Returns the token. */
  async cycle(fail = false): Promise<string | null> {
    const { body } = await this.poll();
    if (!body.jobReady) return null;
    expect(body.mediaTypes).toEqual(['text/plain']);
    const job = await this.fetchJob(body.jobToken!);
    expect(job.status).toBe(200);
    if (!fail) this.printed.push(job.text);
    expect((await this.confirm(body.jobToken!, fail ? '520 Print failed' : '200 OK')).status).toBe(200);
    return body.jobToken!;
  }
}

describe('kitchen: CloudPRNT printers and the Tagesbericht', () => {
  let s: StaffTestServer;

  /** `who`: 'owner' (the demo owner), 'cook' (a staff member) or '' (no login) */
  const req = (path: string, who: 'owner' | 'cook' | '', init: StaffRequest = {}) => s.req(path, { ...init, as: who || undefined });
  /** A cash pickup order of the small grilled chicken (11,90 €) with chips (0,00 €): 11,90 € */
  const place = async (name: string, paymentMethod = 'offline') => {
    const res = await s.app.request('/api/shop/demo/order', {
      method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `kitchen-${++keys}` },
      body: JSON.stringify(pickupSubmission({ ...cashPickupForm(name, 'kueche@example.de'), paymentMethod, messageCook: 'Bitte scharf' }, { sessionId: `k-${keys}` })),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  const accept = async (id: string) => expect((await req(`/api/staff/demo/orders/${id}/accept`, 'owner', { method: 'POST', json: { minutes: 20 } })).status).toBe(200);
  const addPrinter = async (label: string, printsOn?: string) => {
    const res = await req('/api/staff/demo/printers', 'owner', { method: 'POST', json: { label, ...(printsOn ? { printsOn } : {}) } });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; url: string; printsOn: string };
  };

  beforeAll(async () => {
    // a clock that moves a second per reading: a printer registered after an order was accepted is later
    let clock = TUESDAY_NOON.getTime();
    s = await createStaffTestServer({
      orders: { payments: createPaymentRegistry({}, { simSecret: 'sim' }) },
      now: () => new Date((clock += 1000)),
      users: { owner: DEMO_OWNER, cook: { shopId: 'demo', email: 'koch@demo.example', name: 'Koch', role: 'staff', password: 'koch-passwort-123' } },
    });
    // a database of its own, the demo data, three scrypt hashes: slow on a busy machine
  }, 60_000);
  afterAll(async () => s.close());

  describe('printers', () => {
    it('only the owner registers, lists and removes printers; the secret URL is shown once and stored hashed', async () => {
      expect((await req('/api/staff/demo/printers', '', { method: 'POST', json: { label: 'Küche' } })).status).toBe(401);
      const byCook = await req('/api/staff/demo/printers', 'cook', { method: 'POST', json: { label: 'Küche' } });
      expect(byCook.status).toBe(403);
      expect((await req('/api/staff/demo/printers', 'cook')).status).toBe(403);
      const bad = await req('/api/staff/demo/printers', 'owner', { method: 'POST', json: { label: '  ' } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'invalid_body', message: 'label: Bitte dem Drucker einen Namen geben (1–80 Zeichen).' });
      const p = await addPrinter('Küche hinten');
      expect(p.printsOn).toBe('accept');
      expect(p.url).toMatch(/^http:\/\/localhost\/api\/staff\/demo\/cloudprnt\/[A-Za-z0-9_-]{43}$/);
      const token = p.url.split('/').pop()!;
      const stored = await s.db.query<{ token_hash: string }>('SELECT token_hash FROM cloudprnt_printers WHERE id = $1', [p.id]);
      expect(stored.rows[0].token_hash).not.toContain(token);
      const list = (await (await req('/api/staff/demo/printers', 'owner')).json()) as { printers: Record<string, unknown>[] };
      expect(JSON.stringify(list)).not.toContain(token);
      expect(list.printers.find((x) => x.id === p.id)).toMatchObject({ label: 'Küche hinten', printsOn: 'accept', revokedAt: null, lastPollAt: null });
      expect((await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' })).status).toBe(200);
      expect((await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' })).status).toBe(404);
      // revoked: the printer's URL is dead
      expect((await new SimulatedPrinter(s, p.url).poll()).status).toBe(404);
    });

    it('an unknown token, or a token on another shop\'s path, is a plain 404 without login', async () => {
      const p = await addPrinter('Tresen');
      const token = p.url.split('/').pop()!;
      expect((await new SimulatedPrinter(s, p.url.replace(token, 'A'.repeat(43))).poll()).status).toBe(404);
      expect((await new SimulatedPrinter(s, p.url.replace(token, 'kurz')).poll()).status).toBe(404);
      const other = [...s.data.shops.keys()].find((id) => id !== 'demo')!;
      expect((await new SimulatedPrinter(s, p.url.replace('/demo/', `/${other}/`)).poll()).status).toBe(404);
      await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
    });

    it('prints an order once it is accepted: poll → job → confirm; the next poll has no job', async () => {
      const p = await addPrinter('Küche');
      const printer = new SimulatedPrinter(s, p.url);
      expect(await printer.poll()).toEqual({ status: 200, body: { jobReady: false } });
      const id = await place('Bon Gast');
      // not accepted yet: nothing to print
      expect(await printer.cycle()).toBeNull();
      await accept(id);
      const token = await printer.cycle();
      expect(token).toMatch(/^j\d+$/);
      const number = ((await (await req(`/api/staff/demo/orders/${id}`, 'owner')).json()) as { order: { numberText: string } }).order.numberText;
      const ticket = printer.printed[0];
      expect(ticket).toContain(`*** ${number} ***`);
      expect(ticket).toContain('Abholung');
      expect(ticket).toContain('Bon Gast');
      expect(ticket).toContain('1x Haehnchenbrust vom Grill (Klein)');
      expect(ticket).toContain('   + Pommes frites');
      expect(ticket).toContain('Kueche: Bitte scharf');
      expect(ticket).toContain('Bar/Karte bei Uebergabe: 11,90 EUR');
      expect(ticket).toContain('Summe 11,90 EUR');
      expect(ticket).toContain(`Bestellung ${id}`);
      expect(Math.max(...ticket.split('\n').map((l) => l.length))).toBeLessThanOrEqual(48);
      expect(/^[\x20-\x7e\n]*$/.test(ticket)).toBe(true);
      // printed once: the next poll has nothing, the job's URL is gone
      expect(await printer.poll()).toEqual({ status: 200, body: { jobReady: false } });
      expect((await printer.fetchJob(token!)).status).toBe(404);
      const row = (await (await req('/api/staff/demo/printers', 'owner')).json()) as { printers: { id: string; printedJobs: number; openJobs: number; lastStatus: string }[] };
      expect(row.printers.find((x) => x.id === p.id)).toMatchObject({ printedJobs: 1, openJobs: 0, lastStatus: '200 OK' });
      await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
    });

    it('a failed print (non-2xx code) is offered again and printed on the next cycle; given up after 5 failures', async () => {
      const p = await addPrinter('Küche 2');
      const printer = new SimulatedPrinter(s, p.url);
      const id = await place('Papierstau');
      await accept(id);
      const first = await printer.cycle(true);
      expect(first).toMatch(/^j\d+$/);
      expect(printer.printed).toEqual([]);
      // offered again, same job
      expect(await printer.cycle()).toBe(first);
      expect(printer.printed).toHaveLength(1);
      expect(printer.printed[0]).toContain('Papierstau');
      expect(await printer.cycle()).toBeNull();

      const id2 = await place('Kein Papier');
      await accept(id2);
      const tokens: (string | null)[] = [];
      for (let i = 0; i < 5; i++) tokens.push(await printer.cycle(true));
      expect(new Set(tokens).size).toBe(1);
      expect(await printer.cycle()).toBeNull();
      const row = (await (await req('/api/staff/demo/printers', 'owner')).json()) as { printers: { id: string; failedJobs: number }[] };
      expect(row.printers.find((x) => x.id === p.id)?.failedJobs).toBe(1);
      await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
    });

    it("a printer cannot fetch or confirm another printer's job (job tokens are per printer)", async () => {
      const a = new SimulatedPrinter(s, (await addPrinter('A', 'arrival')).url);
      const bInfo = await addPrinter('B', 'arrival');
      const b = new SimulatedPrinter(s, bInfo.url);
      await place('Fremder Bon');
      const { body } = await a.poll();
      const mine = (await b.poll()).body.jobToken!;
      expect(body.jobToken).not.toBe(mine);
      expect((await b.fetchJob(body.jobToken!)).status).toBe(404);
      expect((await b.confirm(body.jobToken!, '200 OK')).status).toBe(404);
      // A's job is still there for A
      expect((await a.fetchJob(body.jobToken!)).status).toBe(200);
      while (await a.cycle());
      while (await b.cycle());
      for (const p of (await (await req('/api/staff/demo/printers', 'owner')).json() as { printers: { id: string; revokedAt: string | null }[] }).printers) {
        if (!p.revokedAt) await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
      }
    });

    it('a printer set to print on arrival prints before accept; 415 for a type it was not offered; busy printers get no job', async () => {
      const p = await addPrinter('Bar', 'arrival');
      const printer = new SimulatedPrinter(s, p.url);
      await place('Sofort drucken');
      const busy = await s.app.request(new URL(p.url).pathname, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ statusCode: '200%20OK', printingInProgress: true }) });
      expect(await busy.json()).toEqual({ jobReady: false });
      const { body } = await printer.poll();
      expect(body.jobReady).toBe(true);
      expect((await printer.fetchJob(body.jobToken!, 'application/vnd.star.starprnt')).status).toBe(415);
      expect(await printer.cycle()).toBe(body.jobToken);
      expect(printer.printed[0]).toContain('Sofort drucken');
      await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
    });

    it('an order accepted before the printer was registered is not printed; \'Bon drucken\' queues one by hand', async () => {
      const id = await place('Vorher');
      expect((await req(`/api/staff/demo/orders/${id}/print`, 'cook', { method: 'POST', json: {} })).status).toBe(409);
      await accept(id);
      const p = await addPrinter('Neu');
      const printer = new SimulatedPrinter(s, p.url);
      expect(await printer.cycle()).toBeNull();
      const res = await req(`/api/staff/demo/orders/${id}/print`, 'cook', { method: 'POST', json: {} });
      expect(await res.json()).toEqual({ queued: 1 });
      expect(await printer.cycle()).toMatch(/^j\d+$/);
      expect(printer.printed[0]).toContain('Vorher');
      expect((await req('/api/staff/demo/orders/unknown-order-id/print', 'cook', { method: 'POST', json: {} })).status).toBe(404);
      await req(`/api/staff/demo/printers/${p.id}`, 'owner', { method: 'DELETE' });
    });
  });

  describe('pre-orders', () => {
    it("a pre-order in 'Geplant' says when it moves to 'Neu' (plannedUntil: 60 minutes before its time)", async () => {
      const res = await s.app.request('/api/shop/demo/order', {
        method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `kitchen-${++keys}` },
        body: JSON.stringify(pickupSubmission({ ...cashPickupForm('Später', 'spaeter@example.de'), serveAt: '14:00' }, { sessionId: 'pre' })),
      });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { order: { id: string } }).order.id;
      const { order } = (await (await req(`/api/staff/demo/orders/${id}`, 'owner')).json()) as { order: { tab: string; plannedUntil: string | null } };
      // 14:00 in Berlin is 13:00 UTC; 60 minutes before: 12:00 UTC
      expect(order).toMatchObject({ tab: 'planned', plannedUntil: '2026-11-24T12:00:00.000Z' });
      await accept(id);
      const after = (await (await req(`/api/staff/demo/orders/${id}`, 'owner')).json()) as { order: { tab: string; plannedUntil: string | null } };
      expect(after.order).toMatchObject({ tab: 'active', plannedUntil: null });
    });
  });

  describe('Tagesbericht', () => {
    it('owner only; a bad date is a 400 in German', async () => {
      expect((await req('/api/staff/demo/report', 'cook')).status).toBe(403);
      expect((await req('/api/staff/demo/report', '')).status).toBe(401);
      const bad = await req('/api/staff/demo/report?date=2026-02-30', 'owner');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: 'invalid_date', message: 'Bitte gib einen Tag im Format JJJJ-MM-TT an.' });
    });

    it('sums the day by payment method, type and VAT rate; refused orders are not revenue; CSV for Excel', async () => {
      // a day of its own: the orders above are on 24.11.; these are placed on the 25th
      const day = new Date('2026-11-25T11:00:00Z');
      const at = `?at=${day.toISOString()}`;
      const s2 = await createStaffTestServer({ orders: { payments: createPaymentRegistry({}, { simSecret: 'sim' }) }, now: () => day, users: { owner: DEMO_OWNER } });
      try {
        const call = (path: string, json?: unknown) => s2.req(path, { as: 'owner', json });
        const order = async (name: string, paymentMethod: string) => {
          const res = await s2.app.request(`/api/shop/demo/order${at}`, {
            method: 'POST', headers: { ...JSON_HEADERS, 'Idempotency-Key': `report-${++keys}` },
            body: JSON.stringify(pickupSubmission({ ...cashPickupForm(name, 'bericht@example.de'), paymentMethod }, { sessionId: `r-${keys}` })),
          });
          expect(res.status).toBe(201);
          return ((await res.json()) as { order: { id: string } }).order.id;
        };
        // three orders of 11,90 €: cash (accepted), EC card (accepted), cash (refused)
        const a = await order('Bar', 'offline');
        const b = await order('Karte', 'offline_debit');
        const r = await order('Abgelehnt', 'offline');
        // paid online with PayPal and refused: refunded in full
        const pp = await order('PayPal', 'PayPal_Rest');
        const prep = (await (await s2.app.request(`/api/shop/demo/payment/${pp}/PayPal_Rest`, { method: 'POST', headers: JSON_HEADERS, body: '{}' })).json()) as { url: string };
        await s2.app.request(`${new URL(prep.url).pathname}/confirm`, { method: 'POST' });
        // an online order never paid is not the restaurant's
        await order('Nie bezahlt', 'PayPal_Rest');
        expect((await call(`/api/staff/demo/orders/${a}/accept`, { minutes: 15 })).status).toBe(200);
        expect((await call(`/api/staff/demo/orders/${b}/accept`, { minutes: 15 })).status).toBe(200);
        expect((await call(`/api/staff/demo/orders/${r}/refuse`, { reason: 'Zu viel los' })).status).toBe(200);
        expect((await call(`/api/staff/demo/orders/${pp}/refuse`, { reason: 'Zu viel los' })).status).toBe(200);

        const res = await call('/api/staff/demo/report');
        expect(res.status).toBe(200);
        const { report } = (await res.json()) as { report: Record<string, unknown> };
        expect(report).toEqual({
          date: '2026-11-25',
          orders: 4,
          refused: 2,
          counted: 2,
          gross: 2380,
          // 11,90 € of food at 7 %: VAT 11,90 × 7/107 = 0,7785… → 0,78, net 11,12 — twice
          vat: 156,
          net: 2224,
          byPayment: [{ method: 'offline', count: 1, gross: 1190 }, { method: 'offline_debit', count: 1, gross: 1190 }],
          byType: [{ type: 'pickup', count: 2, gross: 2380 }],
          vatRates: [{ rate: 7, gross: 2380, net: 2224, vat: 156 }],
          unsplit: 0,
          refunds: { refunded: { count: 1, gross: 1190 }, pending: { count: 0, gross: 0 }, failed: { count: 0, gross: 0 } },
        });
        // the day before has none of these
        const other = (await (await call('/api/staff/demo/report?date=2026-11-24')).json()) as { report: { orders: number } };
        expect(other.report.orders).toBe(0);

        const csv = await call('/api/staff/demo/report.csv?date=2026-11-25');
        expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(csv.headers.get('content-disposition')).toBe('attachment; filename="tagesbericht-demo-2026-11-25.csv"');
        const bytes = new Uint8Array(await csv.arrayBuffer());
        expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
        // an order id is base64url: one that begins with '-' is defused with an apostrophe in the CSV (as a formula would be)
        const cell = (id: string) => (id.startsWith('-') ? `'${id}` : id);
        expect(lines[0]).toBe('Datum;Uhrzeit;Nr.;Bestellung;Art;Zahlart;Status;Bestellwert;Umsatz brutto;USt 7 %;USt 19 %;Netto;Erstattet');
        expect(lines).toHaveLength(4 + 1 + 2 + 1);
        expect(lines[1]).toMatch(new RegExp(`^25\\.11\\.2026;12:00;Nr\\. \\d+;${cell(a)};Abholung;Barzahlung;Bestellung übermittelt;11,90;11,90;0,78;0,00;11,12;0,00$`));
        expect(lines[3]).toMatch(new RegExp(`^25\\.11\\.2026;12:00;Nr\\. \\d+;${cell(r)};Abholung;Barzahlung;Abgelehnt;11,90;0,00;0,00;0,00;0,00;0,00$`));
        expect(lines[4]).toMatch(new RegExp(`;${cell(pp)};Abholung;PayPal;Abgelehnt;11,90;0,00;0,00;0,00;0,00;11,90$`));
        expect(lines[6]).toBe('Summe;;;;;;;47,60;23,80;1,56;0,00;22,24;11,90');
        expect((await s2.app.request('/api/staff/demo/report.csv', { headers: { Cookie: s.cookies.cook } })).status).toBe(401);
      } finally {
        await s2.close();
      }
      // a second server of its own (an empty day)
    }, 90_000);
  });
});
