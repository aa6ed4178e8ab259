// The cart widget's root: the compact cart button (foreign pages) or the full cart (the shell).
// Only this file, the button and their CSS load with the page; the cart's content, the dialogs
// and their styles come in a lazy chunk when they are needed (npm run size: cart button budget).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cartCount, $cartProblems, $couponReservation, $orderTotals, startCartAvailabilityCheck } from '@shared/stores';
import { formatEuro } from '@shared/i18n';
import { CART_TEXT, cartCountText } from './texts';
import { WIDE_QUERY, useFirstInstance, useMediaQuery, type WidgetProps } from '@shared/widget';

const CartPanel = lazy(() => import(/* webpackChunkName: "cart-panel" */ './CartPanel'));
const CartDialog = lazy(() => import(/* webpackChunkName: "cart-panel" */ './CartDialog'));
const CartNotices = lazy(() => import(/* webpackChunkName: "cart-panel" */ './CartNotices'));

export type CartVariant = 'button' | 'full';

export function cartVariant(props: WidgetProps): CartVariant {
  const v = props.options?.variant;
  if (v === 'button' || v === 'full') return v;
  return props.host?.inShell ? 'full' : 'button';
}


function CartIcon() {
  return (
    <svg className="cart-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.2l2.7 11.6a2 2 0 0 0 2 1.4h7.6a2 2 0 0 0 1.9-1.4L22 6H6.3L5.8 4H3V2Z" />
    </svg>
  );
}

/**
 * The cart button; `bar` is the phones' cart bar of the shell (fixed at the bottom, the title
 * visible, the total always shown).
 */
export function CartButton({
  onOpen,
  expanded,
  bar = false,
  buttonRef,
}: {
  onOpen: () => void;
  expanded: boolean;
  bar?: boolean;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}) {
  const count = useStore($cartCount);
  // The accessible name comes from the content, so it contains the visible text (WCAG 2.5.3):
  // 'Warenkorb, 2 Artikel, 8,50 €' with 'Warenkorb, ', ' Artikel' and ', ' visually hidden.
  // With lines the button keeps the empty button's 90 × 44 px box (the page reserved it: docs/embedding.md):
  // icon and count above, the total below (rootCss.ts).
  const className = bar ? 'cart-button cart-bar' : count > 0 ? 'cart-button cart-button--total' : 'cart-button';
  return (
    <button type="button" ref={buttonRef} className={className} aria-haspopup="dialog" aria-expanded={expanded} onClick={onOpen}>
      <CartIcon />
      {bar ? (
        <span className="cart-bar__title">{CART_TEXT.title}</span>
      ) : (
        <span className="tl-visually-hidden">{`${CART_TEXT.title}, `}</span>
      )}
      <span className="cart-count" data-count={count}>
        {count}
      </span>
      {bar || count > 0 ? <CartButtonTotal /> : <span className="tl-visually-hidden">{` ${CART_TEXT.items}`}</span>}
    </button>
  );
}

/**
 * The engine's total; only read while it is shown (an empty cart's button shows none), so the
 * cart's pricing is loaded with the first line, not with the button.
 */
function CartButtonTotal() {
  const order = useStore($orderTotals);
  return (
    <>
      <span className="tl-visually-hidden">{` ${CART_TEXT.items}${order ? ', ' : ''}`}</span>
      {order && <span className="cart-button__total">{formatEuro(order.grandTotal)}</span>}
    </>
  );
}

/**
 * On a restaurant's page the phones' cart bar lies over the end of the page (its footer with the
 * address and phone): an empty element of the bar's height after the page's content reserves
 * that space while the bar is shown (docs/embedding.md). The shell reserves it in its own CSS.
 */
function useBarSpace(bar: HTMLElement | null) {
  useEffect(() => {
    if (!bar) return;
    const spacer = document.createElement('div');
    spacer.setAttribute('aria-hidden', 'true');
    spacer.setAttribute('data-tischlein-bar-space', '');
    document.body.appendChild(spacer);
    const size = () => {
      spacer.style.height = `${bar.offsetHeight}px`;
    };
    size();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : null;
    ro?.observe(bar);
    return () => {
      ro?.disconnect();
      spacer.remove();
    };
  }, [bar]);
}

export function CartRoot(props: WidgetProps) {
  const variant = cartVariant(props);
  const [open, setOpen] = useState(false);
  const first = useFirstInstance('cart');
  const problems = useStore($cartProblems);
  const reservation = useStore($couponReservation);
  const count = useStore($cartCount);
  // Below md (phones, small tablets) the shell's full cart is a bar at the bottom that opens it as a sheet.
  const wide = useMediaQuery(WIDE_QUERY);
  const asBar = variant === 'full' && !wide;
  const [barEl, setBarEl] = useState<HTMLButtonElement | null>(null);
  useBarSpace(asBar && !props.host?.inShell ? barEl : null);

  useEffect(() => startCartAvailabilityCheck(), []);

  const notices = first && (problems.length > 0 || reservation !== null);

  return (
    <div className={`cart-root cart-root--${variant}`} data-variant={variant}>
      {variant === 'button' || asBar ? (
        <CartButton onOpen={() => setOpen(true)} expanded={open} bar={asBar} buttonRef={asBar ? setBarEl : undefined} />
      ) : (
        <section className="cart-full" aria-labelledby="cart-title">
          <div className="cart-header">
            <h2 id="cart-title">{CART_TEXT.title}</h2>
            <span className="cart-count" data-count={count}>
              {cartCountText(count)}
            </span>
          </div>
          <Suspense fallback={<p role="status">{CART_TEXT.loading}</p>}>
            <CartPanel host={props.host} />
          </Suspense>
        </section>
      )}
      {(variant === 'button' || asBar) && open && (
        <Suspense fallback={null}>
          <CartDialog host={props.host} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {notices && (
        <Suspense fallback={null}>
          <CartNotices />
        </Suspense>
      )}
    </div>
  );
}
