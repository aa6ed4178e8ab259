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
/* the history's list and refund form: @shared/table/history's CSS, with the staff app's larger rows and focus ring */
.table-total{font-size:1.1rem}
.table-item__head{min-height:48px}
.table-item__head:focus-visible{outline-width:3px}
@media (max-width:480px){.tables__table{grid-template-areas:"qr head" "actions actions"}.tables__qr{width:72px;height:72px}}
`;
