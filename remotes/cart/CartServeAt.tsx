// The order time (serveAt) of this shop's cart ("for every shop
// in the cart/checkout"): the shared select connected to the shared store. Shown when the shop
// offers a time at all (ASAP or serve times, pre-orders included).
import { useStore } from '@nanostores/react';
import { INFO_DIALOG_TEXT } from '@shared/checkout';
import { $serveAt, $serveAtChoices, $serveAtNotice, setServeAt } from '@shared/stores';
import { ServeAtSelect } from '@shared/dialog';

export function CartServeAt() {
  const choices = useStore($serveAtChoices);
  const value = useStore($serveAt);
  const notice = useStore($serveAtNotice);
  if (!choices.asap && choices.times.length === 0) return null;
  return (
    <div className="cart-serveat" data-cart-serve-at>
      <ServeAtSelect asap={choices.asap} times={choices.times} value={value} onChange={setServeAt} label={INFO_DIALOG_TEXT.serveAtLabel} hint={null} notice={notice} />
    </div>
  );
}
