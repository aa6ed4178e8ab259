// The restaurant learns about each new order (cash orders at once, online orders once paid):
// a German e-mail (plain text + simple HTML) through the outbox and, when the shop configured
// one, a signed webhook; the guest gets their own confirmation (./guestMail.ts). All are queued
// in the transaction that confirmed the order.
import type { PaymentMethod } from '@shared/domain';
import type { VatBreakdown } from '@shared/cartpricing';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { ORDER_STATUS_TEXTS, PAYMENT_STATUS_TEXTS } from '@shared/checkout';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { orderNumberText } from '@shared/inbox';
import { mailInsertSql, mailValues } from '../outbox/mail';
import { EVENTS_CHANNEL, orderEventPayload } from '../staff/events';
import { enqueueWebhook } from '../outbox/webhooks';
import { afterHit, countHitSql, countHitTimes, MAIL_LIMIT_SCOPE, mailLimitKey, ORDER_MAIL_LIMIT } from '../limits';
import { guestConfirmation } from './guestMail';
import { loadOrderBySeq, orderResponse, type StoredOrder } from './read';
import { html, htmlText } from '../html';

export interface NotifyOptions {
  /** the shop's public origin, for links in the mail (optional) */
  publicOrigin?: string | null;
  /** the VAT the order was priced with (orders.pricing.vat), when the caller has it: not read again */
  vat?: VatBreakdown | null;
}

/** A waiter's refund booked with a table order: the refunded dish and the amount in cents. */
export interface BookedRefund {
  name: string;
  amount: number;
}

/** 'Lieferung', 'Abholung' or, for an order at a table (stored as pickup with its table number), 'Tisch 7'. */
export function orderKind(o: StoredOrder): string {
  const table = (o.customer as { table?: unknown }).table;
  if (typeof table === 'number') return `Tisch ${table}`;
  return o.delivery_type === 'delivery' ? 'Lieferung' : 'Abholung';
}


// toLocaleString builds a new formatter at each call (≈ 0.25 ms): one, made once
const RECEIVED_AT = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

export function orderMailText(o: StoredOrder, shopName: string, refunds: BookedRefund[] = []): string {
  const c = o.customer as Record<string, string>;
  const lines = o.lines.map((l) => {
    const extras = l.extras.map((x) => `\n      + ${x.amount > 1 ? `${x.amount}x ` : ''}${x.name}`).join('');
    return `  ${l.amount}x ${l.name}  ${formatEuro(l.total)}${extras}`;
  });
  const refundLines = refunds.map((r) => `  1x ${r.name}  -${formatEuro(r.amount)}`);
  // a booking of refunds alone is no order: it says what was refunded, not an empty 0,00 € order
  if (!o.lines.length && refunds.length) {
    return [
      `Storno bei ${shopName}`,
      '',
      `Buchung: ${o.id}`,
      `Eingegangen: ${RECEIVED_AT.format(new Date(o.created_at))}`,
      `Art: ${orderKind(o)}`,
      '',
      'Storniert:',
      ...refundLines,
      '',
      `Storniert gesamt: -${formatEuro(refunds.reduce((sum, r) => sum + r.amount, 0))}`,
    ].join('\n');
  }
  const out = [
    `Neue Bestellung bei ${shopName}`,
    '',
    `Bestellnummer: ${o.id}`,
    `Eingegangen: ${RECEIVED_AT.format(new Date(o.created_at))}`,
    `Art: ${orderKind(o)}, ${o.serve_at ? `gewünscht um ${o.serve_at} Uhr` : 'so schnell wie möglich'}`,
    `Status: ${ORDER_STATUS_TEXTS[o.status]} · ${PAYMENT_STATUS_TEXTS[o.payment_status]} (${PAYMENT_METHOD_NAMES[o.payment_method as PaymentMethod] ?? o.payment_method})`,
    '',
    'Kunde:',
    `  ${[c.salutation, c.name].filter(Boolean).join(' ')}`,
    ...(c.company ? [`  ${c.company}`] : []),
    ...(o.delivery_type === 'delivery' ? [`  ${c.street} ${c.streetNumber}${c.floor ? `, ${c.floor}` : ''}`, `  ${c.zip} ${c.city}`] : []),
    `  Telefon: ${c.phone}`,
    `  E-Mail: ${c.email}`,
    ...(c.messageCook ? ['', `Nachricht an die Küche: ${c.messageCook}`] : []),
    ...(c.messageDriver ? [`Nachricht an den Fahrer: ${c.messageDriver}`] : []),
    '',
    'Artikel:',
    ...lines,
    '',
    `Zwischensumme: ${formatEuro(o.subtotal)}`,
    ...(o.discount ? [`Rabatte: -${formatEuro(o.discount)}`] : []),
    ...(o.coupon_amount ? [`Gutschein ${o.coupon_code}: -${formatEuro(o.coupon_amount)}`] : []),
    ...(o.deposit ? [`Pfand: ${formatEuro(o.deposit)}`] : []),
    ...(o.delivery_type === 'delivery' ? [`Liefergebühr: ${formatEuro(o.delivery_fee)}`] : []),
    `Gesamt: ${formatEuro(o.total)}`,
    ...(refunds.length ? ['', 'Storniert:', ...refundLines] : []),
  ];
  return out.join('\n');
}

