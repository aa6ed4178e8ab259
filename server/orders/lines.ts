// What an order stores beside its totals: its id, one row per line (names from the catalog)
// and the pricing summary.
import type { CartItem } from '@shared/domain';
import { indexCatalog, type OrderBreakdown } from '@shared/pricing';
import type { DbQuery } from '../db';
import { randomId } from '../randomId';

export function newOrderId(): string {
  return randomId(12); // 96 bits, 16 characters
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

/**
 * The INSERT of an order's lines from a JSON array (parameter `linesParam`) for the order whose seq
 * is `seqExpr`, selected `from` more tables (a CTE of the order's INSERT).
 */
export function orderLinesInsert(seqExpr: string, linesParam: string, from = ''): string {
  return `INSERT INTO order_lines (order_seq, position, kind, item_id, size_id, name, amount, unit_price, total, extras, item)
     SELECT ${seqExpr}, x.position, x.kind, x.item_id, x.size_id, x.name, x.amount, x.unit_price, x.total, x.extras, x.item
     FROM ${from}jsonb_to_recordset(${linesParam}::jsonb) AS x(position int, kind text, item_id text, size_id text, name text, amount int, unit_price int, total int, extras jsonb, item jsonb)`;
}

/** The lines as the JSON parameter of orderLinesInsert (NUL characters cannot be stored in PostgreSQL text). */
export function linesParam(lines: readonly unknown[]): string {
  return JSON.stringify(lines).replace(/\\u0000/g, '');
}

/** The order's lines, in one statement. */
export async function insertOrderLines(tx: DbQuery, seq: string | number, lines: readonly unknown[]): Promise<void> {
  if (!lines.length) return;
  await tx.query(orderLinesInsert('$1', '$2'), [seq, linesParam(lines)]);
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
