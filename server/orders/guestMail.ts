// The guest's own order confirmation (§312i(1) Nr. 3 and §312f(2) BGB): owed in the transaction that
// makes the order binding for the restaurant — a cash order's insert, an online order's 'paid'
// (server/orders/notify.ts) — and rendered and queued by the outbox worker (./owedMails.ts). Order number, date, lines, prices, total, the
// VAT per rate the order was priced with (shared/cartpricing orderVat, stored in orders.pricing),
// the restaurant's name, address and VAT id, the payment method, the withdrawal note and the terms
// as text. Plain text plus HTML; every value in the HTML goes through hono/html's escaping.
import { orderNumberText } from '@shared/inbox';
import { html } from 'hono/html';
import type { PaymentMethod, ShopConfig } from '@shared/domain';
import type { VatBreakdown } from '@shared/cartpricing';
import { CHECKOUT_UI, legalPages, PAYMENT_STATUS_TEXTS } from '@shared/checkout';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import type { MailMessage } from '../outbox/mail';
import type { ShopRecord } from '../shops/repository';
import type { StoredOrder } from './read';

export interface GuestMailShop {
  config: Pick<ShopConfig, 'restaurantName' | 'restaurantStreet' | 'restaurantZip' | 'restaurantCity' | 'phone' | 'pages' | 'timeZone'> & { contactEmail?: string | null };
  vatId: string | null;
}

export interface GuestMail {
  subject: string;
  text: string;
  html: string;
}

const pct = (rate: number) => `${rate} %`;

// toLocale…String builds a new formatter at each call (≈ 0.25 ms): one pair per time zone, kept
const dateFormats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The order's date and time in the shop's time zone: '26.11.2026, 12:34 Uhr'. */
export function orderDate(createdAt: Date | string, timeZone: string): string {
  const d = new Date(createdAt);
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat('de-DE', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('de-DE', { timeZone, hour: '2-digit', minute: '2-digit' }),
    };
    dateFormats.set(timeZone, f);
  }
  return `${f.date.format(d)}, ${f.time.format(d)} Uhr`;
}

interface Row {
  label: string;
  amount: string;
}

/** The mail's parts, once; text and HTML render the same facts. */
function facts(o: StoredOrder, shop: GuestMailShop, vat: VatBreakdown | null) {
  const c = o.customer as Record<string, string>;
  const cfg = shop.config;
  const method = PAYMENT_METHOD_NAMES[o.payment_method as PaymentMethod] ?? o.payment_method;
  const kind = o.delivery_type === 'delivery' ? 'Lieferung' : 'Abholung';
  const when = o.serve_at ? `um ${o.serve_at} Uhr` : 'so schnell wie möglich';
  const head: Row[] = [
    { label: 'Bestellnummer', amount: o.id },
    { label: 'Bestelldatum', amount: orderDate(o.created_at, cfg.timeZone || 'Europe/Berlin') },
    { label: 'Bestellart', amount: `${kind}, ${when}` },
    ...(o.delivery_type === 'delivery'
      ? [{ label: 'Lieferadresse', amount: `${c.street} ${c.streetNumber}${c.floor ? `, ${c.floor}` : ''}, ${c.zip} ${c.city}` }]
      : []),
    { label: 'Zahlungsart', amount: `${method} (${PAYMENT_STATUS_TEXTS[o.payment_status] ?? o.payment_status})` },
  ];
  const lines = o.lines.map((l) => ({
    label: `${l.amount}× ${l.name}`,
    amount: formatEuro(l.total),
    extras: l.extras.map((x) => `${x.amount > 1 ? `${x.amount}× ` : ''}${x.name}`),
  }));
  const totals: Row[] = [
    { label: CHECKOUT_UI.subtotal, amount: formatEuro(o.subtotal) },
    ...(o.discount ? [{ label: CHECKOUT_UI.discount, amount: `−${formatEuro(o.discount)}` }] : []),
    ...(o.coupon_amount ? [{ label: `${CHECKOUT_UI.coupon} ${o.coupon_code ?? ''}`.trim(), amount: `−${formatEuro(o.coupon_amount)}` }] : []),
    ...(o.deposit ? [{ label: CHECKOUT_UI.deposit, amount: formatEuro(o.deposit) }] : []),
    ...(o.delivery_type === 'delivery' ? [{ label: CHECKOUT_UI.deliveryFee, amount: formatEuro(o.delivery_fee) }] : []),
  ];
  const total: Row = { label: 'Gesamtbetrag', amount: formatEuro(o.total) };
  const vatRows: Row[] = (vat?.parts ?? []).map((p) => ({
    label: `${pct(p.rate)} USt. auf ${formatEuro(p.gross)} (netto ${formatEuro(p.net)})`,
    amount: formatEuro(p.vat),
  }));
  const provider = [
    cfg.restaurantName,
    cfg.restaurantStreet,
    `${cfg.restaurantZip} ${cfg.restaurantCity}`,
    `Telefon: ${cfg.phone}`,
    ...(cfg.contactEmail ? [`E-Mail: ${cfg.contactEmail}`] : []),
    ...(shop.vatId ? [`USt-IdNr.: ${shop.vatId}`] : []),
  ];
  const termsPage = cfg.pages.find((p) => p.id === legalPages(cfg.pages).terms) ?? null;
  return { name: [c.salutation, c.name].filter(Boolean).join(' ') || c.name, head, lines, totals, total, vatRows, provider, termsPage };
}

