// Page-wide cart dialogs (lazy chunk): 'Warenkorb Probleme' after a restore and the
// 'Neuer Gutscheincode' confirm for a reserved coupon.
import { useStore } from '@nanostores/react';
import { AlertDialog, ConfirmDialog } from '@shared/dialog';
import { CART_PROBLEMS_SWITCHED, CART_PROBLEMS_TITLE, CART_TEXT, couponValueText, reservedCouponText } from './texts';
import {
  $cartProblems, $cartSwitchedFrom, $couponReservation, acceptCouponReservation, declineCouponReservation, dismissCartProblems,
} from '@shared/stores';
import { useCartStyles } from './styles';

export default function CartNotices() {
  const ref = useCartStyles<HTMLSpanElement>();
  const problems = useStore($cartProblems);
  const switchedFrom = useStore($cartSwitchedFrom);
  const reservation = useStore($couponReservation);
  return (
    <div className="cart-notices">
      <span ref={ref} hidden />
      <AlertDialog open={problems.length > 0} title={CART_PROBLEMS_TITLE} onClose={dismissCartProblems}>
        <div className="cart-problems-body">
          {switchedFrom ? (
            <>
              <p className="tl-dialog__message">{CART_PROBLEMS_SWITCHED}</p>
              <p className="tl-dialog__message">{CART_TEXT.problemsSwitchedText}</p>
            </>
          ) : (
            <p className="tl-dialog__message">{CART_TEXT.problemsText}</p>
          )}
          <ul className="cart-problems" aria-label={CART_TEXT.problemsListLabel}>
            {problems.map((p, i) => (
              <li key={`${i}:${p}`}>{p}</li>
            ))}
          </ul>
        </div>
      </AlertDialog>
      <ConfirmDialog
        open={problems.length === 0 && reservation !== null}
        title={CART_TEXT.reservedTitle}
        confirmLabel={CART_TEXT.reservedConfirm}
        cancelLabel={CART_TEXT.reservedKeep}
        onConfirm={() => void acceptCouponReservation()}
        onCancel={declineCouponReservation}
      >
        {reservation ? reservedCouponText(reservation.code, couponValueText(reservation.type, reservation.value)) : ''}
      </ConfirmDialog>
    </div>
  );
}
