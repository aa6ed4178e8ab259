// POST /api/shop/{shopId}/order: validate, price again on the server's catalog, re-check the
// checkout rules, store the order once per idempotency key, queue the restaurant notification.
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { CartItem, CouponInfo, PaymentMethod } from '@shared/domain';
import { indexCatalog, pricingContext, type OrderBreakdown } from '@shared/pricing';
import { orderVat, priceChanges, priceOrder, restoreCart } from '@shared/cartpricing';
import { submissionFingerprint, type CheckoutField, type FormErrors, checkoutFormErrors, isAsap, ORDER_FORM_TEXTS, paymentKind, serveAtProblem, isPaymentMethodAvailable, unsuitedItems, validateCheckout } from '@shared/checkout';
import { couponPhoneAllowed } from '@shared/pages';
import { deliveryPeriodOf, getShop, shopTime, type ServerContext } from '../context';
import type { DbQuery } from '../db';
import type { ShopRecord } from '../shops/repository';
import { deliveryZoneFor, zoneTerms } from '@shared/rules/deliveryZones';
import { distanceKm, GeoError, roundKm, streetKey } from '../geo';
import { HttpError } from '../http';
import { groupOrderItems, markGroupOrdered } from '../routes/groupOrder';
import { queueOrderNotifications, type NotifyOptions } from './notify';
import { assignDayNumber } from './number';
import { loadOrderBySeq, orderResponse, type OrderResponse, type StoredOrder } from './read';
import { findCoupon } from './coupons';
import { isPaymentMethod } from '@shared/domain/shop';

// NUL characters cannot be stored in PostgreSQL text: dropped
const text = (max = 2000) => v.optional(v.pipe(v.string('expected a string'), v.maxLength(max, `expected at most ${max} characters`), v.transform((x) => x.replace(/\0/g, ''))), '');
const id = v.nullish(v.pipe(v.string('expected a string'), v.maxLength(200, 'expected at most 200 characters'), v.transform((x) => x.replace(/\0/g, ''))), null);
const flag = v.optional(v.boolean('expected true or false'), false);

export const FormValuesSchema = v.object({
  salutation: text(), name: text(), street: text(), streetNumber: text(), zip: text(), city: text(),
  email: text(), phone: text(), messageDriver: text(), messageCook: text(), floor: text(), company: text(),
  paymentMethod: text(40),
  isPickup: flag,
  serveAt: v.optional(v.nullable(text(10)), ''),
});

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The spec's order submission payload plus four own fields (docs/api.md). */
export const OrderSubmissionSchema = v.object({
  formValues: FormValuesSchema,
  orderItems: v.pipe(v.array(v.unknown(), 'expected a list of cart lines'), v.maxLength(100, 'expected at most 100 lines')),
  couponCode: v.nullish(v.pipe(v.string(), v.maxLength(64, 'expected at most 64 characters')), null),
  sessionId: id,
  userId: id,
  groupOrderId: id,
  acceptAdvertising: flag,
  useDishDeposit: flag,
  account: id,
  createAccount: flag,
  skipGoogleValidation: flag,
  selectedFreeItems: v.optional(
    v.pipe(
      v.array(v.object({ offerId: v.pipe(v.string(), v.maxLength(100)), dishId: v.pipe(v.string(), v.maxLength(100)), sizeId: v.nullish(v.pipe(v.string(), v.maxLength(100)), null) })),
      v.maxLength(20, 'expected at most 20 free items'),
    ),
    () => [],
  ),
  confirmedTwoForOnePromotions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50)), () => []),
  expectedTwoForOnePromotions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50)), () => []),
  table: v.optional(v.unknown()),
  // table orders: messageCook and paymentMethod beside empty form values
  messageCook: text(),
  paymentMethod: text(40),
  // own fields
  idempotencyKey: v.optional(v.pipe(v.string(), v.regex(IDEMPOTENCY_KEY, 'expected 8-128 letters, digits or _.:-'))),
  legalAccepted: flag,
  pickupConfirmed: flag,
  viaPayPalButton: flag,
  // own: the catalog version the cart was priced on (bootstrap's catalogVersion): names what changed since
  catalogVersion: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}-[0-9a-f]{12}$/, "expected a catalog version like '3-0123456789ab'"))),
});

