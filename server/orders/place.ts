// POST /api/shop/{shopId}/order: validate, price again on the server's catalog, re-check the
// checkout rules, store the order once per idempotency key, queue the restaurant notification.
// The steps live beside it: submission.ts (the payload), idempotency.ts, deliveryAddress.ts,
// checkoutChecks.ts, coupons.ts, lines.ts (what is stored), errors.ts (the refusals).
import * as v from 'valibot';
import type { PaymentMethod } from '@shared/domain';
import { pricingContext } from '@shared/pricing';
import { orderVat, priceChanges, priceOrder, restoreCart } from '@shared/cartpricing';
import { checkoutFormErrors, isAsap, paymentKind, serveAtProblem } from '@shared/checkout';
import { deliveryPeriodOf, getShop, shopTime, type ServerContext } from '../context';
import type { ShopRecord } from '../shops/repository';
import { zoneTerms } from '@shared/rules/deliveryZones';
import { HttpError } from '../http';
import { groupOrderItems, markGroupOrdered } from '../routes/groupOrder';
import { orderNotifications } from './notify';
import { dayNumberCte, ORDER_KEY_CONSTRAINT, OrderKeyTaken } from './number';
import { isUniqueViolation } from '../db';
import { orderResponse, type OrderResponse, type StoredOrder } from './read';
import { redeemCoupon, usableCoupon } from './coupons';
import { checkOrderRules } from './checkoutChecks';
import { checkDeliveryAddress, type ResolvedAddress } from './deliveryAddress';
import { CheckoutRuleError, FormError } from './errors';
import { findByKey, submissionKey } from './idempotency';
import { linesParam, newOrderId, orderLines, orderLinesInsert, pricingSummary } from './lines';
import { OrderSubmissionSchema, type OrderSubmissionInput } from './submission';
import { OPS_TEXTS } from '@shared/ops';
import { shopLive } from '../staff/ops';

export interface PlaceResult {
  /** true when an earlier submission with the same key made the order */
  replayed: boolean;
  body: OrderResponse;
}

export interface PlaceOptions {
  /** Idempotency-Key header */
  idempotencyKey?: string | null;
  /** the provider that will take an online payment (payments registry) */
  providerName?: (method: PaymentMethod) => string | null;
  /** wake the outbox worker after a commit */
  kick?: () => void;
  /** table orders (server/orders/table.ts, wired by the route): without it they are refused */
  tableOrder?: (shop: ShopRecord, p: OrderSubmissionInput, key: string, requestHash: string) => Promise<PlaceResult>;
  /** the logged-in account (from the bearer token, routes/order.ts) */
  accountId?: string | null;
}

/** What placeNew knows of the submission's key once it has it, and whether it went on to store the order. */
interface KeyState { shopId: string; key: string; requestHash: string; storing: boolean }

export async function placeOrder(ctx: ServerContext, shopIdParam: string, input: unknown, opts: PlaceOptions): Promise<PlaceResult> {
  const k: KeyState = { shopId: '', key: '', requestHash: '', storing: false };
  try {
    return await placeNew(ctx, shopIdParam, input, opts, k);
  } catch (e) {
    // A submission is not looked up by its key before the checks (one statement and one wait for
    // PGlite's connection less per new order: docs/benchmarks.md, "The statements of an order on
    // PGlite's one connection"). So a check that refuses it now (shop paused since, cart changed, coupon
    // used up by this very order) must first ask whether the key's order is stored: then it is replayed,
    // as before; another request under the key is still the 409 of findByKey. Once the order's statement
    // was sent, its own key conflict is handled in placeNew (and any other error is the statement's).
    if (!k.key || k.storing) throw e;
    let stored: OrderResponse | null;
    try {
      stored = await findByKey(ctx.db, k.shopId, k.key, k.requestHash);
    } catch (lookup) {
      if (lookup instanceof HttpError) throw lookup;
      throw e;
    }
    if (stored) return { replayed: true, body: stored };
    throw e;
  }
}

