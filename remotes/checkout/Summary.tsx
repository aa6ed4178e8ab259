// The order summary beside the form: lines and totals as the shared pricing engine computes them
// (the server prices the same way and its answer is what the success page shows).
import type { CartItem, Catalog } from '@shared/domain';
import { CHECKOUT_UI as T } from '@shared/checkout';
import { formatEuro } from '@shared/i18n';
import { indexCatalog, type OrderBreakdown } from '@shared/pricing';

export function lineName(catalog: Catalog, item: CartItem): string {
  const idx = indexCatalog(catalog);
  if (item.kind === 'dish') {
    const dish = idx.dishes.get(item.dishId);
    const size = dish?.sizes.find((s) => s.id === item.sizeId);
    return `${dish?.name ?? item.dishId}${size && dish && dish.sizes.length > 1 ? ` (${size.name})` : ''}`;
  }
  return idx.menus.get(item.menuId)?.name ?? item.menuId;
}

export function Summary({ catalog, items, order }: { catalog: Catalog; items: CartItem[]; order: OrderBreakdown }) {
  const byId = new Map(items.map((i) => [i.lineId, i]));
  const discount = order.discounts.item + order.discounts.twoForOne + order.discounts.cartDiscount;
  return (
    <section className="co-summary" aria-labelledby="co-summary-title">
      <h3 id="co-summary-title">{T.summary}</h3>
      <ul className="co-lines">
        {order.lines.map((l) => {
          const item = byId.get(l.lineId);
          return (
            <li key={l.lineId}>
              <span>
                {l.amount}× {item ? lineName(catalog, item) : ''}
              </span>
              <span className="co-amount">{formatEuro(l.payable)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="co-totals">
        {discount > 0 && (
          <div>
            <dt>{T.discount}</dt>
            <dd>−{formatEuro(discount)}</dd>
          </div>
        )}
        {order.discounts.coupon > 0 && (
          <div>
            <dt>{T.coupon}</dt>
            <dd>−{formatEuro(order.discounts.coupon)}</dd>
          </div>
        )}
        {order.deposit > 0 && (
          <div>
            <dt>{T.deposit}</dt>
            <dd>{formatEuro(order.deposit)}</dd>
          </div>
        )}
        {order.deliveryFee > 0 && (
          <div>
            <dt>{T.deliveryFee}</dt>
            <dd>{formatEuro(order.deliveryFee)}</dd>
          </div>
        )}
        <div className="co-grand">
          <dt>
            {T.total} <span className="co-vat">{T.inclVat}</span>
          </dt>
          <dd data-testid="checkout-total">{formatEuro(order.grandTotal)}</dd>
        </div>
      </dl>
    </section>
  );
}
