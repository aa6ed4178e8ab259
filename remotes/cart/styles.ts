// The full cart's CSS (lazy chunk): the shared primitives plus the cart's own rules.
import { useLayoutEffect, useRef } from 'react';
import { uiCss } from '@shared/ui';
import { adoptStyles } from '@shared/widget';

export const cartCss = `${uiCss}
.cart-panel{display:flex;flex-direction:column;gap:1rem}
.cart-empty{margin:0;color:var(--tl-muted,#555)}
.cart-notice{margin:0;padding:.5rem .75rem;border-radius:var(--tl-radius,8px);background:#fff4e5;color:#5c3200;border:1px solid #e0a050}
.cart-lines{list-style:none;margin:0;padding:0}
.cart-line{display:grid;grid-template-columns:1fr auto;gap:.25rem .75rem;padding:.75rem 0;border-bottom:1px solid var(--tl-border,#e5e5e5)}
.cart-line:first-child{padding-top:0}
.cart-line__name{margin:0;font-size:1rem;font-weight:600;min-width:0;overflow-wrap:break-word}
.cart-line__size{font-weight:normal;color:var(--tl-muted,#555)}
.cart-line__details{grid-column:1/-1;margin:0;padding:0;list-style:none;color:var(--tl-muted,#555);font-size:.9rem}
.cart-line__price{text-align:right}
.cart-line__label{display:block;font-size:.8rem;color:var(--tl-accent,#2f6f4e)}
.cart-line__actions{grid-column:1/-1;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.cart-line__actions .tl-button{min-height:44px;padding:.25em .75em}
.cart-line--invalid .cart-line__name{color:var(--tl-error,#a1130c)}
.cart-banner{margin:0;padding:.5rem .75rem;border-radius:var(--tl-radius,8px);background:#eef6f0;color:#1d4a33;font-weight:600}
.cart-banner--reached{background:#1d4a33;color:#fff}
.cart-hint{margin:0;font-size:.9rem;color:var(--tl-muted,#555)}
.cart-hint--warn{color:#8a4b00}
.cart-offers{display:flex;flex-direction:column;gap:.5rem}
.cart-free{border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);padding:.5rem .75rem;margin:0}
.cart-free legend{font-weight:600;padding:0 .25rem}
.cart-free label{display:flex;align-items:center;gap:.5rem;min-height:44px}
.cart-free input{width:1.25rem;height:1.25rem;margin:0}
.cart-free__chosen{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin:0}
.cart-totals{margin:0;display:flex;flex-direction:column;gap:.25rem}
.cart-total{display:flex;justify-content:space-between;align-items:baseline;gap:1rem}
.cart-totals dt,.cart-totals dd{margin:0}
.cart-totals dt{min-width:0}
.cart-totals dd{text-align:right;font-variant-numeric:tabular-nums}
.cart-totals .cart-total--grand{font-weight:700;font-size:1.1rem;border-top:1px solid var(--tl-border,#e5e5e5);padding-top:.25rem}
.cart-min{margin:0;font-size:.95rem}
.cart-min--missing{color:#8a4b00;font-weight:600}
.cart-coupon{display:flex;flex-direction:column;gap:.5rem}
.cart-coupon form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem}
.cart-coupon label{display:flex;flex-direction:column;font-size:.9rem;flex:1 1 10rem}
.cart-coupon input{min-height:44px;padding:.4rem .6rem;border:1px solid #767676;border-radius:var(--tl-radius,8px);background:#fff;text-transform:uppercase}
.cart-coupon input[type="tel"]{text-transform:none}
.cart-coupon__state{margin:0;font-size:.9rem}
.cart-coupon__state--invalid{color:var(--tl-error,#a1130c)}
.cart-coupon__valid{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin:0}
.cart-problems{margin:.5rem 0 0;padding-left:1.25rem}
.cart-dialog .tl-dialog__body{padding-top:0}
/* below md the cart opens as a full-screen sheet (the shell's cart bar, the cart button) */
@media (max-width:1023.98px){
.cart-dialog{width:100%;max-width:100%;height:100dvh;max-height:100dvh;margin:0;border-radius:0}
.cart-dialog .tl-dialog__panel{height:100%}
}
`;

/** Adopts the full cart's stylesheet into the widget's shadow root once the lazy chunk mounts. */
export function useCartStyles<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (ref.current) adoptStyles(ref.current, 'cart-full', cartCss);
  }, []);
  return ref;
}
