// Payment flow on top of the provider interface: prepare (POST payment/{orderId}/{method}),
// PayPal capture, outcomes from webhooks or the simulated page. The order's payment status in the
// database follows: pending → paid | failed | cancelled; paid confirms the order and queues the
// restaurant notification (once).
import * as v from 'valibot';
import type { PaymentMethod } from '@shared/domain';
import { safeReturnTo } from '@shared/account';
import { CHECKOUT_UI, paymentKind } from '@shared/checkout';
import { formatEuro, PAYMENT_METHOD_NAMES } from '@shared/i18n';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { PaymentProviderError, type CaptureResult, type Payee, type PaymentProvider, type PaymentRegistry, type ProviderName } from '../payments';
import { queueOrderNotifications } from './notify';
import { loadOrder, type StoredOrder } from './read';
import { html, htmlText } from '../html';

const httpUrl = (field: string) =>
  v.pipe(
    v.string(`${field}: expected a URL`),
    v.maxLength(2000, `${field}: expected at most 2000 characters`),
    v.check((s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, `${field}: expected an http(s) URL`),
  );

export const PrepareBodySchema = v.object({
  /** where the guest comes back after paying (may be the restaurant's own page) */
  returnUrl: v.optional(httpUrl('returnUrl')),
  /** where the guest comes back after cancelling (default returnUrl) */
  cancelUrl: v.optional(httpUrl('cancelUrl')),
  /** Heidelpay_*: the payment resource created in the browser with the public key */
  resourceId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'resourceId: expected letters, digits, _ or -'))),
});

export interface PaymentContext {
  ctx: ServerContext;
  payments: PaymentRegistry;
  kick?: () => void;
  /** the server's public origin (the simulated page, the default return URL) */
  publicOrigin: string;
  /** the origins a payment of a shop may return to */
  linkTargets: (shopId: string) => Promise<string[]>;
  /** the shop's own payment accounts (shop_secrets); none: the platform's account is paid */
  payeeOf?: (shopId: string) => Promise<Payee>;
}

/** A preparation in progress holds the order's payment_ref with this prefix and its start (ms). */
const CLAIM = 'preparing:';
/** A claim older than this is taken over (its process died half way). */
const CLAIM_STALE_MS = 60_000;
/** How long a second preparation waits for the first one to finish before it gives up. */
const CLAIM_WAIT_MS = 5_000;

function providerOf(pc: PaymentContext, order: StoredOrder): PaymentProvider | null {
  return order.payment_provider ? pc.payments.byName(order.payment_provider as ProviderName) : pc.payments.forMethod(order.payment_method as PaymentMethod);
}

async function mustLoad(pc: PaymentContext, shopId: string, orderId: string): Promise<StoredOrder> {
  const order = /^[A-Za-z0-9_-]{8,64}$/.test(orderId) ? await loadOrder(pc.ctx.db, shopId, orderId) : null;
  if (!order) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
  return order;
}

export type PrepareAnswer = { status?: 'captured' | 'failed'; url?: string | null; sessionid?: string | null; payload?: string | null; signature?: string | null; keyid?: string | null; id?: string | null };

/** The answer of the order's current preparation (payment_ref), if one is stored. */
async function preparedAnswer(pc: PaymentContext, seq: string, ref: string): Promise<PrepareAnswer | null> {
  const { rows } = await pc.ctx.db.query<{ data: { answer?: PrepareAnswer } }>(
    `SELECT data FROM payment_events WHERE order_seq = $1 AND event = 'prepared' AND data->>'ref' = $2 ORDER BY id DESC LIMIT 1`,
    [seq, ref],
  );
  return rows[0]?.data.answer ?? null;
}

/**
 * POST payment/{orderId}/{method}: the payment preparation answer. One preparation per order
 * at a time: while one is pending, a second call answers the first one's answer (a second payment
 * page would otherwise replace the reference the first page pays against). After a failure or a
 * cancellation a new one starts. Return addresses lead only to known origins (else the order's
 * success page in the shop).
 */
