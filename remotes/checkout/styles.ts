import { uiCss } from '@shared/ui';

// Phones first: one column; from 900 px of the checkout's own box (a container query: in a
// 340 px sidebar of a wide page it stays one column) the summary sits beside the form. Every control
// is at least 44 px high; nothing is wider than its box at 360 px.
export const checkoutCss = `${uiCss}
.tl-checkout,.co-sheet .tl-dialog__body{container-type:inline-size}
.tl-checkout{color-scheme:light}
.co-root h2,.co-root h3,.co-root legend,.co-root label{color:var(--tl-fg,#222)}
.co-root{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem;max-width:100%;box-sizing:border-box}
.co-root h2{font-size:1.25rem;margin:0 0 .75rem}
.co-account-note{margin:.75rem 0}
.co-form{display:block;min-width:0}
.co-form *,.co-form *::before,.co-form *::after{box-sizing:border-box}
.co-columns{display:flex;flex-direction:column;gap:1rem}
.co-main,.co-side{min-width:0}
@container (min-width:900px){.co-columns{flex-direction:row;align-items:flex-start}.co-main{flex:1 1 60%}.co-side{flex:1 1 40%;position:sticky;top:1rem}}
.co-sheet.tl-dialog{max-width:min(64rem,calc(100vw - 2rem))}
.co-fieldset{border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);margin:0 0 1rem;padding:.5rem .75rem .75rem;min-width:0}
.co-fieldset legend{font-weight:700;padding:0 .25rem}
.co-field{display:flex;flex-direction:column;gap:.25rem;margin:.5rem 0;min-width:0}
.co-field label{font-weight:600}
.co-field input,.co-field select,.co-field textarea,.co-salutation select{min-height:44px;width:100%;max-width:100%;padding:.5em .75em;border:1px solid #8a8a8a;border-radius:var(--tl-radius,8px);font:inherit;background:#fff;color:inherit}
.co-field textarea{min-height:4.5rem;resize:vertical}
.co-field [aria-invalid="true"]{border-color:var(--tl-error,#a1130c);box-shadow:0 0 0 1px var(--tl-error,#a1130c)}
.co-row{display:flex;gap:.5rem;flex-wrap:wrap}
.co-row .co-grow{flex:1 1 9rem}
.co-row .co-small{flex:0 1 7.5rem}
.co-error{margin:0;color:var(--tl-error,#a1130c);font-weight:600;font-size:.95rem}
.co-hint{margin:.25rem 0;color:var(--tl-muted,#555);font-size:.9rem}
.co-notice{margin:0 0 1rem;padding:.75rem 1rem;border-radius:var(--tl-radius,8px);background:#fdecea;color:#7a0f09;font-weight:600}
.co-notice--paymentCanceled{background:#fff4d6;color:#5c3b00}
.co-toggle,.co-radios{display:flex;flex-wrap:wrap;gap:.5rem}
.co-radio{display:flex;align-items:center;gap:.5rem;min-height:44px;padding:.25rem .75rem;border:1px solid var(--tl-border,#ccc);border-radius:var(--tl-radius,8px);cursor:pointer;flex:1 1 12rem;min-width:0}
.co-radio:has(input:checked){border-color:var(--tl-primary,#b1361e);box-shadow:0 0 0 1px var(--tl-primary,#b1361e)}
.co-radio input,.co-check input{width:1.25rem;height:1.25rem;margin:0;flex:none;accent-color:var(--tl-primary,#b1361e)}
.co-radio svg{flex:none}
.co-icons{display:flex;flex-wrap:wrap;gap:.375rem;list-style:none;margin:0 0 .5rem;padding:0}
.co-icons li{display:flex}
.co-checks{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
.co-check{display:flex;align-items:flex-start;gap:.625rem;min-height:44px;padding:.6rem 0;cursor:pointer}
.co-check span{min-width:0;overflow-wrap:anywhere}
.co-check a{color:var(--tl-primary,#b1361e)}
.co-serveat{margin:0 0 1rem}
.co-summary{border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);padding:.75rem;margin:0 0 1rem}
.co-summary h3,.co-success h3{margin:0 0 .5rem;font-size:1.1rem}
.co-lines{list-style:none;margin:0 0 .5rem;padding:0}
.co-lines li{display:flex;justify-content:space-between;gap:.75rem;padding:.25rem 0;border-bottom:1px solid var(--tl-border,#eee)}
.co-lines li span:first-child{min-width:0;overflow-wrap:anywhere}
.co-amount{white-space:nowrap}
.co-totals{margin:0}
.co-totals div,.co-facts div{display:flex;justify-content:space-between;gap:.75rem;padding:.125rem 0}
.co-totals dt,.co-facts dt{margin:0}
.co-totals dd,.co-facts dd{margin:0;text-align:right;overflow-wrap:anywhere}
.co-grand{font-weight:700;font-size:1.1rem;border-top:1px solid #ccc;margin-top:.25rem;padding-top:.25rem!important}
.co-side .tl-button{margin:0 0 .5rem}
.co-paypal.tl-button{background:#ffc439;border-color:#ffc439;color:#111}
.co-vat{font-weight:400;font-size:.85rem;color:var(--tl-muted,#555)}
.co-legal{margin:.25rem 0 0}
.co-legal p{margin:0 0 .5rem}
.co-legal ul{display:flex;flex-wrap:wrap;gap:0 1rem;list-style:none;margin:0;padding:0}
.co-legal a{display:inline-flex;align-items:center;min-height:44px;color:var(--tl-primary,#b1361e);overflow-wrap:anywhere}
.co-step{margin:0 0 .5rem;font-weight:600}
.co-fullshop{margin:0 0 .75rem}
.co-link{background:none;border:0;padding:.5rem 0;min-height:44px;font:inherit;color:var(--tl-primary,#b1361e);text-decoration:underline;cursor:pointer}
.co-success{display:flex;flex-direction:column;gap:.75rem}
.co-success h3:focus{outline:none}
.co-facts{margin:0;padding:.75rem;border-radius:var(--tl-radius,8px);background:#f4f8f5}
.co-empty{display:flex;flex-direction:column;gap:.5rem;align-items:flex-start}
`;
