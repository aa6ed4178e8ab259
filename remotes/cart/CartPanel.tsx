// The cart's content (lazy chunk): lines, offers, coupon, totals and the way to checkout.
import { useStore } from '@nanostores/react';
import { CART_TEXT } from './texts';
import { $cart, $catalog, $orderTotals, $ordersNotice, $selectedFreeItems, $tableNumber, openDishEditor } from '@shared/stores';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from '@shared/ops/guestTexts';
import { Button, Spinner } from '@shared/ui';
import type { WidgetHost } from '@shared/widget';
import { CartLines } from './CartLines';
import { CartOffers, FreeDeliveryBanner } from './CartOffers';
import { CartTotals } from './CartTotals';
import { CouponForm } from './CouponForm';
import { CartServeAt } from './CartServeAt';
import { useCartStyles } from './styles';

/** Edit a line in the menu widget's dialog; without a menu on this page, go to the shop. */
export function editLine(host: WidgetHost | undefined, lineId: string): void {
  openDishEditor(lineId);
  const menuHere = typeof document !== 'undefined' && document.querySelector('tischlein-menu') !== null;
  if (!menuHere) host?.navigate('/');
}

export interface CartPanelProps {
  host?: WidgetHost;
  /** called before leaving the cart (edit, checkout): the dialog variant closes */
  onLeave?: () => void;
}

export default function CartPanel({ host, onLeave }: CartPanelProps) {
  const ref = useCartStyles<HTMLDivElement>();
  const items = useStore($cart);
  const catalog = useStore($catalog);
  const order = useStore($orderTotals);
  const selected = useStore($selectedFreeItems);
  // table orders take no coupon and no serve time
  const table = useStore($tableNumber);
  // paused or without a staff device (shared/stores/live.ts): said here, and no way to the checkout
  const notice = useStore($ordersNotice);
  const closed = notice !== null && table === null;

  if (!catalog || !order) {
    return (
      <div className="cart-panel" ref={ref}>
        <Spinner />
      </div>
    );
  }
  const empty = items.length === 0;
  return (
    <div className="cart-panel" ref={ref}>
      {closed && (
        <p className="cart-notice" role="status">
          <strong>{OPS_TEXTS.guestPausedTitle}</strong> {notice}
        </p>
      )}
      {table === null && <FreeDeliveryBanner order={order} catalog={catalog} />}
      {empty ? (
        <p className="cart-empty" tabIndex={-1}>
          {CART_TEXT.empty}
        </p>
      ) : (
        <CartLines
          items={items}
          order={order}
          catalog={catalog}
          onEdit={(lineId) => {
            onLeave?.();
            editLine(host, lineId);
          }}
        />
      )}
      {!empty && <CartOffers order={order} catalog={catalog} selected={selected} />}
      {!empty && table === null && <CouponForm order={order} />}
      {!empty && <CartTotals order={order} />}
      {!empty && table === null && <CartServeAt />}
      <Button
        block
        disabled={empty || closed}
        className="cart-checkout"
        onClick={() => {
          onLeave?.();
          host?.navigate('/checkout');
        }}
      >
        {CART_TEXT.checkout}
      </Button>
    </div>
  );
}
