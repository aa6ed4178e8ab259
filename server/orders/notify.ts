// The restaurant learns about each new order (cash orders at once, online orders once paid):
// a German e-mail (plain text + simple HTML) through the outbox and, when the shop configured
// one, a signed webhook; the guest gets their own confirmation (./guestMail.ts). All are queued
// in the transaction that confirmed the order.
import type { PaymentMethod } from '@shared/domain';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { ORDER_STATUS_TEXTS, PAYMENT_STATUS_TEXTS } from '@shared/checkout';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { orderNumberText } from '@shared/inbox';
import { enqueueMail } from '../outbox/mail';
import { notifyOrderEvent } from '../staff/events';
import { enqueueWebhook } from '../outbox/webhooks';
import { queueGuestConfirmation } from './guestMail';
import { loadOrderBySeq, orderResponse, type StoredOrder } from './read';
import { html, htmlText } from '../html';

export interface NotifyOptions {
  /** the shop's public origin, for links in the mail (optional) */
  publicOrigin?: string | null;
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
      `Eingegangen: ${new Date(o.created_at).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}`,
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
    `Eingegangen: ${new Date(o.created_at).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })}`,
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

/** Queues the mail and the webhook for a confirmed order (once per order: dedupe keys). */
export async function queueOrderNotifications(tx: DbQuery, ctx: ServerContext, shopId: string, orderOrSeq: StoredOrder | string, _opts: NotifyOptions = {}, refunds: BookedRefund[] = []): Promise<void> {
  const order = typeof orderOrSeq === 'object' ? orderOrSeq : await loadOrderBySeq(tx, String(orderOrSeq));
  if (!order) return;
  // the order reaches the restaurant's inbox now (cash: placed; online: paid) and rings there
  await tx.query('UPDATE orders SET inbox_at = COALESCE(inbox_at, $2) WHERE seq = $1', [order.seq, ctx.now().toISOString()]);
  await notifyOrderEvent(tx, { shopId, orderId: order.id, kind: 'placed' });
  // the guest's own confirmation, whatever the restaurant has configured
  await queueGuestConfirmation(tx, ctx, shopId, order);
  const shop = await ctx.shops.getShop(shopId);
  const settings = shop?.settings;
  if (!settings?.email && !settings?.orderWebhookUrl) return;
  const shopName = shop?.config.restaurantName ?? shopId;
  if (settings.email) {
    const text = orderMailText(order, shopName, refunds);
    const refundOnly = !order.lines.length && refunds.length > 0;
    await enqueueMail(tx, {
      to: settings.email,
      subject: refundOnly
        ? `Storno ${order.id} – ${orderKind(order)} – -${formatEuro(refunds.reduce((sum, r) => sum + r.amount, 0))}`
        : `Neue Bestellung ${order.day_number ? `${orderNumberText(order.day_number)} (${order.id})` : order.id} – ${orderKind(order)} – ${formatEuro(order.total)}`,
      text,
      html: htmlOf(text),
      dedupeKey: `order-confirmed:${order.id}`,
    });
  }
  if (settings.orderWebhookUrl) {
    const c = order.customer as Record<string, unknown>;
    await enqueueWebhook(tx, {
      shopId,
      url: settings.orderWebhookUrl,
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
