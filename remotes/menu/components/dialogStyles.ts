// The CSS of the menu's dialogs: adopted into the widget's shadow root when the first dialog
// opens (MenuDialogStyles), so the first view does not carry it.
export const menuDialogCss = `
.dish-sub{display:flex;flex-direction:column;gap:.25em}
.dish-sub p{margin:0}
.dish-sub__pic img{display:block;width:100%;max-width:397px;height:auto;aspect-ratio:397/264;object-fit:cover;border-radius:6px}
.dish-sub__components del{color:#555}
.dish-sub__price{font-size:1.15em;font-weight:700;color:var(--tl-fg,#222)}
.dish-options{display:flex;flex-direction:column;gap:.75em}
.opt-group{border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);padding:.5em .75em;margin:0}
.opt-group legend{font-weight:700;padding:0 .25em}
.opt-group--invalid{border-color:#b00020}
.opt-error{color:#b00020;font-weight:700;margin:.25em 0}
.opt-count{font-weight:400;color:#555}
.opt-title{font-size:1em;margin:0 0 .25em;letter-spacing:.04em}
.opt-hint{margin:0 0 .5em;color:#1f5138;font-size:.9em}
.opt-extras{display:flex;flex-direction:column;gap:.5em}
.opt-list{list-style:none;margin:0;padding:0}
.opt-row,.extra{display:flex;align-items:center;justify-content:space-between;gap:.5em;padding:.3em 0;min-height:44px}
.opt-row label,.extra__name{flex:1;min-width:0;cursor:pointer;overflow-wrap:break-word}
.opt-row label,label.extra__name{display:flex;align-items:center;gap:.5em;min-height:44px}
.opt-row input[type="radio"],.opt-row input[type="checkbox"],.extra input[type="checkbox"],.extra input[type="radio"]{width:1.25em;height:1.25em;margin:0;flex:none;accent-color:var(--tl-primary,#b1361e)}
.opt-desc{color:#555;font-size:.875em}
.extra__price{font-size:.875em;color:#555;white-space:nowrap}
.extra--unavailable .extra__name{color:#555;cursor:not-allowed}
.opt-more{font:inherit;font-size:.9em;min-height:44px;background:none;border:0;padding:.25em 0;color:var(--tl-primary,#b1361e);text-decoration:underline;cursor:pointer}
.dish-footer{display:flex;flex-wrap:wrap;align-items:center;gap:.5em;width:100%}
.dish-footer__tip{flex:1 1 10em;margin:0;font-size:.875em;color:#1f5138;font-weight:700}
.dish-footer__buttons{display:flex;gap:.5em;margin-left:auto;flex-wrap:wrap;justify-content:flex-end}
.slot-tabs{display:flex;gap:.25em;overflow-x:auto;border-bottom:2px solid var(--tl-border,#e5e5e5);margin:0 0 .75em}
.slot-tab{font:inherit;min-height:44px;padding:.5em .75em;border:0;border-bottom:3px solid transparent;background:none;color:#222;cursor:pointer;white-space:nowrap}
.slot-tab[aria-selected="true"]{border-bottom-color:var(--tl-primary,#b1361e);font-weight:700}
.slot-tab:disabled{color:#767676;cursor:not-allowed}
.slot-row{display:flex;align-items:center;gap:.5em;margin:0 0 .5em}
.slot-row select{font:inherit;min-height:44px;min-width:0;padding:.4em;flex:1;max-width:20em}
.slot-size{margin:0 0 .5em;color:#555}
.info-section h3{font-size:1em;margin:.75em 0 .25em}
.info-section p,.info-section ul{margin:0 0 .25em}
.info-table{border-collapse:collapse;margin:0 0 .5em;font-size:.9em;width:100%;max-width:30em}
.info-table td{white-space:nowrap;text-align:right}
.info-table caption{text-align:left;font-weight:700;padding:.25em 0}
.info-table th,.info-table td{border-bottom:1px solid #eee;padding:.2em .5em .2em 0;text-align:left;font-weight:400}
.info-liability{margin:1em 0 0;font-size:.85em;color:#555}
.closed{display:flex;flex-direction:column;align-items:center;gap:.75em;text-align:center;color:var(--tl-primary,#b1361e)}
.closed__text{color:var(--tl-fg,#222);font-size:1.1em;margin:0}
.offer__headline{font-size:2em;font-weight:700;margin:0;overflow-wrap:break-word;color:var(--tl-primary,#b1361e)}
.offer__title{font-weight:700;margin:.25em 0}
.offer__line{margin:0}
/* phones (below sm) */
@media (max-width:599.98px){
  .dish-footer{gap:.5em}
  .dish-footer__buttons{flex:1 1 100%;flex-wrap:nowrap;margin-left:0}
  .dish-footer__buttons .tl-button{flex:1 1 auto;padding:.5em .75em}
  .dish-sub__pic img{max-height:30vh;width:auto;max-width:100%}
}
`;
