import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { csvAmount, csvText, dayReport, reportCsv, type ReportOrder } from './index';

const base = { paid: false, refused: false, refundStatus: null, vat: null } as const;
// five orders of one day, every amount written out by hand
const ORDERS: ReportOrder[] = [
  // cash delivery: 25,30 € = food 20,00 (VAT 1,31) + drinks 5,30 (VAT 0,85)
  { ...base, id: 'order-0001', numberText: 'Nr. 1', time: '11:05', type: 'delivery', paymentMethod: 'offline', paymentText: 'Barzahlung', statusText: 'Geliefert',
    total: 2530, vat: [{ rate: 7, gross: 2000, net: 1869, vat: 131 }, { rate: 19, gross: 530, net: 445, vat: 85 }] },
  // card pickup, paid online: 10,90 € food
  { ...base, id: 'order-0002', numberText: 'Nr. 2', time: '12:10', type: 'pickup', paymentMethod: 'Stripe_card', paymentText: 'Kreditkarte', statusText: 'Abgeholt', paid: true,
    total: 1090, vat: [{ rate: 7, gross: 1090, net: 1019, vat: 71 }] },
  // refused, paid online and refunded: 14,40 € (not revenue)
  { ...base, id: 'order-0003', numberText: 'Nr. 3', time: '12:30', type: 'delivery', paymentMethod: 'Stripe_card', paymentText: 'Kreditkarte', statusText: 'Abgelehnt', paid: true,
    refused: true, refundStatus: 'refunded', total: 1440, vat: [{ rate: 7, gross: 1440, net: 1346, vat: 94 }] },
  // refused, paid online, refund failed: 8,00 €
  { ...base, id: 'order-0004', numberText: 'Nr. 4', time: '13:00', type: 'pickup', paymentMethod: 'PayPal_Rest', paymentText: 'PayPal', statusText: 'Abgelehnt', paid: true,
    refused: true, refundStatus: 'failed', total: 800, vat: [{ rate: 7, gross: 800, net: 748, vat: 52 }] },
  // an older cash table order without stored VAT: 6,50 €
  { ...base, id: 'order-0005', numberText: 'Nr. 5', time: '19:45', type: 'table', paymentMethod: 'offline', paymentText: 'Barzahlung', statusText: 'Angenommen', total: 650 },
];

describe('dayReport', () => {
  it('counts orders and revenue by payment method and type, VAT per rate, refunds', () => {
    expect(dayReport('2026-11-24', ORDERS)).toEqual({
      date: '2026-11-24',
      orders: 5,
      refused: 2,
      counted: 3,
      gross: 4270, // 25,30 + 10,90 + 6,50
      vat: 287, // 1,31 + 0,85 + 0,71
      net: 3333, // 18,69 + 4,45 + 10,19
      byPayment: [
        { method: 'Stripe_card', count: 1, gross: 1090 },
        { method: 'offline', count: 2, gross: 3180 },
      ],
      byType: [
        { type: 'delivery', count: 1, gross: 2530 },
        { type: 'pickup', count: 1, gross: 1090 },
        { type: 'table', count: 1, gross: 650 },
      ],
      vatRates: [
        { rate: 7, gross: 3090, net: 2888, vat: 202 },
        { rate: 19, gross: 530, net: 445, vat: 85 },
      ],
      unsplit: 650,
      refunds: { refunded: { count: 1, gross: 1440 }, pending: { count: 0, gross: 0 }, failed: { count: 1, gross: 800 } },
    });
  });
  it('an empty day is all zeros', () => {
    expect(dayReport('2026-11-25', [])).toMatchObject({ orders: 0, counted: 0, gross: 0, vat: 0, net: 0, byPayment: [], byType: [], vatRates: [], unsplit: 0 });
  });
  it('revenue = VAT + net + unsplit, and the payment methods add up to it (property)', () => {
    const order = fc.record({
      refused: fc.boolean(),
      method: fc.constantFrom('offline', 'Stripe_card', 'PayPal_Rest'),
      type: fc.constantFrom('delivery' as const, 'pickup' as const, 'table' as const),
      food: fc.integer({ min: 0, max: 100_000 }),
      drinks: fc.integer({ min: 0, max: 100_000 }),
      split: fc.boolean(),
    });
    fc.assert(fc.property(fc.array(order, { maxLength: 30 }), (xs) => {
      const orders: ReportOrder[] = xs.map((x, i) => ({
        ...base, id: `o${i}`, numberText: '', time: '12:00', type: x.type, paymentMethod: x.method, paymentText: '', statusText: '', refused: x.refused,
        total: x.food + x.drinks,
        vat: x.split ? [{ rate: 7, gross: x.food, net: x.food - Math.round((x.food * 7) / 107), vat: Math.round((x.food * 7) / 107) }, { rate: 19, gross: x.drinks, net: x.drinks - Math.round((x.drinks * 19) / 119), vat: Math.round((x.drinks * 19) / 119) }] : null,
      }));
      const r = dayReport('2026-11-24', orders);
      return r.gross === r.vat + r.net + r.unsplit && r.byPayment.reduce((a, p) => a + p.gross, 0) === r.gross && r.byType.reduce((a, p) => a + p.gross, 0) === r.gross && r.counted + r.refused === r.orders;
    }));
  });
});

describe('reportCsv (German Excel)', () => {
  it('BOM, ; separated, decimal comma, CRLF; one line per order, then the sums', () => {
    const csv = reportCsv('2026-11-24', ORDERS);
    expect(csv.startsWith('\ufeffDatum;')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Datum;Uhrzeit;Nr.;Bestellung;Art;Zahlart;Status;Bestellwert;Umsatz brutto;USt 7 %;USt 19 %;Netto;Erstattet',
      '24.11.2026;11:05;Nr. 1;order-0001;Lieferung;Barzahlung;Geliefert;25,30;25,30;1,31;0,85;23,14;0,00',
      '24.11.2026;12:10;Nr. 2;order-0002;Abholung;Kreditkarte;Abgeholt;10,90;10,90;0,71;0,00;10,19;0,00',
      '24.11.2026;12:30;Nr. 3;order-0003;Lieferung;Kreditkarte;Abgelehnt;14,40;0,00;0,00;0,00;0,00;14,40',
      '24.11.2026;13:00;Nr. 4;order-0004;Abholung;PayPal;Abgelehnt (Erstattung fehlgeschlagen);8,00;0,00;0,00;0,00;0,00;0,00',
      '24.11.2026;19:45;Nr. 5;order-0005;Tisch;Barzahlung;Angenommen;6,50;6,50;;;;0,00',
      '',
      'Summe;;;;;;;65,10;42,70;2,02;0,85;33,33;14,40',
      '',
    ]);
  });
  it('writes amounts with a decimal comma and no thousands separator', () => {
    expect([0, 5, 80, 123450, -80, 100000000].map(csvAmount)).toEqual(['0,00', '0,05', '0,80', '1234,50', '-0,80', '1000000,00']);
  });
  it('quotes separators and defuses formulas', () => {
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('Sag "Hallo"')).toBe('"Sag ""Hallo"""');
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('+49 341')).toBe("'+49 341");
    expect(csvText('Nr. 4')).toBe('Nr. 4');
  });
});