export type OrderSubmissionInput = v.InferOutput<typeof OrderSubmissionSchema>;

/** 400 with per-field messages (the checkout shows each under its field). */
export class FormError extends HttpError {
  constructor(readonly form: FormErrors, message = 'Bitte prüfe die markierten Felder.') {
    super(400, 'invalid_form', message);
  }
}

/** A failed checkout rule: title + text for the alert; `form` when it belongs to a field. */
export class CheckoutRuleError extends HttpError {
  constructor(readonly rule: { code: string; title: string; text: string; kind: 'alert' | 'confirm' }, readonly form?: FormErrors, status: 400 | 409 = 400) {
    super(status, rule.code, rule.text);
  }
}

/** 409 code 2: the gazetteer normalised the address differently than entered. */
export class AddressCorrectedError extends HttpError {
  constructor(readonly assumedLocation: { street: string; streetNumber: string; zip: string; city: string }) {
    super(409, 'address_corrected', `${ORDER_FORM_TEXTS.addressCorrectedTitle}: ${assumedLocation.street} ${assumedLocation.streetNumber}, ${assumedLocation.zip} ${assumedLocation.city}`);
  }
}

const RULE_FIELD: Partial<Record<string, CheckoutField>> = {
  email: 'email', paymentMethod: 'paymentMethod', legalAcceptance: 'legalAccepted', pickupConfirmation: 'pickupConfirmed', accountConsent: 'acceptAdvertising',
};

export interface PlaceResult {
  /** true when an earlier submission with the same key made the order */
  replayed: boolean;
  body: OrderResponse;
}

