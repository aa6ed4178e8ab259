// The cart button's own CSS (kept tiny: it loads on every foreign page). The full cart adopts
// its larger sheet (styles.ts) when its lazy chunk mounts.
import { CART_BUTTON_BOX, CART_FULL_BOX_HEIGHT } from '@shared/widget';

// The full cart is as high as its loading box (CART_FULL_BOX_HEIGHT) while its content's chunk comes and when empty.
// The button keeps the box the page and the loader reserved (CART_BUTTON_BOX), also with lines: icon and count
// above, the total below, at 13 px (up to '1.234,56 €' inside 90 px; a larger total widens it).
export const rootCss = `
:host{display:block;contain:style}
.tl-root{font-family:var(--tl-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);font-size:16px;line-height:1.5;color:var(--tl-fg,#222)}
.tl-root *,.tl-root *::before,.tl-root *::after{box-sizing:border-box}
.tl-root :focus{outline:none}
.tl-root :focus-visible{outline:3px solid var(--tl-accent,#1f6feb);outline-offset:2px}
.tl-root .cart-button{display:inline-flex;align-items:center;gap:.5em;min-height:44px;padding:.4em 1em;border:2px solid var(--tl-primary,#b1361e);border-radius:999px;background:var(--tl-primary,#b1361e);color:var(--tl-on-primary,#fff);font:inherit;font-weight:600;cursor:pointer;white-space:nowrap}
.tl-root .cart-button:hover{filter:brightness(1.08)}
.cart-button__icon{width:1.25em;height:1.25em;fill:currentColor}
.cart-button .cart-count{display:inline-block;min-width:1.6em;padding:0 .35em;border-radius:999px;background:var(--tl-on-primary,#fff);color:var(--tl-primary,#b1361e);text-align:center;font-variant-numeric:tabular-nums}
.cart-button__total{font-variant-numeric:tabular-nums}
.tl-root .cart-button:not(.cart-bar){min-width:${CART_BUTTON_BOX.width}px;justify-content:center}
.tl-root .cart-button--total{display:inline-grid;grid-template-columns:auto auto;place-content:center;align-items:center;gap:0 4px;padding:2px;line-height:16px}
.cart-button--total .cart-button__icon{width:18px;height:18px;justify-self:end}
.cart-button--total .cart-count{justify-self:start;min-width:20px;padding:0 4px;font-size:13px}
.cart-button--total .cart-button__total{grid-column:1/-1;font-size:13px;text-align:center}
.tl-root .cart-bar{position:fixed;left:0;right:0;bottom:0;z-index:1000;width:100%;min-height:56px;margin:0;padding:.5rem 1rem calc(.5rem + env(safe-area-inset-bottom,0px));border:0;border-radius:0;box-shadow:0 -2px 12px rgba(0,0,0,.25)}
.cart-bar__title{font-size:1.05rem}
.tl-root .cart-bar .cart-button__total{margin-left:auto;font-size:1.1rem}
.cart-header{display:flex;align-items:baseline;justify-content:space-between;gap:.5rem;margin:0 0 .5rem}
.cart-header h2{margin:0;font-size:1.2rem}
.cart-header .cart-count{color:var(--tl-muted,#555)}
.cart-full{min-height:${CART_FULL_BOX_HEIGHT}px;background:var(--tl-bg,#fff);border:1px solid var(--tl-border,#ddd);border-radius:var(--tl-radius,8px);padding:1rem}
.tl-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;
