// The table history's CSS (the list of booked items and the refund form), adopted into the
// widget's shadow root when the list first shows, ahead of the widget's own CSS: a widget's rules
// for it win at equal specificity (the staff app makes its rows 48 px high).
export const tableHistoryCss = `
.table-total{font-size:1.05rem}
.table-error{color:var(--tl-error,#a1130c);font-weight:600}
.table-items{list-style:none;margin:0;padding:0}
.table-item{border-bottom:1px solid var(--tl-border,#ddd)}
.table-item__head{display:flex;gap:.5rem;align-items:center;width:100%;min-height:44px;padding:.5rem .25rem;background:none;border:0;font:inherit;color:inherit;text-align:left;cursor:pointer}
.table-item__head:focus-visible{outline:2px solid var(--tl-primary,#b1361e);outline-offset:2px}
.table-item__name{flex:1;min-width:0;overflow-wrap:anywhere}
.table-item__price{white-space:nowrap;font-weight:600}
.table-item__refunded{margin:0 0 .5rem .25rem;color:var(--tl-muted,#444);font-size:.9rem}
.table-refund{display:flex;flex-direction:column;gap:.5rem;padding:.25rem .25rem .75rem}
.table-refund label{font-weight:600}
.table-refund input{min-height:44px;width:100%;max-width:100%;box-sizing:border-box;padding:.5em .75em;border:1px solid #767676;border-radius:var(--tl-radius,8px);font:inherit}
`;