export function newOrderId(): string {
  return randomBytes(12).toString('base64url'); // 96 bits, 16 characters
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export interface PlaceOptions extends NotifyOptions {
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

/** The order's lines, in one statement (NUL characters cannot be stored in PostgreSQL text). */
export async function insertOrderLines(tx: DbQuery, seq: string | number, lines: readonly unknown[]): Promise<void> {
  if (!lines.length) return;
  await tx.query(
    `INSERT INTO order_lines (order_seq, position, kind, item_id, size_id, name, amount, unit_price, total, extras, item)
     SELECT $1, x.position, x.kind, x.item_id, x.size_id, x.name, x.amount, x.unit_price, x.total, x.extras, x.item
     FROM jsonb_to_recordset($2::jsonb) AS x(position int, kind text, item_id text, size_id text, name text, amount int, unit_price int, total int, extras jsonb, item jsonb)`,
    [seq, JSON.stringify(lines).replace(/\\u0000/g, '')],
  );
}

export async function placeOrder(ctx: ServerContext, shopIdParam: string, input: unknown, opts: PlaceOptions): Promise<PlaceResult> {
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

  const headerKey = opts.idempotencyKey?.trim() || null;
  if (headerKey && !IDEMPOTENCY_KEY.test(headerKey)) throw new HttpError(400, 'invalid_request', 'Idempotency-Key: expected 8-128 letters, digits or _.:-');
  if (headerKey && p.idempotencyKey && headerKey !== p.idempotencyKey) throw new HttpError(400, 'invalid_request', 'Idempotency-Key header and idempotencyKey differ');
  // the same attempt however the client priced its lines (it never decides a price)
  const requestHash = sha256(submissionFingerprint(p));
  // without a key, the same body in the same session counts as the same checkout attempt
  const key = headerKey ?? p.idempotencyKey ?? `auto:${sha256(`${config.id}\n${p.sessionId ?? ''}\n${requestHash}`)}`;

  const existing = await findByKey(ctx.db, config.id, key, requestHash);
  if (existing) return { replayed: true, body: existing };
  if (isTable) return opts.tableOrder!(shop, p, key, requestHash);

  const now = ctx.now();
  const fv = p.formValues;
  const deliveryType = fv.isPickup ? 'pickup' : 'delivery';
  if (deliveryType === 'delivery' && !config.flags.supportDelivery) throw new CheckoutRuleError({ code: 'deliveryUnsupported', title: 'Lieferung', text: 'Dieser Shop liefert nicht. Bitte wähle Abholung.', kind: 'alert' });
  if (deliveryType === 'pickup' && !config.flags.supportPickup) throw new CheckoutRuleError({ code: 'pickupUnsupported', title: 'Abholung', text: 'Bei diesem Shop ist keine Abholung möglich. Bitte wähle Lieferung.', kind: 'alert' });

  // 1. the form, field by field
  const form = checkoutFormErrors(fv, deliveryType);
  const period = deliveryPeriodOf(config, now);
  const serveAt = isAsap(fv.serveAt) ? null : fv.serveAt!.trim();
  const timeProblem = serveAtProblem(period, deliveryType, serveAt);
  if (timeProblem) form.serveAt = timeProblem;
  if (Object.keys(form).length) throw new FormError(form);

  // 2. the address: normalised by the gazetteer or the postal-code table (server/geo), zone by postal code or distance
  let zone = null as ReturnType<typeof deliveryZoneFor>;
  let geo: Awaited<ReturnType<typeof ctx.resolveAddress>> | null = null;
  if (deliveryType === 'delivery') {
    try {
      geo = await ctx.resolveAddress(`${fv.street} ${fv.streetNumber}, ${fv.zip} ${fv.city}`);
    } catch (e) {
      if (e instanceof GeoError) throw new FormError({ street: e.message }, e.message);
      throw e;
    }
    const differs = streetKey(geo.street) !== streetKey(fv.street.trim()) || geo.zip !== fv.zip.trim()
      || geo.city.toLowerCase() !== fv.city.trim().toLowerCase() || geo.streetNumber.toLowerCase() !== fv.streetNumber.replace(/\s+/g, '').toLowerCase();
    const cosmetic = !differs && (geo.street !== fv.street.trim() || geo.city !== fv.city.trim());
    if ((differs || cosmetic) && !p.skipGoogleValidation) {
      throw new AddressCorrectedError({ street: geo.street, streetNumber: geo.streetNumber, zip: geo.zip, city: geo.city });
    }
    zone = config.flags.supportDelivery ? deliveryZoneFor(config.deliveryZones, { zip: geo.zip, distanceKm: roundKm(distanceKm(config, geo)) }) : null;
  }

  // 3. price every line again from the server's catalog (client prices are never read)
  // a group order: the owner pays for every member's lines as the server holds them (routes/groupOrder.ts)
  const group = p.groupOrderId ? await groupOrderItems(ctx.db, config.id, p.groupOrderId, p.userId, p.orderItems) : null;
  const pricingCtx = pricingContext({ time: shopTime(config, now), deliveryType, groupOrderActive: group !== null });
  // a cart priced on an older version: its lines' names come from that version (the 409 explains what changed)
  const previousCatalog = p.catalogVersion && p.catalogVersion !== shop.catalogVersion ? await ctx.shops.catalogVersion(config.id, p.catalogVersion) : null;
  const restored = restoreCart(shop.catalog, group ? group.items : p.orderItems, { ctx: pricingCtx, hiddenTags: config.hiddenTags, previousCatalog });
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
  const method = isPaymentMethod(fv.paymentMethod) ? fv.paymentMethod : null;
  if (fv.paymentMethod && !method) throw new FormError({ paymentMethod: ORDER_FORM_TEXTS.paymentMethodUnavailable });
  const failure = validateCheckout({
    deliveryType,
    franchiseMode: !!config.franchiseId,
    paymentMethod: method,
    viaPayPalButton: p.viaPayPalButton,
    addressInDeliveryArea: zone !== null,
    minimumOrderStatus: breakdown.minimumOrder.status,
    legalAccepted: p.legalAccepted,
    email: fv.email,
    config,
    subtotalAfterDiscountMinusCoupon: breakdown.subtotalAfterCoupon,
    createAccount: p.createAccount,
    acceptAdvertising: p.acceptAdvertising,
    nextDayDelivery: false, // serve times are today's (shared/time)
    pickupConfirmed: p.pickupConfirmed,
    itemCount: restored.items.length,
    unsuitedCount: unsuitedItems(restored.items, deliveryType).length,
  });
  if (failure) {
    const field = RULE_FIELD[failure.code];
    throw new CheckoutRuleError(failure, field ? { [field]: failure.text } : undefined);
  }
  if (!isPaymentMethodAvailable(config, method!, deliveryType)) throw new FormError({ paymentMethod: ORDER_FORM_TEXTS.paymentMethodUnavailable });
  if (p.couponCode && !coupon) throw new CheckoutRuleError({ code: 'invalid_coupon', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponInvalid, kind: 'alert' }, undefined, 409);
  if (coupon && !breakdown.coupon?.applied) throw new CheckoutRuleError({ code: 'coupon_minimum', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponMinimum, kind: 'alert' }, undefined, 409);

  // 5. store once (UNIQUE (shop_id, idempotency_key)); redeem the coupon in the same transaction
  const offline = paymentKind(method!) === 'offline';
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
    seq: '', id: orderId, shop_id: config.id, status: offline ? 'confirmed' : 'received', payment_method: method!,
    payment_status: offline ? 'on_delivery' : 'pending', payment_provider: offline ? null : (opts.providerName?.(method!) ?? 'simulated'),
    payment_ref: null, delivery_type: deliveryType, serve_at: serveAt, customer, coupon_code: coupon?.code ?? null,
    subtotal: breakdown.itemsNonDiscounted, discount: breakdown.discounts.item + breakdown.discounts.twoForOne + breakdown.discounts.cartDiscount,
    coupon_amount: breakdown.discounts.coupon, deposit: breakdown.deposit, delivery_fee: breakdown.deliveryFee, total: breakdown.grandTotal,
    accept_advertising: p.acceptAdvertising, created_at: now, updated_at: now,
    lines: lines.map((l) => ({ position: l.position, kind: l.kind, name: l.name, amount: l.amount, unit_price: l.unit_price, total: l.total, extras: l.extras })),
  };
  const outcome = await ctx.db.transaction(async (tx) => {
    const ins = await tx.query<{ seq: string }>(
      `INSERT INTO orders (id, shop_id, idempotency_key, request_hash, status, payment_method, payment_status, delivery_type, serve_at,
         customer, coupon_code, subtotal, discount, coupon_amount, deposit, delivery_fee, total, pricing, session_id, user_id, accept_advertising, created_at, updated_at, payment_provider)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$22,$23)
       ON CONFLICT (shop_id, idempotency_key) DO NOTHING RETURNING seq`,
      [
        orderId, config.id, key, requestHash, stored.status, method, stored.payment_status, deliveryType, serveAt,
        JSON.stringify(customer), stored.coupon_code, stored.subtotal, stored.discount, stored.coupon_amount,
        stored.deposit, stored.delivery_fee, stored.total,
        JSON.stringify({ ...pricingSummary(breakdown), vat: orderVat(shop.catalog, restored.items, breakdown) }), p.sessionId, p.userId, p.acceptAdvertising, now.toISOString(), stored.payment_provider,
      ],
    );
    const seq = ins.rows[0]?.seq;
    if (!seq) return { seq: null };
    await insertOrderLines(tx, seq, lines);
    stored.day_number = await assignDayNumber(tx, config.id, seq, shopTime(config, now).date);
    if (coupon) {
      // conditional update: concurrent orders wait on the row lock and re-check uses < max_uses
      const red = await tx.query(
        `UPDATE coupons SET uses = uses + 1 WHERE shop_id = $1 AND code = $2 AND (max_uses IS NULL OR uses < max_uses) RETURNING code`,
        [config.id, coupon.code],
      );
      if (!red.rows.length) throw new CheckoutRuleError({ code: 'coupon_used_up', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponUsedUp, kind: 'alert' }, undefined, 409);
      await tx.query('INSERT INTO coupon_redemptions (shop_id, code, order_seq) VALUES ($1, $2, $3)', [config.id, coupon.code, seq]);
    }
    if (group) await markGroupOrdered(tx, group.groupId, orderId, seq);
    stored.seq = String(seq);
    if (opts.accountId) await tx.query('UPDATE orders SET account_id = $1 WHERE seq = $2', [opts.accountId, seq]);
    if (offline) await queueOrderNotifications(tx, ctx, config.id, stored, opts);
    return { seq };
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

/** The order stored under an idempotency key (a replay), or null; another request under the same key is a 409. */
export async function findByKey(q: DbQuery, shopId: string, key: string, requestHash: string): Promise<OrderResponse | null> {
  const { rows } = await q.query<{ seq: string; request_hash: string }>('SELECT seq, request_hash FROM orders WHERE shop_id = $1 AND idempotency_key = $2', [shopId, key]);
  if (!rows[0]) return null;
  if (rows[0].request_hash !== requestHash) {
    throw new HttpError(409, 'idempotency_mismatch', 'Dieser Idempotency-Key gehört zu einer anderen Bestellung.');
  }
  const order = await loadOrderBySeq(q, rows[0].seq);
  return order ? orderResponse(order) : null;
}

async function usableCoupon(q: DbQuery, shopId: string, code: string, now: Date, phone: string): Promise<CouponInfo | null> {
  const c = await findCoupon(q, shopId, code, now);
  if (!c) return null;
  if (c.usedUp) {
    throw new CheckoutRuleError({ code: 'coupon_used_up', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponUsedUp, kind: 'alert' }, undefined, 409);
  }
  if (!couponPhoneAllowed(c.reservedPhone, phone)) {
    throw new CheckoutRuleError({ code: 'coupon_other_phone', title: 'Gutschein', text: ORDER_FORM_TEXTS.couponOtherPhone, kind: 'alert' }, { phone: ORDER_FORM_TEXTS.couponOtherPhone }, 409);
  }
  return c.info;
}

export function pricingSummary(b: OrderBreakdown) {
  return {
    itemsNonDiscounted: b.itemsNonDiscounted, itemsTotal: b.itemsTotal, discounts: b.discounts, subtotal: b.subtotal,
    discountedSubtotal: b.discountedSubtotal, subtotalAfterCoupon: b.subtotalAfterCoupon, deposit: b.deposit,
    deliveryFee: b.deliveryFee, deliveryFeeWaived: b.deliveryFeeWaived, grandTotal: b.grandTotal,
    twoForOne: b.twoForOne.filter((g) => g.applied).map((g) => ({ key: g.key, saving: g.saving })),
    freeItems: b.freeItems.map((f) => ({ offerId: f.offerId, dishId: f.dishId, value: f.value })),
  };
}

interface LineRow {
  position: number;
  kind: 'dish' | 'menu' | 'free';
  item_id: string;
  size_id: string | null;
  name: string;
  amount: number;
  unit_price: number;
  total: number;
  extras: { name: string; amount: number; price: number }[];
  item: unknown;
}

export function orderLines(catalog: Parameters<typeof indexCatalog>[0], items: CartItem[], b: OrderBreakdown): LineRow[] {
  const idx = indexCatalog(catalog);
  const byId = new Map(items.map((i) => [i.lineId, i]));
  const rows: LineRow[] = b.lines.map((l, position) => {
    const item = byId.get(l.lineId)!;
    let name: string;
    let itemId: string;
    let sizeId: string | null = null;
    let extras: LineRow['extras'] = [];
    if (item.kind === 'dish') {
      const dish = idx.dishes.get(item.dishId);
      const size = dish?.sizes.find((s) => s.id === item.sizeId);
      name = `${dish?.name ?? item.dishId}${size ? ` (${size.name})` : ''}`;
      itemId = item.dishId;
      sizeId = item.sizeId;
      const names = new Map(item.extras.map((x) => [`${x.groupId}/${x.itemId}`, x.itemName]));
      extras = l.extras.map((x) => ({ name: names.get(`${x.groupId}/${x.itemId}`) ?? x.itemId, amount: x.amount, price: x.unitPrice }));
    } else {
      const menu = idx.menus.get(item.menuId);
      name = menu?.name ?? item.menuId;
      itemId = item.menuId;
      extras = item.subitems.map((s) => ({ name: idx.dishes.get(s.dishId)?.name ?? s.dishId, amount: s.amount, price: 0 }));
    }
    return { position, kind: item.kind, item_id: itemId, size_id: sizeId, name, amount: l.amount, unit_price: l.unitPrice, total: l.payable, extras, item };
  });
  b.freeItems.forEach((f) => {
    rows.push({ position: rows.length, kind: 'free', item_id: f.dishId, size_id: f.sizeId, name: `${f.name} (gratis)`, amount: 1, unit_price: 0, total: 0, extras: [], item: f });
  });
  return rows;
}

