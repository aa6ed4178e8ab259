// The Speisekarte section's CSS, adopted into the staff app's shadow root when the section first
// opens. Tablet (1024 px) and laptop (1280 px): categories beside the dishes; phones (412 px): one column.
export const editorCss = `
.me{font-family:system-ui,sans-serif;color:#1a1a1a;display:flex;flex-direction:column;gap:1rem;min-width:0}
.me h3{margin:0 0 .5rem;font-size:1.2rem}
.me-toolbar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;position:sticky;top:var(--inbox-alarm-h,0px);z-index:2;background:#fff;padding:.5rem 0;border-bottom:1px solid #ccc}
.me-status{margin:0;flex:1 1 14rem;font-weight:600;color:#1f5f2e}
.me-status--dirty{color:#7a4a00}
.me-version{font-weight:400;color:#444}
.me-actions{display:flex;flex-wrap:wrap;gap:.5rem}
.me-note{padding:.5rem 1rem;border-radius:8px;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.me-note p{margin:0;flex:1 1 16rem}
.me-note--ok{background:#e6f4ea;color:#1f5f2e}
.me-note--error{background:#fde8e6;color:#8a1009;font-weight:600}
.me-note--warn{background:#fff4e5;color:#5c3400;border-left:4px solid #b35c00;flex-direction:column;align-items:stretch}
.me-preview{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:#fff;color:#1a1a1a;font-family:system-ui,sans-serif}
.me-preview[open]{display:flex;flex-direction:column}
.me-preview::backdrop{background:rgba(0,0,0,.5)}
.me-preview-bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding:.5rem 1rem;border-bottom:1px solid #ccc}
.me-preview-bar h3{margin:0;font-size:1.2rem}
.me-preview iframe{flex:1;width:100%;min-height:0;border:0;background:#fff}
.me-cols{display:grid;grid-template-columns:minmax(15rem,22rem) minmax(0,1fr);gap:1.5rem;align-items:start}
@media (max-width:760px){.me-cols{grid-template-columns:minmax(0,1fr)}.me-toolbar{position:static}}
.me-cats,.me-dishes,.me-versions{min-width:0}
.me-catlist,.me-dishlist,.me-vlist,.me-items,.me-chips{list-style:none;margin:0 0 .75rem;padding:0;display:flex;flex-direction:column;gap:.25rem}
.me-cat{display:flex;align-items:center;gap:.25rem;border:1px solid #ccc;border-radius:8px;background:#fff;padding:0 .25rem}
.me-cat--current{border:2px solid #b1361e}
.me-cat--drag{opacity:.5}
.me-grip{cursor:grab;color:#555;padding:0 .25rem;user-select:none}
.me-pick{flex:1;min-height:44px;text-align:left;background:none;border:0;font:inherit;color:inherit;cursor:pointer;padding:.25rem .5rem;border-radius:6px;overflow-wrap:anywhere}
.me-pick[aria-pressed="true"]{font-weight:700;background:#f6e3df}
.me-catbtns{display:flex;gap:.25rem}
.me-small{min-width:44px;min-height:44px;border:1px solid #767676;border-radius:8px;background:#fff;font:inherit;cursor:pointer}
.me-small:disabled{opacity:.4;cursor:not-allowed}
.me button:focus-visible,.me input:focus-visible,.me select:focus-visible,.me textarea:focus-visible{outline:3px solid #b1361e;outline-offset:2px}
.me-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.me-badge{font-weight:400;color:#555}
.me-badge--live{color:#1f5f2e;font-weight:600}
.me-add,.me-catform,.me-dish{display:flex;flex-direction:column;gap:.75rem;margin-top:.75rem}
.me-add label{font-weight:600}
.me-row{display:flex;gap:.5rem;align-items:flex-end;min-width:0}
.me-row--wrap{flex-wrap:wrap}
.me-row>input{flex:1 1 10rem;min-width:0}
.me-add .me-row{flex-wrap:wrap}
.me-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.75rem;align-items:end}
.me-field{display:flex;flex-direction:column;gap:.25rem;min-width:0;flex:0 0 auto}
.me-row>.me-field,.me-item>.me-field{flex:1 1 12rem}
.me-field label{font-weight:600}
.me-row>.me-field--euro,.me-row>.me-field--int,.me-sizeprice>.me-field--euro,.me-item>.me-field--euro{flex:0 1 10rem}
.me input[type=text],.me input[type=file],.me select,.me textarea{min-height:44px;padding:.5em .75em;border:1px solid #767676;border-radius:8px;font:inherit;box-sizing:border-box;max-width:100%;background:#fff}
.me textarea{width:100%}
.me-euro{display:flex;align-items:center;gap:.25rem}
.me-euro input{width:7rem}
.me-field--bad input,.me-field--bad select,.me-field--bad textarea{border:2px solid #a1130c}
.me-error{color:#a1130c;font-weight:600}
.me-hint{color:#444;font-size:.95rem}
.me-check{display:flex;align-items:center;gap:.5rem;min-height:44px}
.me-check input{width:1.3rem;height:1.3rem;flex:0 0 auto}
.me-set{border:1px solid #ccc;border-radius:8px;padding:.75rem;margin:0;display:flex;flex-direction:column;gap:.5rem;min-width:0}
.me-set legend{font-weight:700;padding:0 .25rem}
.me-checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:0 .75rem}
.me-checks legend{grid-column:1/-1}
.me-chips{flex-direction:row;flex-wrap:wrap}
.me-chips li{display:flex;align-items:center;gap:.25rem;background:#f2f2f2;border-radius:8px;padding-left:.5rem}
.me-group{border-left:4px solid #ddd;padding-left:.75rem;display:flex;flex-direction:column;gap:.5rem}
.me-item{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:flex-end;border-bottom:1px dashed #ccc;padding-bottom:.5rem}
.me-item>.me-field:first-child{flex:1 1 100%}
.me-sizeprice{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.25rem .75rem}
.me-img{border-radius:8px;object-fit:cover}
.me-vlist li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;border-bottom:1px solid #eee;padding:.25rem 0}
.me-danger{color:#a1130c;border-color:#a1130c;align-self:flex-start}
`;
