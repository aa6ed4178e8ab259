import { uiCss } from '@shared/ui';

// Phones first: the dialogs are full-screen sheets below 600 px (shared Dialog); fields stack,
// every control is at least 44 px high, nothing is wider than the viewport at 360 px.
export const accountCss = `${uiCss}
.acc-entry{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}
.acc-entry--header .tl-button{background:#fff;color:var(--tl-primary,#b1361e);border-color:#fff}
.acc-entry--checkout{margin:0 0 1rem;padding:.5rem .75rem;border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px)}
.acc-form{display:flex;flex-direction:column;gap:.5rem;min-width:0}
.acc-form *,.acc-form *::before,.acc-form *::after{box-sizing:border-box}
.acc-field{display:flex;flex-direction:column;gap:.25rem;min-width:0}
.acc-field label{font-weight:600}
.acc-field input{min-height:44px;width:100%;max-width:100%;padding:.5em .75em;border:1px solid #8a8a8a;border-radius:var(--tl-radius,8px);font:inherit;background:#fff;color:inherit}
.acc-field [aria-invalid="true"]{border-color:var(--tl-error,#a1130c)}
.acc-error{color:var(--tl-error,#a1130c);margin:0}
.acc-ok{color:#1d6b2f;margin:0}
.acc-grid{display:grid;grid-template-columns:1fr;gap:.5rem}
@media (min-width:600px){.acc-grid{grid-template-columns:1fr 1fr}}
.acc-section{border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);padding:.5rem .75rem .75rem;margin:0 0 1rem;min-width:0}
.acc-section h3{font-size:1rem;margin:.25rem 0 .5rem}
.acc-check{display:flex;gap:.5rem;align-items:flex-start;min-height:44px}
.acc-check input{width:24px;height:24px;margin:.6rem 0 0;flex:none}
.acc-check span{padding:.6rem 0}
.acc-orders{list-style:none;margin:0;padding:0}
.acc-orders li{border-top:1px solid var(--tl-border,#e5e5e5);padding:.5rem 0;display:flex;flex-direction:column;gap:.25rem}
.acc-orders li:first-child{border-top:0}
.acc-order-head{display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap;font-weight:600}
.acc-hint{color:#555;margin:0 0 .5rem}
.acc-who{overflow-wrap:anywhere;margin:0 0 1rem}
`;