function htmlOf(text: string): string {
  return htmlText(html`<!doctype html><html lang="de"><body><pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${text}</pre></body></html>`);
}

/**
 * The day number a mail's subject shows while the number is not taken yet (an order whose counter is
 * taken in the statement that queues its mails: placeOrder). Its text (orderNumberText) is replaced in
 * SQL by the text of the number taken; no shop name or order id holds it.
 */
export const DAY_NUMBER_PENDING = Number.MAX_SAFE_INTEGER;

/** The parts of the statement that queues what a confirmed order sets off (orderNotifications). */
export interface OrderNotifications {
  /** the CTEs (`name AS (…)`), in order */
  ctes: string[];
  /** the columns the statement's SELECT must read (the event's CTE runs only when read) */
  columns: string;
  /**
   * true when finish() writes what must commit with the order (the webhook): the statement must then
   * run in a transaction with it. Without, finish() writes at most the mail limit's prune, which
   * needs no atomicity with the order and may follow on its own (placeOrder's statement without
   * BEGIN/COMMIT).
   */
  writesWithOrder: boolean;
  /** after the statement, with its row: the mail limit's bookkeeping and the webhook (on `q`, the transaction by default) */
  finish(row: { hits?: number | null } | undefined, q?: DbQuery): Promise<void>;
}

/**
 * What a confirmed order sets off, as parts of one statement (data-modifying CTEs; each part's SQL is
 * its module's: countHitSql, mailInsertSql, orderEventPayload). `$` adds a parameter and returns its
 * reference. `dayNumberSql`: an SQL expression of the order's day number when it is taken in the same
 * statement (the order's stored day_number must then be DAY_NUMBER_PENDING while the mails are made).
 */
