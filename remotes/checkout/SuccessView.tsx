// /checkout/success/{orderId}: order number, lines, totals, serve time and a live status
// (polling /status). The cart is emptied only once the order is confirmed or paid; a failed or
// cancelled payment goes back to the form with the cart kept. A PayPal-like approval coming back
// from the payment page is captured here first.
import { useEffect, useRef, useState } from 'react';
import * as v from '@shared/domain/valibot';
import { getApiConfig, startPolling } from '@shared/api';
import { getOrderInfo, getOrderStatus, type OrderOutcome, type OrderStatusInfo, OrderStatusSchema, CHECKOUT_UI as T, orderOutcome, STATUS_POLL_MS } from '@shared/checkout';
import { formatEuro } from '@shared/i18n';
import { euroToCents } from '@shared/domain';
import { clearCart, clearCoupon } from '@shared/stores';
import { Spinner } from '@shared/ui';
import { capture, loadAttempt, saveAttempt, type Notice } from './flow';
import { AfterOrderAccount } from './account';

interface InfoOrder {
  id: string;
  deliveryType: 'delivery' | 'pickup';
  serveAt: string | null;
  subtotal: number;
  discount: number;
  coupon: number;
  deposit: number;
  deliveryFee: number;
  total: number;
  paymentMethod: string;
  items: { name: string; amount: number; total: number; extras: { name: string; amount: number; price: number }[] }[];
}

/** euro (server answer) → the German price text */
const euro = (x: number) => formatEuro(euroToCents(x));

export interface SuccessViewProps {
  shopId: string;
  orderId: string;
  /** what the payment page reported on the way back (paid, failed, cancelled, approved, declined) */
  payment: string | null;
  onBack: (notice: Notice) => void;
}

