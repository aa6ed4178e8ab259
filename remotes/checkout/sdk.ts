// Payment provider SDKs, loaded only here (the checkout remote), each in its own chunk the menu
// never loads: @stripe/stripe-js (Stripe.js before the redirect to the hosted checkout session)
// and @paypal/paypal-js (the PayPal buttons). Without keys (the simulated provider) neither loads.

/** Loads Stripe.js with the shop's publishable key (fraud signals on the checkout page). */
export async function loadStripeJs(publishableKey: string): Promise<boolean> {
  try {
    const { loadStripe } = await import(/* webpackChunkName: "sdk-stripe" */ '@stripe/stripe-js');
    return (await loadStripe(publishableKey)) !== null;
  } catch {
    return false; // the redirect works without it
  }
}

export interface PayPalButtonsHandlers {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onError: (err: unknown) => void;
  onCancel: () => void;
}

/** Renders the PayPal buttons into `container`; returns false when the SDK could not load. */
export async function renderPayPalButtons(clientId: string, container: HTMLElement, h: PayPalButtonsHandlers): Promise<boolean> {
  try {
    const { loadScript } = await import(/* webpackChunkName: "sdk-paypal" */ '@paypal/paypal-js');
    const paypal = await loadScript({ clientId, currency: 'EUR', intent: 'capture', components: 'buttons' });
    if (!paypal?.Buttons) return false;
    await paypal
      .Buttons({
        // 'buynow' (German: 'Jetzt kaufen'): a clear paying-order wording for §312j(3) BGB (docs/decisions.md)
        style: { layout: 'horizontal', label: 'buynow', height: 44 },
        createOrder: () => h.createOrder(),
        onApprove: (data) => h.onApprove({ orderID: data.orderID }),
        onError: (err) => h.onError(err),
        onCancel: () => h.onCancel(),
      })
      .render(container);
    return true;
  } catch {
    return false;
  }
}
