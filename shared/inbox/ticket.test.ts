import { describe, expect, it } from '@jest/globals';
import { ticketOf, ticketText, toPrinterAscii, wrapColumns, type TicketOrder } from './ticket';

const order: TicketOrder = {
  id: 'AbCdEfGh12',
  numberText: 'Nr. 42',
  type: 'delivery',
  typeText: 'Lieferung',
  createdTime: '12:00',
  serveAt: '19:30',
  readyTime: '19:30',
  refused: false,
  refuseReason: null,
  customer: {
    name: 'Erika Muster', phone: '0341 123456', company: '', street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', floor: '3. OG',
    messageDriver: 'Bitte klingeln', messageCook: 'Ohne Salz',
  },
  lines: [
    { name: 'Hähnchenbrust vom Grill (Klein)', amount: 2, extras: [{ name: 'Pommes frites', amount: 1 }, { name: 'Extra Käse', amount: 2 }], without: ['Zwiebeln'], allergens: ['Milch'] },
    { name: 'Cola 0,5 l', amount: 1, extras: [], without: [], allergens: [] },
  ],
  paid: false,
  paymentText: 'Bar/Karte bei Übergabe: 25,30\u00a0€',
  totalCents: 2530,
};

describe('ticketOf', () => {
  it('has the big number, type, times, guest with address, lines with extras and removals, notes, cash due, total', () => {
    expect(ticketOf(order)).toEqual({
      number: 'Nr. 42',
      orderId: 'AbCdEfGh12',
      type: 'Lieferung',
      time: 'Eingang 12:00',
      when: ['Gewünscht 19:30', 'Fertig 19:30'],
      guest: ['Erika Muster', '0341 123456', 'Augustusplatz 1', '04109 Leipzig', '3. OG'],
      lines: [
        { amount: '2×', name: 'Hähnchenbrust vom Grill (Klein)', details: ['+ Pommes frites', '+ 2× Extra Käse', 'ohne Zwiebeln'] },
        { amount: '1×', name: 'Cola 0,5 l', details: [] },
      ],
      allergens: 'Allergene: Milch',
      notes: [{ label: 'Küche', text: 'Ohne Salz' }, { label: 'Fahrer', text: 'Bitte klingeln' }],
      payment: 'Bar/Karte bei Übergabe: 25,30\u00a0€',
      paid: false,
      total: 'Summe 25,30\u00a0€',
      refused: null,
    });
  });
  it('a paid pickup: no address, BEZAHLT; a refused order says so and shows no ready time', () => {
    const t = ticketOf({ ...order, type: 'pickup', typeText: 'Abholung', paid: true, serveAt: null, refused: true, refuseReason: 'Zu viel los' });
    expect(t.guest).toEqual(['Erika Muster', '0341 123456']);
    expect(t.payment).toBe('BEZAHLT');
    expect(t.when).toEqual([]);
    expect(t.refused).toBe('ABGELEHNT: Zu viel los');
  });
  it('an order without a short number shows its id', () => {
    expect(ticketOf({ ...order, numberText: '' }).number).toBe('AbCdEfGh12');
  });
});

describe('ticketText (80 mm, 48 columns, ASCII)', () => {
  it('prints the whole ticket', () => {
    expect(ticketText(ticketOf(order))).toBe(
      [
        '================================================',
        '                 *** Nr. 42 ***',
        '                   Lieferung',
        '================================================',
        'Eingang 12:00 | Gewuenscht 19:30 | Fertig 19:30',
        'Erika Muster',
        '0341 123456',
        'Augustusplatz 1',
        '04109 Leipzig',
        '3. OG',
        '------------------------------------------------',
        '2x Haehnchenbrust vom Grill (Klein)',
        '   + Pommes frites',
        '   + 2x Extra Kaese',
        '   ohne Zwiebeln',
        '1x Cola 0,5 l',
        '------------------------------------------------',
        'Allergene: Milch',
        'Kueche: Ohne Salz',
        'Fahrer: Bitte klingeln',
        '------------------------------------------------',
        'Bar/Karte bei Uebergabe: 25,30 EUR',
        'Summe 25,30 EUR',
        'Bestellung AbCdEfGh12',
        '',
        '',
        '',
      ].join('\n'),
    );
  });
  it('keeps every line within the width, long words cut, continuation lines indented', () => {
    const long = ticketOf({ ...order, lines: [{ name: 'Sehr lange Pizza mit allem was die Küche hergibt und noch mehr dazu', amount: 1, extras: [], without: [], allergens: [] }], customer: { ...order.customer, messageCook: 'x'.repeat(60) } });
    const lines = ticketText(long).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(48);
    expect(lines).toContain('1x Sehr lange Pizza mit allem was die Kueche');
    expect(lines).toContain('   hergibt und noch mehr dazu');
    // a word longer than the line starts on a line of its own and is cut
    const at = lines.indexOf('Kueche:');
    expect(lines.slice(at, at + 3)).toEqual(['Kueche:', `  ${'x'.repeat(46)}`, `  ${'x'.repeat(14)}`]);
  });
  it('transliterates German and symbols to ASCII', () => {
    expect(toPrinterAscii('Größe: Äpfel – 3,50\u00a0€ · „Süß“')).toBe('Groesse: Aepfel - 3,50 EUR - "Suess"');
    expect(toPrinterAscii('Crème brûlée 日本')).toBe('Creme brulee ??');
  });
  it('wraps words', () => {
    expect(wrapColumns('eins zwei drei vier', 10, '', '  ')).toEqual(['eins zwei', '  drei', '  vier']);
    expect(wrapColumns('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
  });
});
