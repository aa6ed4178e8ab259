// <tischlein-checkout>: the checkout where the guest is. In the shop (shell) it is the
// /checkout, /checkout/{paymentCanceled} and /checkout/success/{orderId} pages; on a restaurant's
// own page it is that page's element or a full-screen sheet opened from the cart, and payments
// come back to that page. Moving on to the full shop carries the order with the hand-over hash.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CHECKOUT_UI as T, makeHandOver, withHandOver, readPaymentReturn, RETURN_ORDER_PARAM, RETURN_PARAM, stripReturnParams, locationOf } from '@shared/checkout';
import { startGroupSync } from '@shared/group';
import { $bootstrap, $cart, $deliveryType, $deliveryZone, $orderItems, $orderTotals, $serveAt, $tableNumber, local, parseJson, storageKeys } from '@shared/stores';
import { Dialog } from '@shared/dialog';
import { Spinner } from '@shared/ui';
import type { WidgetProps } from '@shared/widget';
import { CheckoutForm } from './CheckoutForm';
import { peekNotice, setNotice, type Notice } from './flow';
import { SuccessView } from './SuccessView';
import { TableOrder } from './TableOrder';

type View = { kind: 'form'; notice: Notice | null } | { kind: 'success'; orderId: string; payment: string | null };

const opt = (v: unknown) => (typeof v === 'string' ? v : v === true ? 'true' : '');

function replaceUrl(url: string) {
  try {
    history.replaceState(history.state, '', url);
  } catch {
    /* a sandboxed page */
  }
}

/**
 * The first view, from the URL and the notice a payment left. Pure: the widget renders in a
 * transition, and React may run this more than once before the first view is shown; the URL and
 * the notice are tidied up by `tidyAfterReturn` once it is.
 */
export function initialView(props: WidgetProps): View {
  const { host, options } = props;
  const ret = typeof location !== 'undefined' ? readPaymentReturn(location.href) : { view: null, orderId: null, payment: null };
  const successOrder = opt(options['success-order']);
  if (successOrder) return { kind: 'success', orderId: successOrder, payment: ret.payment };
  if (opt(options['payment-canceled'])) return { kind: 'form', notice: peekNotice(host.shopId) ?? 'paymentCanceled' };
  if (!host.inShell && ret.view) {
    if (ret.view === 'success' && ret.orderId) return { kind: 'success', orderId: ret.orderId, payment: ret.payment };
    return { kind: 'form', notice: 'paymentCanceled' };
  }
  return { kind: 'form', notice: peekNotice(host.shopId) };
}

/**
 * Once the first view is shown: a notice it shows is used up, and a reload does not replay the
 * payment's return. (A success view's own effect may leave a new notice before this runs: kept.)
 */
export function tidyAfterReturn(props: WidgetProps, shown: View): void {
  const { host, options } = props;
  if (shown.kind === 'form' && shown.notice !== null) setNotice(host.shopId, null);
  if (typeof location === 'undefined') return;
  const ret = readPaymentReturn(location.href);
  if (opt(options['success-order'])) {
    if (ret.payment) replaceUrl(stripReturnParams(location.href));
  } else if (!host.inShell && ret.view === 'success' && ret.orderId) {
    // keep the success marker (a reload shows the order again), drop the provider's parameters
    const u = new URL(stripReturnParams(location.href));
    u.searchParams.set(RETURN_PARAM, 'success');
    u.searchParams.set(RETURN_ORDER_PARAM, ret.orderId);
    if (u.href !== location.href) replaceUrl(u.href);
  } else if (!host.inShell && ret.view) {
    replaceUrl(stripReturnParams(location.href));
  }
}