export async function preparePayment(pc: PaymentContext, shopId: string, orderId: string, method: string, body: unknown): Promise<PrepareAnswer> {
  const order = await mustLoad(pc, shopId, orderId);
  if (method !== order.payment_method) throw new HttpError(400, 'invalid_request', `Diese Bestellung wird mit ${order.payment_method} bezahlt.`);
  const b = v.safeParse(PrepareBodySchema, body ?? {});
  if (!b.success) throw new HttpError(400, 'invalid_request', b.issues[0].message);
  if (order.payment_status === 'paid' || order.payment_status === 'on_delivery') return { status: 'captured' };
  if (order.status === 'cancelled') return { status: 'failed' };
  const provider = pc.payments.forMethod(order.payment_method as PaymentMethod, shopId);
  if (!provider) {
    if (paymentKind(order.payment_method as PaymentMethod) === 'offline') return { status: 'captured' };
    throw new HttpError(422, 'payment_unavailable', 'Diese Zahlungsart ist gerade nicht verfügbar. Bitte wähle eine andere.');
  }
  const origin = pc.publicOrigin;
  const fallback = `${origin}/checkout/success/${order.id}`;
  const allowed = await pc.linkTargets(shopId);
  const returnUrl = safeReturnTo(b.output.returnUrl, allowed, fallback);
  const cancelUrl = safeReturnTo(b.output.cancelUrl ?? returnUrl, allowed, returnUrl);

  // claim the order for this preparation (or find the one that is pending)
  const claim = `${CLAIM}${Date.now()}:${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const now = pc.ctx.now().toISOString();
    const { rows } = await pc.ctx.db.query<{ seq: string }>(
      `UPDATE orders SET payment_ref = $2, payment_status = 'pending', updated_at = $3
       WHERE seq = $1 AND payment_status IN ('pending', 'failed', 'cancelled')
         AND (payment_ref IS NULL OR payment_status <> 'pending'
              OR CASE WHEN payment_ref LIKE '${CLAIM}%' THEN split_part(payment_ref, ':', 2)::bigint < $4 ELSE false END)
       RETURNING seq`,
      [order.seq, claim, now, Date.now() - CLAIM_STALE_MS],
    );
    if (rows.length) break;
    const current = await mustLoad(pc, shopId, orderId);
    if (current.payment_status === 'paid' || current.payment_status === 'on_delivery') return { status: 'captured' };
    if (current.payment_ref && !current.payment_ref.startsWith(CLAIM)) {
      const first = await preparedAnswer(pc, current.seq, current.payment_ref);
      if (first) return first;
      // prepared before answers were kept: start anew
      await pc.ctx.db.query(`UPDATE orders SET payment_ref = NULL WHERE seq = $1 AND payment_ref = $2 AND payment_status = 'pending'`, [current.seq, current.payment_ref]);
      continue;
    }
    if (Date.now() > deadline) throw new HttpError(409, 'payment_in_progress', 'Die Zahlung wird gerade vorbereitet. Bitte versuche es gleich noch einmal.');
    await new Promise((r) => setTimeout(r, 100));
  }

  let result;
  try {
    result = await provider.prepare(
      {
        id: order.id, shopId, shopName: (await pc.ctx.shops.getShop(shopId))?.config.restaurantName ?? shopId, total: order.total,
        method: order.payment_method as PaymentMethod, email: (order.customer.email as string) || null, payee: (await pc.payeeOf?.(shopId)) ?? null,
      },
      { returnUrl, cancelUrl, pageBase: origin, resourceId: b.output.resourceId ?? null },
    );
  } catch (e) {
    await pc.ctx.db.query('UPDATE orders SET payment_ref = NULL WHERE seq = $1 AND payment_ref = $2', [order.seq, claim]);
    if (e instanceof PaymentProviderError) throw new HttpError(422, 'payment_provider', `Die Zahlung konnte nicht vorbereitet werden: ${e.message}`);
    throw e;
  }
  await pc.ctx.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE orders SET payment_provider = $2, payment_ref = $3, payment_status = 'pending', updated_at = $4 WHERE seq = $1 AND payment_ref = $5`,
      [order.seq, provider.name, result.ref, pc.ctx.now().toISOString(), claim],
    );
    await tx.query(`INSERT INTO payment_events (order_seq, provider, event, data) VALUES ($1, $2, 'prepared', $3)`, [
      order.seq, provider.name, JSON.stringify({ ref: result.ref, returnUrl, cancelUrl, answer: result.answer }),
    ]);
  });
  if (result.outcome) await applyPaymentOutcome(pc, provider.name, result.ref, result.outcome, null);
  return result.answer;
}