export async function orderNotifications(
  tx: DbQuery, ctx: ServerContext, shopId: string, order: StoredOrder, $: (value: unknown) => string,
  opts: NotifyOptions = {}, refunds: BookedRefund[] = [], dayNumberSql?: string,
): Promise<OrderNotifications> {
  const now = ctx.now();
  const shop = await ctx.shops.getShop(shopId, tx);
  const settings = shop?.settings;
  // a subject made with the pending number gets the number's text in SQL (orderNumberText stays the one format)
  const subjectSql = (ref: string) => {
    if (!dayNumberSql) return ref;
    const pending = orderNumberText(DAY_NUMBER_PENDING);
    return `replace(${ref}, ${$(pending)}, replace(${$(pending)}, ${$(String(DAY_NUMBER_PENDING))}, (${dayNumberSql})::text))`;
  };
  const valuesOf = (msg: Parameters<typeof mailValues>[0]) => mailValues(msg).map((value, i) => (i === 2 ? subjectSql($(value)) : $(value)));
  // the order reaches the restaurant's inbox now (cash: placed; online: paid) and rings there
  const ctes = [`ev AS (SELECT pg_notify(${$(EVENTS_CHANNEL)}, ${$(orderEventPayload({ shopId, orderId: order.id, kind: 'placed' }))}) AS sent)`];
  // a cash order's insert set its inbox time already (place.ts)
  if (!order.inbox_at) ctes.push(`inbox AS (UPDATE orders SET inbox_at = COALESCE(inbox_at, ${$(now.toISOString())}::timestamptz) WHERE seq = ${$(order.seq)})`);
  // the guest's own confirmation, whatever the restaurant has configured, counted against the address's limit
  const guest = shop ? await guestConfirmation(tx, shop, order, opts.vat) : null;
  if (guest) {
    const [nowIso, expired] = countHitTimes(ORDER_MAIL_LIMIT.windowMs, now);
    ctes.push(`hit AS (${countHitSql($(MAIL_LIMIT_SCOPE), $(mailLimitKey('order', guest.to)), $(nowIso), $(expired))})`);
    const v = valuesOf(guest);
    ctes.push(`guest AS (${mailInsertSql(`SELECT ${v.join(', ')} FROM hit WHERE hit.count <= ${$(ORDER_MAIL_LIMIT.max)}::int`)})`);
  }
  const shopName = shop?.config.restaurantName ?? shopId;
  if (settings?.email) {
    const text = orderMailText(order, shopName, refunds);
    const refundOnly = !order.lines.length && refunds.length > 0;
    const v = valuesOf({
      to: settings.email,
      subject: refundOnly
        ? `Storno ${order.id} – ${orderKind(order)} – -${formatEuro(refunds.reduce((sum, r) => sum + r.amount, 0))}`
        : `Neue Bestellung ${order.day_number ? `${orderNumberText(order.day_number)} (${order.id})` : order.id} – ${orderKind(order)} – ${formatEuro(order.total)}`,
      text,
      html: htmlOf(text),
      dedupeKey: `order-confirmed:${order.id}`,
    });
    ctes.push(`restaurant AS (${mailInsertSql(`VALUES (${v.join(', ')})`)})`);
  }
  return {
    ctes,
    columns: `(SELECT count(*) FROM ev)::int AS events, ${guest ? '(SELECT count FROM hit)' : 'NULL::int'} AS hits`,
    writesWithOrder: !!settings?.orderWebhookUrl,
    finish: (row, q = tx) => finishNotifications(q, now, shopId, order, guest !== null, settings?.orderWebhookUrl, row),
  };
}

/**
 * Queues what a confirmed order sets off (once per order: dedupe keys): its event to the staff
 * devices, the guest's confirmation (within the address's mail limit), the restaurant's mail and
 * webhook. The event, the guest's mail with its count and the restaurant's mail go as ONE statement
 * (orderNotifications): one round trip instead of four or five (docs/benchmarks.md).
 */
export async function queueOrderNotifications(tx: DbQuery, ctx: ServerContext, shopId: string, orderOrSeq: StoredOrder | string, opts: NotifyOptions = {}, refunds: BookedRefund[] = []): Promise<void> {
  const order = typeof orderOrSeq === 'object' ? orderOrSeq : await loadOrderBySeq(tx, String(orderOrSeq));
  if (!order) return;
  const params: unknown[] = [];
  const n = await orderNotifications(tx, ctx, shopId, order, (value) => `$${params.push(value)}`, opts, refunds);
  const { rows } = await tx.query<{ hits: number | null }>(`WITH ${n.ctes.join(',\n')}\nSELECT ${n.columns}`, params);
  await n.finish(rows[0]);
}

async function finishNotifications(
  tx: DbQuery, now: Date, shopId: string, order: StoredOrder, guest: boolean, orderWebhookUrl: string | null | undefined, row: { hits?: number | null } | undefined,
): Promise<void> {
  if (guest) await afterHit(tx, Number(row?.hits), now);
  if (orderWebhookUrl) {
    const c = order.customer as Record<string, unknown>;
    await enqueueWebhook(tx, {
      shopId,
      url: orderWebhookUrl,
      event: 'order.confirmed',
      dedupeKey: `order-confirmed:${order.id}`,
      payload: {
        event: 'order.confirmed',
        shopId,
        createdAt: new Date(order.created_at).toISOString(),
        // money in cents here (machine consumers); the submit response is the euro one
        order: { ...orderResponse(order).order, totalCents: order.total, customer: { name: c.name, phone: c.phone, email: c.email, street: c.street, streetNumber: c.streetNumber, zip: c.zip, city: c.city, floor: c.floor, company: c.company, messageCook: c.messageCook, messageDriver: c.messageDriver } },
      },
    });
  }
}