async function placeNew(ctx: ServerContext, shopIdParam: string, input: unknown, opts: PlaceOptions, k: KeyState): Promise<PlaceResult> {
  const shop = await getShop(ctx, shopIdParam);
  const config = shop.config;
  const r = v.safeParse(OrderSubmissionSchema, input, { abortPipeEarly: true });
  if (!r.success) {
    const i = r.issues[0];
    const path = v.getDotPath(i);
    throw new HttpError(400, 'invalid_request', path ? `${path}: ${i.message}` : i.message);
  }
  const p = r.output;
  const isTable = p.table !== undefined && p.table !== null;
  if (isTable && !opts.tableOrder) throw new HttpError(400, 'table_not_supported', 'Tischbestellungen nimmt dieser Server nicht an.');

  const { key, requestHash } = submissionKey(config.id, p, opts.idempotencyKey);

  if (isTable) {
    const existing = await findByKey(ctx.db, config.id, key, requestHash);
    if (existing) return { replayed: true, body: existing };
    return opts.tableOrder!(shop, p, key, requestHash);
  }
  // a new order's key is looked up only when it cannot be stored (placeOrder, and the conflict below)
  Object.assign(k, { shopId: config.id, key, requestHash });

  const now = ctx.now();
  const fv = p.formValues;
  const deliveryType = fv.isPickup ? 'pickup' : 'delivery';
  if (deliveryType === 'delivery' && !config.flags.supportDelivery) throw new CheckoutRuleError({ code: 'deliveryUnsupported', title: 'Lieferung', text: 'Dieser Shop liefert nicht. Bitte wähle Abholung.', kind: 'alert' });
  if (deliveryType === 'pickup' && !config.flags.supportPickup) throw new CheckoutRuleError({ code: 'pickupUnsupported', title: 'Abholung', text: 'Bei diesem Shop ist keine Abholung möglich. Bitte wähle Lieferung.', kind: 'alert' });

  // 0. the shop's state during the day (shared/ops): paused or without a staff device it takes no
  // new orders; busy minutes move the serve times; sold-out lines are refused at step 3
  const live = await shopLive(ctx, config.id, now);
  if (!live.takingOrders) throw new CheckoutRuleError({ code: 'not_taking_orders', title: OPS_TEXTS.guestPausedTitle, text: live.notice ?? OPS_TEXTS.guestUnattended, kind: 'alert' }, undefined, 409);

  // 1. the form, field by field
  const form = checkoutFormErrors(fv, deliveryType);
  const period = deliveryPeriodOf(config, now, true, live);
  const serveAt = isAsap(fv.serveAt) ? null : fv.serveAt!.trim();
  const timeProblem = serveAtProblem(period, deliveryType, serveAt);
  if (timeProblem) form.serveAt = timeProblem;
  if (Object.keys(form).length) throw new FormError(form);

  // 2. the address: normalised by the gazetteer or the postal-code table (server/geo), zone by postal code or distance
  let zone = null as Awaited<ReturnType<typeof checkDeliveryAddress>>['zone'];
  let geo: ResolvedAddress | null = null;
  if (deliveryType === 'delivery') ({ geo, zone } = await checkDeliveryAddress(ctx, config, fv, p.skipGoogleValidation));

  // 3. price every line again from the server's catalog (client prices are never read)
  // a group order: the owner pays for every member's lines as the server holds them (routes/groupOrder.ts)
  const group = p.groupOrderId ? await groupOrderItems(ctx.db, config.id, p.groupOrderId, p.userId, p.orderItems) : null;
  const pricingCtx = pricingContext({ time: shopTime(config, now), deliveryType, groupOrderActive: group !== null });
  // a cart priced on an older version: its lines' names come from that version (the 409 explains what changed)
  const previousCatalog = p.catalogVersion && p.catalogVersion !== shop.catalogVersion ? await ctx.shops.catalogVersion(config.id, p.catalogVersion) : null;
  const restored = restoreCart(shop.catalog, group ? group.items : p.orderItems, { ctx: pricingCtx, hiddenTags: config.hiddenTags, previousCatalog, soldOut: new Set(live.soldOut) });
  if (restored.problems.length) {
    throw new CheckoutRuleError({ code: 'cart_changed', title: 'Warenkorb geändert', text: restored.problems.join(' '), kind: 'alert' }, undefined, 409);
  }
  if (previousCatalog) {
    // the cart showed the older version's prices: a changed one is explained, never charged unseen
    const before = restoreCart(previousCatalog, group ? group.items : p.orderItems, { ctx: pricingCtx, hiddenTags: config.hiddenTags });
    const changed = priceChanges(shop.catalog, before.items, restored.items);
    if (changed.length) throw new CheckoutRuleError({ code: 'cart_changed', title: 'Warenkorb geändert', text: changed.join(' '), kind: 'alert' }, undefined, 409);
  }
  const coupon = p.couponCode ? await usableCoupon(ctx.db, config.id, p.couponCode, now, fv.phone) : null;
  const twoForOneStatus = Object.fromEntries(p.confirmedTwoForOnePromotions.map((k) => [k, 'confirmed' as const]));
  const breakdown = priceOrder({
    catalog: shop.catalog,
    items: restored.items,
    ctx: pricingCtx,
    coupon,
    selectedFreeItems: p.selectedFreeItems,
    twoForOneStatus,
    delivery: zone ? zoneTerms(zone) : null,
  });
  if (breakdown.invalidLineIds.length) {
    throw new CheckoutRuleError({ code: 'invalidDish', title: 'Ungültiges Gericht', text: 'Ungültiges Gericht', kind: 'alert' }, undefined, 409);
  }

  // 4. the ten checkout checks in their order (shared/rules, the same code as the checkout)
  const method = checkOrderRules({ config, p, deliveryType, addressInDeliveryArea: zone !== null, breakdown, items: restored.items, coupon });

  // 5. store once (UNIQUE (shop_id, idempotency_key)); redeem the coupon in the same transaction
  const offline = paymentKind(method) === 'offline';
  const customer = {
    salutation: fv.salutation.trim(), name: fv.name.trim(), email: fv.email.trim(), phone: fv.phone.trim(),
    street: geo?.street ?? '', streetNumber: geo?.streetNumber ?? '', zip: geo?.zip ?? '', city: geo?.city ?? '',
    floor: fv.floor.trim(), company: fv.company.trim(), messageDriver: fv.messageDriver.trim(), messageCook: fv.messageCook.trim(),
    latitude: geo?.latitude ?? null, longitude: geo?.longitude ?? null,
    entered: deliveryType === 'delivery' ? { street: fv.street, streetNumber: fv.streetNumber, zip: fv.zip, city: fv.city } : null,
  };
  const lines = orderLines(shop.catalog, restored.items, breakdown);
  const orderId = newOrderId();
  const stored: StoredOrder = {
    seq: '', id: orderId, shop_id: config.id, status: offline ? 'confirmed' : 'received', payment_method: method,
    payment_status: offline ? 'on_delivery' : 'pending', payment_provider: offline ? null : (opts.providerName?.(method) ?? 'simulated'),
    payment_ref: null, delivery_type: deliveryType, serve_at: serveAt, customer, coupon_code: coupon?.code ?? null,
    subtotal: breakdown.itemsNonDiscounted, discount: breakdown.discounts.item + breakdown.discounts.twoForOne + breakdown.discounts.cartDiscount,
    coupon_amount: breakdown.discounts.coupon, deposit: breakdown.deposit, delivery_fee: breakdown.deliveryFee, total: breakdown.grandTotal,
    accept_advertising: p.acceptAdvertising, created_at: now, updated_at: now,
    lines: lines.map((l) => ({ position: l.position, kind: l.kind, name: l.name, amount: l.amount, unit_price: l.unit_price, total: l.total, extras: l.extras })),
  };
  const vat = orderVat(shop.catalog, restored.items, breakdown);
  // a cash order is in the restaurant's inbox at once (an online one once paid: payment.ts)
  if (offline) stored.inbox_at = now;
  const day = shopTime(config, now).date;
  // the day's number, the order, its lines and (cash) its place in the inbox in one statement:
  // fewer round trips per order (docs/benchmarks.md, server/orders/number.ts)
  const params: unknown[] = [
    orderId, config.id, key, requestHash, stored.status, method, stored.payment_status, deliveryType, serveAt,
    JSON.stringify(customer), stored.coupon_code, stored.subtotal, stored.discount, stored.coupon_amount,
    stored.deposit, stored.delivery_fee, stored.total,
    JSON.stringify({ ...pricingSummary(breakdown), vat }), p.sessionId, p.userId, p.acceptAdvertising, now.toISOString(), stored.payment_provider,
    offline ? now.toISOString() : null, opts.accountId ?? null, linesParam(lines), day,
  ];
  // a cash order's notifications (event, owed mails) in the same statement: the shop's day counter,
  // locked by this statement, is then not also held for a turn of Node's event loop and a second
  // round trip (on PostgreSQL every order of a shop waits for that lock: docs/benchmarks.md, "The
  // database side of an order"). The mails themselves are rendered by the outbox worker (owedMails.ts).
  const notes = offline
    ? await orderNotifications(ctx.db, ctx, config.id, stored, (value) => `$${params.push(value)}`, 'SELECT seq FROM o')
    : null;
  // A cash order without coupon, group or webhook is that ONE statement, sent without BEGIN/COMMIT:
  // PostgreSQL runs it as its own transaction, committed at its end, so the counter's lock is held
  // for the statement and its commit only — no COMMIT round trip, no turn of Node's event loop
  // (docs/decisions.md, "2026-11-26 — a cash order in autocommit"). Its key then has no ON CONFLICT:
  // a concurrent submission that won makes the whole statement fail (23505) — the counter, the
  // order, its event and owed mails undone with it — and that is OrderKeyTaken. Anything else that must
  // commit with the order (a coupon's redemption, the group's mark, the webhook) keeps the transaction.
  const single = notes !== null && !coupon && !group && !notes.writesWithOrder;
  const sql = `WITH ${dayNumberCte('$2', '$27')},
       o AS (
         INSERT INTO orders (id, shop_id, idempotency_key, request_hash, status, payment_method, payment_status, delivery_type, serve_at,
           customer, coupon_code, subtotal, discount, coupon_amount, deposit, delivery_fee, total, pricing, session_id, user_id, accept_advertising, created_at, updated_at, payment_provider,
           inbox_at, account_id, day_number, day)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$22,$23,$24,$25,(SELECT last FROM n),$27::date)
         ${single ? '' : 'ON CONFLICT (shop_id, idempotency_key) DO NOTHING '}RETURNING seq, day_number),
       l AS (${orderLinesInsert('o.seq', '$26', 'o, ')})${notes ? `,\n       ${notes.ctes.join(',\n       ')}` : ''}
       SELECT seq, day_number${notes ? `, ${notes.columns}` : ''} FROM o`;
  type Row = { seq: string; day_number: number };
  const stores = (row: Row) => {
    stored.day_number = Number(row.day_number);
    stored.seq = String(row.seq);
  };
  k.storing = true;
  const outcome = single
    ? await ctx.db.query<Row>(sql, params).then(
      ({ rows }) => {
        stores(rows[0]);
        return { seq: rows[0].seq };
      },
      (e: unknown) => {
        if (isUniqueViolation(e) && (e as { constraint?: unknown }).constraint === ORDER_KEY_CONSTRAINT) return { seq: null };
        throw e;
      },
    )
    : await ctx.db.transaction(async (tx) => {
      const ins = await tx.query<Row>(sql, params);
      const seq = ins.rows[0]?.seq;
      // a concurrent submission with the same key won: roll back (the day counter and the notifications too)
      if (!seq) throw new OrderKeyTaken();
      stores(ins.rows[0]);
      if (coupon) await redeemCoupon(tx, config.id, coupon.code, seq);
      if (group) await markGroupOrdered(tx, group.groupId, orderId, seq);
      await notes?.finish(tx);
      return { seq };
    }).catch((e: unknown) => {
      if (e instanceof OrderKeyTaken) return { seq: null };
      throw e;
    });
  if (!outcome.seq) {
    // a concurrent submission with the same key won
    const again = await findByKey(ctx.db, config.id, key, requestHash);
    if (again) return { replayed: true, body: again };
    throw new HttpError(409, 'conflict', 'Die Bestellung wird bereits bearbeitet.');
  }
  opts.kick?.();
  return { replayed: false, body: orderResponse(stored) };
}