/**
 * Records an outcome for the payment `ref` of `provider`. `eventId` (webhooks) makes it
 * idempotent: each provider event is processed once. A paid order stays paid.
 */
export async function applyPaymentOutcome(
  pc: PaymentContext, provider: ProviderName, ref: string, outcome: 'paid' | 'failed' | 'cancelled', eventId: string | null, data: unknown = null,
): Promise<'applied' | 'duplicate' | 'unknown'> {
  const r = await pc.ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ seq: string; shop_id: string; status: string; payment_status: string }>(
      'SELECT seq, shop_id, status, payment_status FROM orders WHERE payment_provider = $1 AND payment_ref = $2 FOR UPDATE',
      [provider, ref],
    );
    const o = rows[0];
    if (!o) return 'unknown' as const;
    const ev = await tx.query(
      `INSERT INTO payment_events (order_seq, provider, event, external_id, data) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, external_id) WHERE external_id IS NOT NULL DO NOTHING RETURNING id`,
      [o.seq, provider, outcome, eventId, data === null ? null : JSON.stringify(data)],
    );
    if (!ev.rows.length) return 'duplicate' as const;
    if (o.payment_status === 'paid') return 'applied' as const;
    const now = pc.ctx.now().toISOString();
    if (outcome === 'paid') {
      await tx.query(
        `UPDATE orders SET payment_status = 'paid', status = CASE WHEN status = 'received' THEN 'confirmed' ELSE status END, updated_at = $2 WHERE seq = $1`,
        [o.seq, now],
      );
      await queueOrderNotifications(tx, pc.ctx, o.shop_id, o.seq);
    } else {
      await tx.query('UPDATE orders SET payment_status = $2, updated_at = $3 WHERE seq = $1', [o.seq, outcome, now]);
    }
    return 'applied' as const;
  });
  if (r === 'applied') pc.kick?.();
  return r;
}

/** GET payment/{orderId}/{method}/paypal/{ref}: capture after approval. */
export async function capturePayPal(pc: PaymentContext, shopId: string, orderId: string, method: string, ref: string): Promise<CaptureResult | 'not_approved'> {
  const order = await mustLoad(pc, shopId, orderId);
  if (method !== order.payment_method || paymentKind(order.payment_method as PaymentMethod) !== 'paypal-platform' && !order.payment_method.startsWith('PayPal_')) {
    throw new HttpError(400, 'invalid_request', 'Diese Bestellung wird nicht mit PayPal bezahlt.');
  }
  if (!order.payment_ref || order.payment_ref !== ref) throw new HttpError(404, 'payment_not_found', 'Diese Zahlung gibt es nicht.');
  if (order.payment_status === 'paid') return 'success';
  const provider = providerOf(pc, order);
  if (!provider) throw new HttpError(400, 'invalid_request', 'Keine Zahlung nötig.');
  let result: CaptureResult;
  if (provider.name === 'simulated') {
    const decision = await simDecision(pc.ctx.db, order.seq);
    if (decision === null) return 'not_approved';
    result = decision === 'approved' ? 'success' : 'INSTRUMENT_DECLINED';
  } else if (provider.capture) {
    result = await provider.capture({ id: order.id, shopId, shopName: shopId, total: order.total, method: order.payment_method as PaymentMethod, email: null }, ref);
  } else {
    throw new HttpError(400, 'invalid_request', 'Diese Zahlungsart kennt kein Capture.');
  }
  await applyPaymentOutcome(pc, provider.name, ref, result === 'success' ? 'paid' : 'failed', `capture:${ref}:${result}`);
  return result;
}

/** The latest approve/decline recorded by the simulated PayPal page (database, not memory). */
async function simDecision(q: DbQuery, seq: string): Promise<'approved' | 'declined' | null> {
  const { rows } = await q.query<{ event: string }>(
    `SELECT event FROM payment_events WHERE order_seq = $1 AND event IN ('sim:approved', 'sim:declined') ORDER BY id DESC LIMIT 1`,
    [seq],
  );
  return rows[0] ? (rows[0].event === 'sim:approved' ? 'approved' : 'declined') : null;
}

