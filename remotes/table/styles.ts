import { uiCss } from '@shared/ui';

// Phones first: buttons wrap, every control is at least 44 px high, nothing scrolls sideways at 360 px.
export const tableCss = `${uiCss}
.box{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem;max-width:100%;box-sizing:border-box}
.box h2{font-size:1.1rem;margin:0 0 .5rem}
.table-box p{margin:.25rem 0 .5rem}
.table-badge{display:inline-block;background:#1f5f2e;color:#fff;border-radius:999px;padding:.15rem .75rem;font-weight:600}
.table-total{font-size:1.05rem}
.table-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}
.table-actions .tl-button{min-height:44px}
.table-link{display:inline-flex;align-items:center;justify-content:center;text-decoration:none;min-height:44px}
.table-error{color:var(--tl-error,#a1130c);font-weight:600}
.table-form{display:flex;flex-direction:column;gap:.5rem}
.table-form label{font-weight:600}
.table-form input{min-height:44px;width:100%;max-width:100%;box-sizing:border-box;padding:.5em .75em;border:1px solid #8a8a8a;border-radius:var(--tl-radius,8px);font:inherit}
`;
