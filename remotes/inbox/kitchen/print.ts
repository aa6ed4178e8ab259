// Printing the kitchen ticket through the browser. The staff app lives in a shadow root, and a
// page prints as a whole: so the ticket is put into a print root of its own in the light DOM,
// next to <tischlein-inbox>, and a print style sheet (adopted by the document: no inline styles,
// the page's CSP holds) shows only that root on paper (80 mm roll, 72 mm printable) and hides it
// on screen. The last ticket stays there until the next one; nothing of it is visible on screen.
import { ticketOf, type Ticket, type TicketOrder } from '@shared/inbox';

export const PRINT_ROOT_ID = 'tischlein-print';

const PRINT_CSS = `
@media screen { #${PRINT_ROOT_ID} { display: none !important; } }
@media print {
  @page { margin: 3mm; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not(#${PRINT_ROOT_ID}) { display: none !important; }
  #${PRINT_ROOT_ID} { display: block !important; width: 72mm; color: #000; font: 11pt/1.3 system-ui, sans-serif; }
  #${PRINT_ROOT_ID} * { color: #000 !important; background: none !important; }
  .tk__number { font-size: 30pt; font-weight: 800; text-align: center; margin: 0; line-height: 1.1; }
  .tk__type { font-size: 16pt; font-weight: 700; text-align: center; margin: 0 0 1mm; text-transform: uppercase; }
  .tk__refused { font-size: 14pt; font-weight: 800; border: 2px solid #000; padding: 1mm; margin: 1mm 0; }
  .tk__time { font-weight: 700; margin: 0; }
  .tk__guest, .tk__meta { margin: 0; }
  .tk__rule { border: 0; border-top: 1px dashed #000; margin: 2mm 0; }
  .tk__lines { list-style: none; margin: 0; padding: 0; }
  .tk__line { margin: 0 0 1.5mm; font-size: 13pt; font-weight: 700; }
  .tk__details { list-style: none; margin: 0; padding: 0 0 0 5mm; font-size: 11pt; font-weight: 400; }
  .tk__note { font-weight: 700; margin: 0 0 1mm; }
  .tk__pay { font-size: 14pt; font-weight: 800; margin: 1mm 0 0; }
  .tk__total { font-size: 14pt; font-weight: 800; margin: 0; }
  .tk__id { font-size: 8pt; margin: 1mm 0 0; }
}`;

let sheet: CSSStyleSheet | null = null;

function root(): HTMLElement {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(PRINT_CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  let el = document.getElementById(PRINT_ROOT_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = PRINT_ROOT_ID;
    document.body.appendChild(el);
  }
  return el;
}

function el(tag: string, className: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The ticket as DOM (text only: nothing the guest typed becomes markup). */
export function ticketElement(t: Ticket): HTMLElement {
  const a = el('article', 'tk');
  a.setAttribute('aria-label', `Bon ${t.number}`);
  a.append(el('p', 'tk__number', t.number), el('p', 'tk__type', t.type));
  if (t.refused) a.append(el('p', 'tk__refused', t.refused));
  a.append(el('p', 'tk__time', [t.time, ...t.when].join(' · ')));
  for (const g of t.guest) a.append(el('p', 'tk__guest', g));
  a.append(el('hr', 'tk__rule'));
  const ul = el('ul', 'tk__lines');
  for (const l of t.lines) {
    const li = el('li', 'tk__line', `${l.amount} ${l.name}`);
    if (l.details.length) {
      const d = el('ul', 'tk__details');
      for (const x of l.details) d.append(el('li', '', x));
      li.append(d);
    }
    ul.append(li);
  }
  a.append(ul, el('hr', 'tk__rule'));
  if (t.allergens) a.append(el('p', 'tk__note', t.allergens));
  for (const n of t.notes) a.append(el('p', 'tk__note', `${n.label}: ${n.text}`));
  if (t.allergens || t.notes.length) a.append(el('hr', 'tk__rule'));
  a.append(el('p', 'tk__pay', t.payment), el('p', 'tk__total', t.total), el('p', 'tk__id', `Bestellung ${t.orderId}`));
  return a;
}

/** Prints the order's ticket (the browser's print dialog, or straight to the printer in kiosk printing). */
export function printTicket(order: TicketOrder): void {
  root().replaceChildren(ticketElement(ticketOf(order)));
  window.print();
}

const AUTO_PRINT_KEY = 'tischlein:auto-print';

/** This device's setting: print the ticket when an order is accepted here. */
export function autoPrint(): boolean {
  try {
    return localStorage.getItem(AUTO_PRINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setAutoPrint(on: boolean): void {
  try {
    if (on) localStorage.setItem(AUTO_PRINT_KEY, '1');
    else localStorage.removeItem(AUTO_PRINT_KEY);
  } catch {
    // private mode: the setting lasts as long as the page
  }
}