export interface SimPayment {
  order: StoredOrder;
  shopName: string;
  returnUrl: string;
  cancelUrl: string;
}

export async function loadSimPayment(pc: PaymentContext, ref: string): Promise<SimPayment | null> {
  if (!/^sim_[A-Za-z0-9_-]{10,64}$/.test(ref)) return null;
  const { rows } = await pc.ctx.db.query<{ shop_id: string; id: string; data: { returnUrl: string; cancelUrl: string } }>(
    `SELECT o.shop_id, o.id, e.data FROM orders o JOIN payment_events e ON e.order_seq = o.seq AND e.event = 'prepared'
     WHERE o.payment_provider = 'simulated' AND o.payment_ref = $1 AND e.data->>'ref' = $1 ORDER BY e.id DESC LIMIT 1`,
    [ref],
  );
  const row = rows[0];
  if (!row) return null;
  const order = await loadOrder(pc.ctx.db, row.shop_id, row.id);
  if (!order) return null;
  return { order, shopName: (await pc.ctx.shops.getShop(row.shop_id))?.config.restaurantName ?? row.shop_id, returnUrl: row.data.returnUrl, cancelUrl: row.data.cancelUrl };
}

export type SimAction = 'confirm' | 'cancel' | 'decline';

/** A button on the simulated page; returns where to send the guest. */
export async function simulatedAction(pc: PaymentContext, ref: string, action: SimAction): Promise<string | null> {
  const sim = await loadSimPayment(pc, ref);
  if (!sim) return null;
  const paypal = paymentKind(sim.order.payment_method as PaymentMethod) === 'paypal-platform';
  let payment: string;
  if (action === 'cancel') {
    await applyPaymentOutcome(pc, 'simulated', ref, 'cancelled', `sim:${ref}:cancel:${Date.now()}`);
    payment = 'cancelled';
  } else if (paypal) {
    // PayPal-like: the page only approves or declines the instrument; capture decides
    await pc.ctx.db.query(`INSERT INTO payment_events (order_seq, provider, event) VALUES ($1, 'simulated', $2)`, [
      sim.order.seq, action === 'confirm' ? 'sim:approved' : 'sim:declined',
    ]);
    payment = action === 'confirm' ? 'approved' : 'declined';
  } else {
    await applyPaymentOutcome(pc, 'simulated', ref, action === 'confirm' ? 'paid' : 'failed', `sim:${ref}:${action}`);
    payment = action === 'confirm' ? 'paid' : 'failed';
  }
  // checked again on the way out: a preparation stored before an origin was removed leads to the shop
  const fallback = `${pc.publicOrigin}/checkout/success/${sim.order.id}`;
  const target = new URL(safeReturnTo(action === 'cancel' ? sim.cancelUrl : sim.returnUrl, await pc.linkTargets(sim.order.shop_id), fallback));
  target.searchParams.set('order', sim.order.id);
  target.searchParams.set('payment', payment);
  return target.toString();
}

export function simPage(sim: SimPayment, ref: string): string {
  const method = PAYMENT_METHOD_NAMES[sim.order.payment_method as PaymentMethod] ?? sim.order.payment_method;
  const done = sim.order.payment_status === 'paid';
  const form = (action: SimAction, label: string, primary = false) =>
    html`<form method="post" action="/pay/sim/${ref}/${action}"><button type="submit"${primary ? html` class="primary"` : ''}>${label}</button></form>`;
  return htmlText(html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zahlung – ${sim.shopName}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{min-height:44px;width:100%;margin:.4rem 0;font-size:1rem;border-radius:6px;border:1px solid #555;background:#fff;cursor:pointer}button.primary{background:#1a7f37;color:#fff;border-color:#1a7f37}.note{color:#555}</style></head>
<body><main><h1>Zahlung (Simulation)</h1>
<p>${sim.shopName} · Bestellung ${sim.order.id}</p>
<p><strong>Betrag: ${formatEuro(sim.order.total)}</strong> · ${method}</p>
${done ? html`<p role="status">Diese Zahlung ist bereits abgeschlossen.</p>` : [form('confirm', 'Zahlung bestätigen', true), form('cancel', 'Abbrechen'), form('decline', 'Ablehnen')]}
<p class="note">Simulierter Zahlungsanbieter: Es wird kein Geld bewegt.</p></main></body></html>`);
}