export function SuccessView({ shopId, orderId, payment, onBack }: SuccessViewProps) {
  const [info, setInfo] = useState<InfoOrder | null>(null);
  const [status, setStatus] = useState<OrderStatusInfo | null>(null);
  const [missing, setMissing] = useState(false);
  const [ready, setReady] = useState(payment !== 'approved' && payment !== 'declined');
  const cleared = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // back from the payment page: failed / cancelled go back at once; a PayPal-like approval is captured
  useEffect(() => {
    if (payment === 'failed') return onBack('paymentFailed');
    if (payment === 'cancelled') return onBack('paymentCanceled');
    if (payment !== 'approved' && payment !== 'declined') return;
    const attempt = loadAttempt(shopId);
    if (!attempt?.ref || attempt.orderId !== orderId || !attempt.method) return onBack('paymentFailed');
    void capture(orderId, attempt.method, attempt.ref).then((r) => {
      if (r === 'success') setReady(true);
      else onBack(r === 'INSTRUMENT_DECLINED' ? 'instrumentDeclined' : 'paymentFailed');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!ready) return;
    let stop = false;
    getOrderInfo(orderId)
      .then((r) => !stop && setInfo(r.order as InfoOrder))
      .catch(() => !stop && setMissing(true));
    // the stream and the poll may both see a failed payment: go back once
    let left = false;
    const apply = (s: OrderStatusInfo): OrderOutcome => {
      const outcome = orderOutcome(s);
      if (left) return outcome;
      setStatus(s);
      if (outcome === 'failed' || outcome === 'cancelled') {
        left = true;
        es?.close();
        onBack(outcome === 'failed' ? 'paymentFailed' : 'paymentCanceled');
      } else if ((outcome === 'done' || outcome === 'refused') && !cleared.current) {
        cleared.current = true;
        clearCart();
        clearCoupon();
        saveAttempt(shopId, null);
      }
      return outcome;
    };
    // live: the server's event stream of this order; polling when it is not there
    let es: EventSource | null = null;
    if (typeof EventSource !== 'undefined') {
      const { shopBase } = getApiConfig();
      es = new EventSource(`${shopBase}/status/${encodeURIComponent(orderId)}/events`);
      es.addEventListener('status', (e) => {
        if (stop) return;
        try {
          const s = v.parse(OrderStatusSchema, JSON.parse((e as MessageEvent<string>).data));
          const outcome = apply(s);
          if (outcome === 'failed' || outcome === 'cancelled') es?.close();
        } catch {
          /* a malformed event: the next one or the poll corrects it */
        }
      });
    }
    // with a live stream the poll is only a safety net; a failed or cancelled payment ends it
    const poller = startPolling({
      load: () => getOrderStatus(orderId),
      intervalMs: (s) => {
        if (stop) return null;
        const outcome = s ? apply(s) : 'waiting';
        if (outcome === 'failed' || outcome === 'cancelled') return null;
        return es && es.readyState !== EventSource.CLOSED ? STATUS_POLL_MS.done : outcome === 'waiting' ? STATUS_POLL_MS.waiting : STATUS_POLL_MS.done;
      },
    });
    return () => {
      stop = true;
      es?.close();
      poller.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, orderId]);

  useEffect(() => {
    if (info) headingRef.current?.focus();
  }, [info]);

  if (missing) return <p role="alert">{T.orderNotFound}</p>;
  if (!info || !ready) return <Spinner label={T.loadingOrder} />;
  const pickup = info.deliveryType === 'pickup';
  return (
    <section className="co-success" aria-labelledby="co-success-title">
      <h3 id="co-success-title" tabIndex={-1} ref={headingRef}>
        {T.thanks}
      </h3>
      <dl className="co-facts">
        <div>
          <dt>{T.orderNumber}</dt>
          <dd>
            {status?.numberText && <strong data-testid="order-short-number">{status.numberText} · </strong>}
            <span data-testid="order-number">{info.id}</span>
          </dd>
        </div>
        <div>
          <dt>{pickup ? T.serveTimePickup : T.serveTimeDelivery}</dt>
          <dd>{info.serveAt ? `${info.serveAt} Uhr` : T.asap}</dd>
        </div>
        <div>
          <dt>{T.status}</dt>
          <dd role="status" data-testid="order-status" data-status={status?.status ?? ''}>
            {status?.refused ? status.refusedText : (status?.statusText ?? '…')}
            {status?.readyText && !status.refused && (
              <>
                <br />
                <strong data-testid="ready-text">{status.readyText}</strong>
              </>
            )}
            {status?.refundText && (
              <>
                <br />
                <span data-testid="refund-text">{status.refundText}</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{T.payment}</dt>
          <dd data-testid="payment-status" data-status={status?.paymentStatus ?? ''}>
            {status?.paymentStatusText ?? '…'}
          </dd>
        </div>
      </dl>
      <ul className="co-lines">
        {info.items.map((l, i) => (
          <li key={i}>
            <span>
              {l.amount}× {l.name}
              {l.extras.length > 0 && <small> ({l.extras.map((x) => x.name).join(', ')})</small>}
            </span>
            <span className="co-amount">{euro(l.total)}</span>
          </li>
        ))}
      </ul>
      <AfterOrderAccount orderId={info.id} />
      <dl className="co-totals">
        {info.discount > 0 && (
          <div>
            <dt>{T.discount}</dt>
            <dd>−{euro(info.discount)}</dd>
          </div>
        )}
        {info.coupon > 0 && (
          <div>
            <dt>{T.coupon}</dt>
            <dd>−{euro(info.coupon)}</dd>
          </div>
        )}
        {info.deposit > 0 && (
          <div>
            <dt>{T.deposit}</dt>
            <dd>{euro(info.deposit)}</dd>
          </div>
        )}
        {info.deliveryFee > 0 && (
          <div>
            <dt>{T.deliveryFee}</dt>
            <dd>{euro(info.deliveryFee)}</dd>
          </div>
        )}
        <div className="co-grand">
          <dt>{T.total}</dt>
          <dd data-testid="success-total">{euro(info.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
