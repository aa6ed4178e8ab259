// The kitchen ticket ('Bon') of an order, pure: what is on it (ticketOf), and the same as plain
// text for a receipt printer (ticketText: 48 columns for 80 mm paper, ASCII only). The staff app
// prints the first through the browser; the CloudPRNT endpoint sends the second to Star printers.
// One ticket, two renderings: what the kitchen reads is the same on both.
import { formatEuro } from '@shared/i18n';

/** What a ticket needs of an order (the staff API's order: server/staff/orders.ts staffOrder). */
export interface TicketOrder {
  id: string;
  numberText: string;
  type: 'delivery' | 'pickup' | 'table';
  typeText: string;
  createdTime: string;
  serveAt: string | null;
  readyTime: string | null;
  refused: boolean;
  refuseReason: string | null;
  customer: {
    name: string; phone: string; company: string; street: string; streetNumber: string; zip: string; city: string; floor: string;
    messageDriver: string; messageCook: string;
  };
  lines: { name: string; amount: number; extras: { name: string; amount: number }[]; without: string[]; allergens: string[] }[];
  paid: boolean;
  paymentText: string;
  totalCents: number;
}

export interface TicketLine {
  amount: string;
  name: string;
  /** '+ Pommes frites', 'ohne Zwiebeln' */
  details: string[];
}

export interface Ticket {
  /** 'Nr. 42' (the long id when the order has no short number) */
  number: string;
  orderId: string;
  /** 'Lieferung', 'Abholung', 'Tisch 4' */
  type: string;
  /** 'Eingang 12:00' */
  time: string;
  /** 'Gewünscht 19:30', 'Fertig 12:30' */
  when: string[];
  /** name, phone; for a delivery the address */
  guest: string[];
  lines: TicketLine[];
  /** 'Allergene: Gluten, Milch' (null when none) */
  allergens: string | null;
  notes: { label: string; text: string }[];
  /** 'BEZAHLT' or 'Bar/Karte bei Übergabe: 12,50 €' */
  payment: string;
  paid: boolean;
  /** 'Summe 12,50 €' */
  total: string;
  /** 'ABGELEHNT: Zu viel los' on a refused order's ticket */
  refused: string | null;
}

export const TICKET_TEXTS = {
  print: 'Bon drucken',
  autoPrint: 'Bon beim Annehmen automatisch drucken (dieses Gerät)',
  received: (hhmm: string) => `Eingang ${hhmm}`,
  wanted: (hhmm: string) => `Gewünscht ${hhmm}`,
  ready: (hhmm: string) => `Fertig ${hhmm}`,
  cook: 'Küche',
  driver: 'Fahrer',
  allergens: 'Allergene',
  without: 'ohne',
  paid: 'BEZAHLT',
  total: (euro: string) => `Summe ${euro}`,
  refused: (reason: string) => `ABGELEHNT: ${reason}`,
} as const;

export function ticketOf(o: TicketOrder): Ticket {
  const c = o.customer;
  const guest = [c.name, c.phone].filter(Boolean);
  if (o.type === 'delivery') {
    guest.push(...[c.company, `${c.street} ${c.streetNumber}`.trim(), `${c.zip} ${c.city}`.trim(), c.floor].filter(Boolean));
  }
  const allergens = [...new Set(o.lines.flatMap((l) => l.allergens))];
  return {
    number: o.numberText || o.id,
    orderId: o.id,
    type: o.typeText,
    time: TICKET_TEXTS.received(o.createdTime),
    when: [...(o.serveAt ? [TICKET_TEXTS.wanted(o.serveAt)] : []), ...(o.readyTime && !o.refused ? [TICKET_TEXTS.ready(o.readyTime)] : [])],
    guest,
    lines: o.lines.map((l) => ({
      amount: `${l.amount}×`,
      name: l.name,
      details: [
        ...l.extras.map((x) => `+ ${x.amount > 1 ? `${x.amount}× ` : ''}${x.name}`),
        ...(l.without.length ? [`${TICKET_TEXTS.without} ${l.without.join(', ')}`] : []),
      ],
    })),
    allergens: allergens.length ? `${TICKET_TEXTS.allergens}: ${allergens.join(', ')}` : null,
    notes: [
      ...(c.messageCook ? [{ label: TICKET_TEXTS.cook, text: c.messageCook }] : []),
      ...(c.messageDriver ? [{ label: TICKET_TEXTS.driver, text: c.messageDriver }] : []),
    ],
    payment: o.paid ? TICKET_TEXTS.paid : o.paymentText,
    paid: o.paid,
    total: TICKET_TEXTS.total(formatEuro(o.totalCents)),
    refused: o.refused ? TICKET_TEXTS.refused(o.refuseReason ?? '') : null,
  };
}