export function CheckoutWidget(props: WidgetProps) {
  const { host, options } = props;
  const boot = useStore($bootstrap);
  // a group owner pays for the members' lines too (@shared/group keeps them current)
  const cart = useStore($orderItems);
  useEffect(() => startGroupSync(), []);
  const order = useStore($orderTotals);
  const table = useStore($tableNumber);
  const [view, setView] = useState<View>(() => initialView(props));
  const firstView = useRef(view);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first view is shown
  useEffect(() => tidyAfterReturn(props, firstView.current), []);
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  const sheet = opt(options.sheet) === 'true';
  const pageUrl = useMemo(() => (typeof location !== 'undefined' ? stripReturnParams(location.href) : ''), []);

  const onConfirmed = (orderId: string) => {
    if (host.inShell) return host.navigate(`/checkout/success/${encodeURIComponent(orderId)}`);
    const u = new URL(stripReturnParams(location.href));
    u.searchParams.set(RETURN_PARAM, 'success');
    u.searchParams.set(RETURN_ORDER_PARAM, orderId);
    replaceUrl(u.href);
    setView({ kind: 'success', orderId, payment: null });
  };
  const onBack = (notice: Notice) => {
    if (host.inShell) {
      setNotice(host.shopId, notice);
      return host.navigate('/checkout');
    }
    replaceUrl(stripReturnParams(location.href));
    setView({ kind: 'form', notice });
  };
  const toFullShop = () => {
    // the remembered form address (if any) and the zone travel with the cart
    const f = parseJson(local.get(storageKeys.checkoutForm(host.shopId))) as Record<string, string> | undefined;
    const address = f && locationOf({ street: f.street ?? '', streetNumber: f.streetNumber ?? '', zip: f.zip ?? '', city: f.city ?? '' })
      ? { street: f.street, streetNumber: f.streetNumber, zip: f.zip, city: f.city } : null;
    const h = makeHandOver({ deliveryType: $deliveryType.get(), cart: $cart.get(), serveAt: $serveAt.get(), address, zone: $deliveryZone.get() });
    location.assign(withHandOver(`${host.shopUrl}/`, h));
  };
  const close = () => {
    setOpen(false);
    // a closed checkout does not open again on reload
    if (!host.inShell) replaceUrl(stripReturnParams(location.href));
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot && root.host.hasAttribute('data-sheet')) root.host.remove();
  };

  let body: React.ReactNode;
  if (boot.status !== 'ready' || !boot.data || !order) body = <Spinner label={T.loadingOrder} />;
  else if (view.kind === 'success') {
    body = <SuccessView key={view.orderId} shopId={host.shopId} orderId={view.orderId} payment={view.payment} onBack={onBack} />;
  } else if (table !== null) {
    // table mode: the table order instead of the address form (it shows its own success over an emptied cart)
    body = <TableOrder host={host} config={boot.data.config} catalog={boot.data.catalog} table={table} order={order} pageUrl={pageUrl} onConfirmed={onConfirmed} />;
  } else if (cart.length === 0) {
    body = (
      <div className="co-empty">
        <p>{T.emptyCart}</p>
        {host.inShell ? (
          <a href={`${host.shopUrl}/`} onClick={(e) => { e.preventDefault(); host.navigate('/'); }}>{T.backToMenu}</a>
        ) : (
          sheet && <button type="button" className="tl-button tl-button--secondary" onClick={close}>{T.backToMenu}</button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {!host.inShell && (
          <p className="co-fullshop">
            <button type="button" className="co-link" onClick={toFullShop}>{T.toFullShop}</button>
          </p>
        )}
        <tischlein-account data-variant="checkout"></tischlein-account>
        <CheckoutForm
          host={host} config={boot.data.config} catalog={boot.data.catalog} order={order} notice={view.notice}
          onConfirmed={onConfirmed} pageUrl={pageUrl} stripeKey={opt(options['stripe-key']) || null}
        />
      </>
    );
  }

  if (sheet) {
    return (
      <div ref={ref}>
        <Dialog open={open} onClose={close} header={T.title} footer={null} className="co-sheet" persistent={false}>
          {body}
        </Dialog>
      </div>
    );
  }
  return (
    <section ref={ref} className="co-root" aria-labelledby="co-title">
      <h2 id="co-title">{view.kind === 'success' ? T.successTitle : T.title}</h2>
      {body}
    </section>
  );
}
