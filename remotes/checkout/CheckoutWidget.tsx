import { useStore } from '@nanostores/react';
import { $bootstrap, $cart } from '@shared/stores';
import type { WidgetProps } from '@shared/widget';

export function CheckoutWidget(_props: WidgetProps) {
  const boot = useStore($bootstrap);
  const cart = useStore($cart);
  if (boot.status !== 'ready' || !boot.data) return null;
  const c = boot.data.config;
  return (
    <section className="box" aria-labelledby="checkout-title">
      <h2 id="checkout-title">Kasse</h2>
      <p>
        Bestellung bei {c.restaurantName}: {cart.reduce((n, l) => n + l.amount, 0)} Artikel im Warenkorb.
      </p>
      <p>Zahlungsarten: {c.paymentMethods.join(', ')}</p>
    </section>
  );
}