/** Columns of 80 mm paper in the printer's standard font (Star: 48 at 12×24 dots). */
export const TICKET_COLUMNS = 48;

const ASCII: Record<string, string> = {
  ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', '€': 'EUR', '×': 'x', '–': '-', '—': '-', '„': '"', '“': '"', '”': '"',
  '‚': "'", '‘': "'", '’': "'", '…': '...', '\u00a0': ' ', '·': '-',
};

/**
 * Plain ASCII for a receipt printer: a plain-text job prints in the printer's own code page,
 * which differs between models; transliterated German ('Haehnchen') reads right on every one.
 */
export function toPrinterAscii(s: string): string {
  return s
    .replace(/[^\x20-\x7e]/g, (ch) => ASCII[ch] ?? (ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '?') || '?'))
    .replace(/\s+/g, ' ');
}

/**
 * Breaks text into lines of at most `width` columns (a word longer than a line is cut): the first
 * line starts with `first`, the others with `rest`.
 */
export function wrapColumns(text: string, width: number, first = '', rest = first): string[] {
  const out: string[] = [];
  let line = '';
  const prefix = () => (out.length ? rest : first);
  for (const word of text.split(' ').filter(Boolean)) {
    let w = word;
    while (w.length > width - prefix().length) {
      if (line) {
        out.push(prefix() + line);
        line = '';
      }
      const room = width - prefix().length;
      out.push(prefix() + w.slice(0, room));
      w = w.slice(room);
    }
    if (!w) continue;
    if (!line) line = w;
    else if (prefix().length + line.length + 1 + w.length <= width) line += ` ${w}`;
    else {
      out.push(prefix() + line);
      line = w;
    }
  }
  if (line) out.push(prefix() + line);
  return out;
}

/** The ticket as plain text, `width` columns, ASCII, lines ending in '\n' (ends with a blank line for the cut). */
export function ticketText(t: Ticket, width = TICKET_COLUMNS): string {
  const a = (s: string) => toPrinterAscii(s);
  const rule = '='.repeat(width);
  const center = (s: string) => {
    const x = a(s).slice(0, width);
    return `${' '.repeat(Math.max(0, Math.floor((width - x.length) / 2)))}${x}`;
  };
  const wrap = (s: string, first = '', rest = first) => wrapColumns(a(s), width, first, rest);
  const lines: string[] = [rule, center(`*** ${t.number} ***`), center(t.type), rule];
  if (t.refused) lines.push(...wrap(t.refused), '');
  lines.push(...wrap([t.time, ...t.when].join(' | ')));
  for (const g of t.guest) lines.push(...wrap(g));
  lines.push('-'.repeat(width));
  for (const l of t.lines) {
    lines.push(...wrap(`${l.amount} ${l.name}`, '', '   '));
    for (const d of l.details) lines.push(...wrap(d, '   ', '     '));
  }
  lines.push('-'.repeat(width));
  if (t.allergens) lines.push(...wrap(t.allergens));
  for (const n of t.notes) lines.push(...wrap(`${n.label}: ${n.text}`, '', '  '));
  if (t.allergens || t.notes.length) lines.push('-'.repeat(width));
  lines.push(...wrap(t.payment), ...wrap(t.total), ...wrap(`Bestellung ${t.orderId}`), '', '', '');
  return lines.map((l) => l.replace(/\s+$/, '')).join('\n');
}
