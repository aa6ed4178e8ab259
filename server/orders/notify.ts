// The restaurant learns about each new order (cash orders at once, online orders once paid):
// a German e-mail (plain text + simple HTML) through the outbox and, when the shop configured
// one, a signed webhook; the guest gets their own confirmation (./guestMail.ts). The transaction
// that confirms the order queues the webhook and records the mails as owed (order_mails_owed);
// the outbox worker renders and queues them (./owedMails.ts).
import type { PaymentMethod } from '@shared/domain';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { ORDER_STATUS_TEXTS, PAYMENT_STATUS_TEXTS } from '@shared/checkout';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { orderNumberText } from '@shared/inbox';
import type { MailMessage } from '../outbox/mail';
import { EVENTS_CHANNEL, orderEventPayload } from '../staff/events';
import { enqueueWebhook } from '../outbox/webhooks';
import { loadOrderBySeq, orderResponse, type StoredOrder } from './read';
import { html, htmlText } from '../html';

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

/** The restaurant's mail of an order (to the shop's settings.email), rendered by the outbox worker (./owedMails.ts). */
export function restaurantMail(order: StoredOrder, shopName: string, to: string, refunds: BookedRefund[] = []): MailMessage {
  const text = orderMailText(order, shopName, refunds);
  const refundOnly = !order.lines.length && refunds.length > 0;
  return {
    to,
    subject: refundOnly
      ? `Storno ${order.id} – ${orderKind(order)} – -${formatEuro(refunds.reduce((sum, r) => sum + r.amount, 0))}`
      : `Neue Bestellung ${order.day_number ? `${orderNumberText(order.day_number)} (${order.id})` : order.id} – ${orderKind(order)} – ${formatEuro(order.total)}`,
    text,
    html: htmlOf(text),
    dedupeKey: `order-confirmed:${order.id}`,
  };
}

/**
 * The INSERT of an order's owed mails (migration 037; rendered by the outbox worker, ./owedMails.ts):
 * `seqSelect` a SELECT of the order's seq (no row: nothing owed), the others SQL expressions. Once
 * per order while owed: a table order paid online owes its mails when placed and again when paid,
 * and the first stands (as its mails' dedupe keys keep the first mails once rendered).
 */
export function owedMailsSql(seqSelect: string, status: string, paymentStatus: string, refunds: string): string {
  return `INSERT INTO order_mails_owed (order_seq, status, payment_status, refunds) SELECT s.seq, ${status}, ${paymentStatus}, ${refunds} FROM (${seqSelect}) AS s(seq)
     ON CONFLICT (order_seq) DO NOTHING`;
}

/** The parts of the statement that queues what a confirmed order sets off (orderNotifications). */
export interface OrderNotifications {
  /** the CTEs (`name AS (…)`), in order */
  ctes: string[];
  /** the columns the statement's SELECT must read (the event's CTE runs only when read) */
  columns: string;
  /**
   * true when finish() writes what must commit with the order (the webhook): the statement must then
   * run in a transaction with it. Without, finish() writes nothing and the statement may run on its
   * own (placeOrder's statement without BEGIN/COMMIT).
   */
  writesWithOrder: boolean;
  /** after the statement: the webhook, when the shop has one (on `q`, the transaction by default) */
  finish(q?: DbQuery): Promise<void>;
}

/**
 * What a confirmed order sets off, as parts of one statement (data-modifying CTEs; each part's SQL is
 * its module's: orderEventPayload, owedMailsSql). `$` adds a parameter and returns its reference.
 * `seqSelect`: a SELECT of the order's seq — 'SELECT seq FROM o' when the order is inserted by the
 * same statement (no row when its key was taken: then nothing is owed), or of a parameter.
 * The mails are not made here: the statement records that they are owed (order_mails_owed, with
 * the order's state and the refunds they show) and the outbox worker renders and queues them.
 */
export async function orderNotifications(
  tx: DbQuery, ctx: ServerContext, shopId: string, order: StoredOrder, $: (value: unknown) => string,
  seqSelect: string, refunds: BookedRefund[] = [],
): Promise<OrderNotifications> {
  const now = ctx.now();
  const shop = await ctx.shops.getShop(shopId, tx);
  const webhookUrl = shop?.settings?.orderWebhookUrl;
  // the order reaches the restaurant's inbox now (cash: placed; online: paid) and rings there
  const ctes = [`ev AS (SELECT pg_notify(${$(EVENTS_CHANNEL)}, ${$(orderEventPayload({ shopId, orderId: order.id, kind: 'placed' }))}) AS sent)`];
  // a cash order's insert set its inbox time already (place.ts)
  if (!order.inbox_at) ctes.push(`inbox AS (UPDATE orders SET inbox_at = COALESCE(inbox_at, ${$(now.toISOString())}::timestamptz) WHERE seq = ${$(order.seq)})`);
  // the guest's confirmation and the restaurant's mail: owed, rendered by the outbox worker
  ctes.push(`owed AS (${owedMailsSql(seqSelect, $(order.status), $(order.payment_status), refunds.length ? `${$(JSON.stringify(refunds))}::jsonb` : 'NULL')})`);
  return {
    ctes,
    columns: '(SELECT count(*) FROM ev)::int AS events',
    writesWithOrder: !!webhookUrl,
    finish: (q = tx) => finishNotifications(q, shopId, order, webhookUrl),
  };
}

/**
 * Queues what a confirmed order sets off (once per order: dedupe keys): its event to the staff
 * devices, the owed row of the guest's confirmation and the restaurant's mail (rendered by the
 * outbox worker: ./owedMails.ts), and the restaurant's webhook. The event, the inbox time and the
 * owed row go as ONE statement (orderNotifications).
 */
export async function queueOrderNotifications(tx: DbQuery, ctx: ServerContext, shopId: string, orderOrSeq: StoredOrder | string, refunds: BookedRefund[] = []): Promise<void> {
  const order = typeof orderOrSeq === 'object' ? orderOrSeq : await loadOrderBySeq(tx, String(orderOrSeq));
  if (!order) return;
  const params: unknown[] = [];
  const $ = (value: unknown) => `$${params.push(value)}`;
  const n = await orderNotifications(tx, ctx, shopId, order, $, `SELECT ${$(order.seq)}::bigint`, refunds);
  await tx.query(`WITH ${n.ctes.join(',\n')}\nSELECT ${n.columns}`, params);
  await n.finish();
}

async function finishNotifications(tx: DbQuery, shopId: string, order: StoredOrder, orderWebhookUrl: string | null | undefined): Promise<void> {
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
