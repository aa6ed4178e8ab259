// The guest's e-mail for each step the restaurant takes (accepted with the time, in preparation,
// on the way / ready, delivered / picked up, refused with the reason and the refund), through the
// outbox in the step's transaction; one mail per order and step (dedupe key).
import { html } from 'hono/html';
import type { OrderStatus } from '@shared/checkout';
import { guestStatusText } from '@shared/checkout';
import type { ServerContext } from '../context';
import { staffShop } from './shop';
import type { DbQuery } from '../db';
import { enqueueMail } from '../outbox/mail';
import { guestStep, loadOrderBySeq, type StoredOrder } from '../orders/read';

/** The lines of the guest's mail for the order's current step (German, from shared/inbox). */
export function guestStepLines(o: StoredOrder, timeZone: string): string[] {
  const g = guestStep(o, timeZone);
  if (g.refused) return [g.refusedText!, ...(g.refundText ? [g.refundText] : [])];
  if (o.status === 'confirmed' && g.readyText) return ['Das Restaurant hat Deine Bestellung angenommen.', g.readyText];
  return [guestStatusText(o.status, !!o.accepted_at)];
}

/** `dedupeKey`: a further mail of the same step (a refund that went through on a later try) */
export async function queueGuestStepMail(tx: DbQuery, ctx: ServerContext, shopId: string, seq: string, step: OrderStatus, dedupeKey?: string): Promise<void> {
  const o = await loadOrderBySeq(tx, seq);
  const to = o?.customer.email;
  if (!o || !to) return;
  const { config } = await staffShop(ctx, shopId);
  const g = guestStep(o, config.timeZone);
  const lines = guestStepLines(o, config.timeZone);
  const subject = `${config.restaurantName}: ${g.numberText ? `${g.numberText} – ` : ''}${lines[0]}`.slice(0, 200);
  const text = [`Hallo ${o.customer.name},`, '', ...lines, '', `Bestellnummer: ${o.id}${g.numberText ? ` (${g.numberText})` : ''}`, '', config.restaurantName].join('\n');
  const body = html`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${subject}</title></head>
<body><p>Hallo ${o.customer.name},</p>${lines.map((l) => html`<p>${l}</p>`)}<p>Bestellnummer: ${o.id}${g.numberText ? ` (${g.numberText})` : ''}</p><p>${config.restaurantName}</p></body></html>`;
  await enqueueMail(tx, { to, subject, text, html: String(body), dedupeKey: dedupeKey ?? `order-step:${o.id}:${step}` });
}
