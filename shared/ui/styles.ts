// All primitive CSS in one string for a widget's constructable stylesheet (no inline styles:
// strict CSP). Theme through custom properties set by the shop config.
import { buttonCss } from './Button';
import { priceCss } from './Price';
import { spinnerCss } from './Spinner';
import { toastCss } from './Toast';
import { visuallyHiddenCss } from './VisuallyHidden';

export const baseCss = `
/* style containment only: layout or paint containment would make the host the containing block of
   position:fixed descendants (toasts, the phones' cart bar) */
:host{display:block;contain:style}
:host,.tl-root{font-family:var(--tl-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);font-size:16px;line-height:1.5;color:var(--tl-fg,#222);-webkit-text-size-adjust:100%}
.tl-root,.tl-root *,.tl-root *::before,.tl-root *::after{box-sizing:border-box}
.tl-root a{color:var(--tl-primary,#b1361e)}
:where(.tl-root) :where(button,input,select,textarea){font:inherit;color:inherit}
.tl-root :focus{outline:none}
.tl-root :focus-visible,.tl-dialog :focus-visible{outline:3px solid var(--tl-accent,#1f6feb);outline-offset:2px}
.tl-root [hidden]{display:none!important}
.tl-accent{color:var(--tl-accent,#1f6feb)}
@media (prefers-reduced-motion:reduce){
.tl-root *,.tl-root *::before,.tl-root *::after,.tl-dialog,.tl-dialog::backdrop{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}
}
`;

export const uiCss = [
  baseCss,
  visuallyHiddenCss,
  spinnerCss,
  buttonCss,
  priceCss,
  toastCss,
].join('\n');
