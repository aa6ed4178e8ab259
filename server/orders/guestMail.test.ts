// The guest's order confirmation: queued with a cash order, with an online order only once paid;
// its content (amounts and VAT worked out by hand from the demo data) and its escaping.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { createTestServer, type TestServer } from '../testing';

function line(lineId: string, dishId: string, sizeId: string | null): CartItem {
  return { kind: 'dish', lineId, dishId, sizeId, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
}

// Pizza Margherita 32 cm 10,90 € (food) and Coca-Cola 0,33 l 2,50 € + 0,25 € Pfand (drink), picked up
const ITEMS = [line('l1', 'pizza-margherita', 'p32'), line('l2', 'cola', 'l033')];

function submission(form: Record<string, unknown> = {}) {
  return {
    formValues: {
      salutation: '', name: 'Erika Muster', street: '', streetNumber: '', zip: '', city: '', email: 'erika@example.de', phone: '0341 123456',
      messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '', ...form,
    },
    orderItems: ITEMS, couponCode: null, sessionId: `sess-${Math.random()}`, userId: null, groupOrderId: null, acceptAdvertising: false,
    useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false, selectedFreeItems: [],
    confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], legalAccepted: true, pickupConfirmed: true,
  };
}

interface MailRow { to_address: string; subject: string; text_body: string; html_body: string }

describe('the guest’s order confirmation', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await createTestServer();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const place = async (form: Record<string, unknown> = {}) => {
    const res = await s.app.request('/api/shop/demo/order', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(submission(form)) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { order: { id: string } }).order.id;
  };
  // the outbox worker renders an order's mails (server/orders/owedMails.ts): its step first
  const guestMails = async (id: string) => {
    await s.renderMails();
    return (await s.db.query<MailRow>('SELECT to_address, subject, text_body, html_body FROM outbox_mails WHERE dedupe_key = $1', [`order-guest:${id}`])).rows;
  };

  it('a cash order: number, date, lines, total, VAT per rate, the restaurant with its VAT id, payment method, withdrawal note, terms', async () => {
    const id = await place();
    const mails = await guestMails(id);
    expect(mails).toHaveLength(1);
    const m = mails[0];
    expect(m.to_address).toBe('erika@example.de');
    expect(m.subject).toBe(`Deine Bestellung bei Trattoria Tischlein – Nr. 1, Bestellnummer ${id}`);
    const t = m.text_body.replace(/\u00a0/g, ' ');
    expect(t).toContain(`Bestellnummer: ${id}`);
    expect(t).toContain('Bestelldatum: 24.11.2026, 12:00 Uhr'); // TUESDAY_NOON in Berlin
    expect(t).toContain('Bestellart: Abholung, so schnell wie möglich');
    expect(t).toContain('1× Pizza Margherita (32 cm)  10,90 €');
    expect(t).toContain('1× Coca-Cola (0,33 l)  2,50 €');
    expect(t).toContain('Pfand: 0,25 €');
    expect(t).toContain('Gesamtbetrag: 13,65 €');
    // 7 %: 10,90 € → 10,90 · 7 / 107 = 0,7131 → 0,71 €; 19 %: 2,50 + 0,25 = 2,75 € → 2,75 · 19 / 119 = 0,4391 → 0,44 €
    expect(t).toContain('7 % USt. auf 10,90 € (netto 10,19 €): 0,71 €');
    expect(t).toContain('19 % USt. auf 2,75 € (netto 2,31 €): 0,44 €');
    expect(t).toContain('Zahlungsart: Barzahlung (Zahlung bei Übergabe)');
    expect(t).toContain('Für Speisen, die für Deine Bestellung zubereitet werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 2 BGB).');
    expect(t).toContain('Trattoria Tischlein\n  Gottschedstraße 12\n  04109 Leipzig');
    expect(t).toContain('USt-IdNr.: DE123456789');
    expect(t).toContain('Allgemeine Bestellbedingungen:\nMit deiner Bestellung schließt du einen Vertrag mit der Trattoria Tischlein (Demo).');
    // the HTML part says the same, its title the subject with the day's number
    expect(m.html_body).toContain(`<title>Deine Bestellung bei Trattoria Tischlein – Nr. 1, Bestellnummer ${id}</title>`);
    expect(m.html_body).toContain('19 % USt. auf 2,75');
    expect(m.html_body).toContain('USt-IdNr.: DE123456789');
    // the VAT is stored with the order (the mail of a later payment reads it from there)
    const pricing = (await s.db.query<{ pricing: { vat: unknown } }>('SELECT pricing FROM orders WHERE id = $1', [id])).rows[0].pricing;
    expect(pricing.vat).toEqual({
      parts: [{ rate: 7, gross: 1090, net: 1019, vat: 71 }, { rate: 19, gross: 275, net: 231, vat: 44 }], gross: 1365, vat: 115, net: 1250,
    });
  });

  it('escapes what the guest typed in the HTML part', async () => {
    const id = await place({ name: '<img src=x onerror=alert(1)> Erika', salutation: '"><script>x</script>' });
    const [m] = await guestMails(id);
    expect(m.html_body).not.toContain('<img src=x');
    expect(m.html_body).not.toContain('<script>');
    expect(m.html_body).toContain('&lt;img src=x onerror=alert(1)&gt; Erika');
    expect(m.text_body).toContain('Hallo "><script>x</script> <img src=x onerror=alert(1)> Erika,'); // plain text stays as typed
  });

  it('an online order: no confirmation while the payment is open, one once it is paid', async () => {
    const id = await place({ paymentMethod: 'PayPal_Rest' });
    expect(await guestMails(id)).toHaveLength(0);
    const prep = await s.app.request(`/api/shop/demo/payment/${id}/PayPal_Rest`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ returnUrl: 'https://trattoria.example/danke' }) });
    const { url } = (await prep.json()) as { url: string };
    expect((await s.app.request(`${new URL(url).pathname}/confirm`, { method: 'POST' })).status).toBe(303);
    const mails = await guestMails(id);
    expect(mails).toHaveLength(1);
    const t = mails[0].text_body.replace(/\u00a0/g, ' ');
    expect(t).toContain('Zahlungsart: PayPal (Bezahlt)');
    expect(t).toContain('Gesamtbetrag: 13,65 €');
    expect(t).toContain('7 % USt. auf 10,90 € (netto 10,19 €): 0,71 €');
  });

  it('a flood of cash orders with one address: every order stands, the address gets 10 confirmations an hour', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await place({ email: 'Opfer@Example.de' }));
    // the worker renders the twelve in one batch: the address counted twelve times, its first ten mails go
    expect(await s.renderMails()).toBe(12);
    const { rows } = await s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox_mails WHERE lower(to_address) = 'opfer@example.de' AND dedupe_key LIKE 'order-guest:%'",
    );
    expect(rows[0].n).toBe(10);
    const orders = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE id = ANY($1)', [ids]);
    expect(orders.rows[0].n).toBe(12);
  });
});
