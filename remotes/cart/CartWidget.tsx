import { useStore } from '@nanostores/react';
import { $bootstrap, $cart } from '@shared/stores';
import { formatEuro } from '@shared/i18n';
import type { WidgetProps } from '@shared/widget';

export function CartWidget(_props: WidgetProps) {
  const cart = useStore($cart);
  const boot = useStore($bootstrap);
  const names = new Map((boot.data?.catalog.dishes ?? []).map((d) => [d.id, d.name]));
  const count = cart.reduce((n, l) => n + l.amount, 0);
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">Warenkorb</h2>
      <p className="cart-count" data-count={count}>
        {count} Artikel
      </p>
      <ul>
        {cart.map((line) => (
          <li key={line.lineId} data-line-id={line.lineId}>
            <span>
              {line.amount}× {line.kind === 'dish' ? names.get(line.dishId) ?? line.dishId : line.menuId}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
