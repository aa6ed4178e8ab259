// The cart opened from the cart button, as a dialog inside the widget (lazy chunk).
import { Dialog } from '@shared/dialog';
import { CART_TEXT } from './texts';
import type { WidgetHost } from '@shared/widget';
import CartPanel from './CartPanel';
import { useCartStyles } from './styles';

export default function CartDialog({ host, onClose }: { host?: WidgetHost; onClose: () => void }) {
  const ref = useCartStyles<HTMLSpanElement>();
  return (
    <>
      <span ref={ref} hidden />
      <div className="cart-dialog-host">
        <Dialog open onClose={onClose} header={CART_TEXT.title} footer={null} closeLabel={CART_TEXT.close} className="cart-dialog">
          <CartPanel host={host} onLeave={onClose} />
        </Dialog>
      </div>
    </>
  );
}
