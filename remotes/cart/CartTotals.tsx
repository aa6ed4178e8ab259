import type { OrderBreakdown } from '@shared/pricing';
import { formatEuro } from '@shared/i18n';
import { CART_TEXT, couponLine, minimumMissing } from './texts';

interface Row {
  key: string;
  label: string;
  cents: number;
  /** shown as a deduction */
  minus?: boolean;
  text?: string;
}

/** The engine's breakdown, row by row; each row carries its cents for tests (data-cents). */
export function totalRows(order: OrderBreakdown): Row[] {
  const rows: Row[] = [{ key: 'itemsNonDiscounted', label: CART_TEXT.itemsTotal, cents: order.itemsNonDiscounted }];
  if (order.discounts.item > 0) rows.push({ key: 'itemDiscount', label: CART_TEXT.itemDiscount, cents: order.discounts.item, minus: true });
  for (const g of order.twoForOne) {
    if (g.saving > 0) rows.push({ key: `twoForOne:${g.key}`, label: `${g.label}: ${g.title}`, cents: g.saving, minus: true });
  }
  rows.push({ key: 'subtotal', label: CART_TEXT.subtotal, cents: order.subtotal });
  for (const d of order.cartDiscounts) {
    if (d.applied && d.amount > 0) rows.push({ key: `cartDiscount:${d.offerId}`, label: d.title, cents: d.amount, minus: true });
  }
  for (const f of order.freeItems) {
    rows.push({ key: `freeItem:${f.offerId}`, label: `${CART_TEXT.freeItems}: ${f.name}`, cents: 0, text: CART_TEXT.free });
  }
  if (order.coupon?.applied && order.discounts.coupon > 0) {
    rows.push({ key: 'coupon', label: couponLine(order.coupon.code), cents: order.discounts.coupon, minus: true });
  }
  if (order.deposit > 0) rows.push({ key: 'deposit', label: CART_TEXT.deposit, cents: order.deposit });
  if (order.deliveryFee > 0 || order.deliveryFeeWaived) {
    rows.push({
      key: 'deliveryFee',
      label: CART_TEXT.deliveryFee,
      cents: order.deliveryFee,
      text: order.deliveryFeeWaived ? CART_TEXT.deliveryFree : undefined,
    });
  }
  rows.push({ key: 'grandTotal', label: CART_TEXT.grandTotal, cents: order.grandTotal });
  return rows;
}

export function CartTotals({ order }: { order: OrderBreakdown }) {
  const min = order.minimumOrder;
  return (
    <>
      <dl className="cart-totals">
        {totalRows(order).map((r) => (
          <div key={r.key} className={`cart-total cart-total--${r.key === 'grandTotal' ? 'grand' : 'row'}`} data-total={r.key} data-cents={r.minus ? -r.cents : r.cents}>
            <dt>{r.label}</dt>
            <dd>{r.text ?? `${r.minus ? '−' : ''}${formatEuro(r.cents)}`}</dd>
          </div>
        ))}
      </dl>
      {min.status === 'not-reached' && (
        <p className="cart-min cart-min--missing" data-missing={min.missing}>
          {minimumMissing(min.value, min.missing)}
        </p>
      )}
      {min.status === 'reached' && min.value > 0 && <p className="cart-min">{CART_TEXT.minimumReached}</p>}
    </>
  );
}
