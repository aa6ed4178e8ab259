// 'Tische': one column on phones (412 px), cards side by side from 900 px; controls ≥ 44 px.
export const tablesCss = `
.tables__notice:empty{display:none}
.tables__notice{background:#e6f4ea;color:#1f5f2e;font-weight:600;padding:.5rem .75rem;border-radius:8px}
.tables__form{display:flex;flex-direction:column;gap:.75rem;margin-bottom:1rem}
.tables__form h3{margin:0;font-size:1.2rem}
.tables__form p{margin:0}
.tables__fields{display:grid;grid-template-columns:1fr;gap:.75rem}
@media (min-width:700px){.tables__fields{grid-template-columns:12rem 1fr}}
.field__hint{font-weight:400;color:#444;margin:0;font-size:.95rem}
.tables__tools{margin:0 0 1rem}
.tables__link{display:inline-flex;align-items:center;min-height:48px;text-decoration:none}
.tables__list{list-style:none;margin:0 0 1rem;padding:0;display:grid;grid-template-columns:1fr;gap:1rem}
@media (min-width:900px){.tables__list{grid-template-columns:1fr 1fr}}
.tables__table{display:grid;grid-template-columns:auto 1fr;grid-template-areas:"qr head" "qr actions";column-gap:1rem;align-items:start}
.tables__qr{grid-area:qr;width:112px;height:112px;border:1px solid #ccc;background:#fff}
.tables__head{grid-area:head;min-width:0}
.tables__actions{grid-area:actions;min-width:0}
.tables__actions .card__actions .tl-button{min-width:0}
.tables__head h3{margin:0;font-size:1.3rem;overflow-wrap:anywhere}
.tables__number{margin:.25rem 0;color:#444}
.tables__rename{display:flex;flex-direction:column;gap:.5rem;margin-top:.5rem}
.tables__state{font-weight:600}
.table-total{font-size:1.1rem}
.table-items{list-style:none;margin:0;padding:0}
.table-item{border-bottom:1px solid #ddd}
.table-item__head{display:flex;gap:.5rem;align-items:center;width:100%;min-height:48px;padding:.5rem .25rem;background:none;border:0;font:inherit;color:inherit;text-align:left;cursor:pointer}
.table-item__head:focus-visible{outline:3px solid #b1361e;outline-offset:2px}
.table-item__name{flex:1;min-width:0;overflow-wrap:anywhere}
.table-item__price{white-space:nowrap;font-weight:600}
.table-item__refunded{margin:0 0 .5rem .25rem;color:#444;font-size:.95rem}
.table-refund{display:flex;flex-direction:column;gap:.5rem;padding:.25rem .25rem .75rem}
.table-refund label{font-weight:600}
.table-refund input{min-height:44px;padding:.5em .75em;border:1px solid #767676;border-radius:8px;font:inherit}
@media (max-width:480px){.tables__table{grid-template-areas:"qr head" "actions actions"}.tables__qr{width:72px;height:72px}}
`;