/** The guest's confirmation of order `o` (a pure function of the stored order; tests call it). */
export function guestMail(o: StoredOrder, shop: GuestMailShop, vat: VatBreakdown | null): GuestMail {
  const f = facts(o, shop, vat);
  const shopName = shop.config.restaurantName;
  const subject = `Deine Bestellung bei ${shopName} – ${o.day_number ? `${orderNumberText(o.day_number)}, ` : ''}Bestellnummer ${o.id}`;
  const intro = `vielen Dank für Deine Bestellung bei ${shopName}. Diese E-Mail bestätigt, dass Deine Bestellung eingegangen ist, und was Du bestellt hast.`;
  const vatTitle = 'Im Gesamtbetrag enthaltene Umsatzsteuer';
  const text = [
    `Hallo ${f.name},`,
    '',
    intro,
    '',
    ...f.head.map((r) => `${r.label}: ${r.amount}`),
    '',
    'Deine Bestellung:',
    ...f.lines.flatMap((l) => [`  ${l.label}  ${l.amount}`, ...l.extras.map((x) => `      + ${x}`)]),
    '',
    ...f.totals.map((r) => `${r.label}: ${r.amount}`),
    `${f.total.label}: ${f.total.amount}`,
    ...(f.vatRows.length ? ['', `${vatTitle}:`, ...f.vatRows.map((r) => `  ${r.label}: ${r.amount}`)] : []),
    '',
    CHECKOUT_UI.withdrawalNote,
    '',
    'Anbieter:',
    ...f.provider.map((p) => `  ${p}`),
    ...(f.termsPage ? ['', `${f.termsPage.title}:`, ...f.termsPage.body] : []),
  ].join('\n');

  const rows = (rs: Row[]) => rs.map((r) => html`<tr><td>${r.label}</td><td style="text-align:right;white-space:nowrap">${r.amount}</td></tr>`);
  const body = html`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111;max-width:40rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">Vielen Dank für Deine Bestellung!</h1>
<p>Hallo ${f.name},</p>
<p>${intro}</p>
<table role="presentation" cellpadding="4">${f.head.map((r) => html`<tr><th scope="row" style="text-align:left">${r.label}</th><td>${r.amount}</td></tr>`)}</table>
<h2 style="font-size:1.1rem">Deine Bestellung</h2>
<table cellpadding="4" style="width:100%;border-collapse:collapse">
<thead><tr><th scope="col" style="text-align:left">Artikel</th><th scope="col" style="text-align:right">Preis</th></tr></thead>
<tbody>${f.lines.map((l) => html`<tr><td>${l.label}${l.extras.map((x) => html`<br>+ ${x}`)}</td><td style="text-align:right;white-space:nowrap">${l.amount}</td></tr>`)}</tbody>
<tfoot>${rows(f.totals)}<tr><th scope="row" style="text-align:left">${f.total.label}</th><td style="text-align:right;white-space:nowrap"><strong>${f.total.amount}</strong></td></tr></tfoot>
</table>
${f.vatRows.length ? html`<h2 style="font-size:1.1rem">${vatTitle}</h2><table cellpadding="4">${rows(f.vatRows)}</table>` : ''}
<p>${CHECKOUT_UI.withdrawalNote}</p>
<h2 style="font-size:1.1rem">Anbieter</h2>
<p>${f.provider.map((p, i) => (i === 0 ? html`${p}` : html`<br>${p}`))}</p>
${f.termsPage ? html`<h2 style="font-size:1.1rem">${f.termsPage.title}</h2>${f.termsPage.body.map((p) => html`<p>${p}</p>`)}` : ''}
</body></html>`;
  return { subject, text, html: String(body) };
}

/**
 * The guest's confirmation of `order` as an outbox message (once per order: its dedupe key), or null
 * for an order without an e-mail address (table orders). `vat`: what the order was priced with
 * (orders.pricing.vat; null for orders priced before it was stored). The outbox worker queues it and
 * counts it against the address's limit (ORDER_MAIL_LIMIT: a flood of cash orders with a stranger's
 * address: the orders stand, the mails stop) — server/orders/owedMails.ts, in one statement with the
 * restaurant's mail.
 */
export function guestConfirmation(shop: ShopRecord, order: StoredOrder, vat: VatBreakdown | null): MailMessage | null {
  const to = typeof order.customer.email === 'string' ? order.customer.email.trim() : '';
  if (!to) return null;
  const mail = guestMail(order, { config: shop.config, vatId: shop.settings?.vatId ?? null }, vat);
  return { to, subject: mail.subject, text: mail.text, html: mail.html, dedupeKey: `order-guest:${order.id}` };
}
