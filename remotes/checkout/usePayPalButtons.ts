// The real PayPal buttons (a PayPal client id configured): create → approve → capture in the SDK's
// popup. The SDK keeps the handlers it got when the buttons were drawn; they call the latest ones.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { capture } from './flow';
import { renderPayPalButtons } from './sdk';

export interface PayPalCheckoutHandlers {
  /** sends the order; its id and the provider's reference for the popup (throws when the checkout stopped) */
  createOrder: () => Promise<{ orderId: string; ref: string }>;
  onCaptured: (orderId: string, result: Awaited<ReturnType<typeof capture>>) => void;
  onError: () => void;
  onCancel: () => void;
}

/** Draws the buttons into `container` while `clientId` is set. */
export function usePayPalButtons(container: RefObject<HTMLDivElement | null>, clientId: string | null, handlers: PayPalCheckoutHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const el = container.current;
    if (!clientId || !el) return;
    el.replaceChildren();
    let orderId = '';
    void renderPayPalButtons(clientId, el, {
      createOrder: async () => {
        const created = await latest.current.createOrder();
        orderId = created.orderId;
        return created.ref;
      },
      onApprove: async ({ orderID }) => latest.current.onCaptured(orderId, await capture(orderId, 'PayPal_Platform', orderID)),
      onError: () => latest.current.onError(),
      onCancel: () => latest.current.onCancel(),
    });
  }, [clientId, container]);
}
