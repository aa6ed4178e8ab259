// 'Aussehen': one column on phones (412 px), form and preview side by side from 900 px; controls ≥ 44 px.
export const settingsCss = `
.look{display:grid;grid-template-columns:minmax(0,1fr);gap:1rem}
@media (min-width:900px){.look{grid-template-columns:minmax(0,1fr) minmax(0,1fr);align-items:start}}
.look__form{display:flex;flex-direction:column;gap:1rem}
.look__form h3,.look__preview h3{margin:0;font-size:1.2rem}
.look__colour{display:flex;gap:.5rem;align-items:center}
.look__colour input[type=color]{width:56px;height:48px;padding:2px;border:1px solid #767676;border-radius:8px;background:#fff;cursor:pointer}
.look__colour input[type=text]{width:9rem;font-family:monospace}
.look__contrast{margin:0;font-weight:600}
.look__contrast--ok{color:#1f5f2e}
.look__contrast--bad{color:#a1130c}
.look__preview{display:flex;flex-direction:column;gap:.75rem}
.look__sample{border:1px solid #ccc;border-radius:8px;padding:1rem;display:flex;flex-direction:column;gap:.75rem;background:#fff}
.look__header{width:100%;height:auto;max-height:140px;object-fit:cover;border-radius:6px;background:#eee}
.look__logo{width:96px;height:48px;object-fit:contain}
.look__accent{display:inline-block;align-self:flex-start;padding:.25rem .6rem;border-radius:999px;background:var(--tl-accent);font-weight:600}
.look__notice:empty{display:none}
.look__notice{background:#e6f4ea;color:#1f5f2e;font-weight:600;padding:.5rem .75rem;border-radius:8px;margin:0}
.hours{display:flex;flex-direction:column;gap:1rem}
.hours__group{border:1px solid #ccc;border-radius:8px;padding:.75rem 1rem;margin:0;display:flex;flex-direction:column;gap:.75rem}
.hours__group legend{font-weight:700;font-size:1.1rem;padding:0 .25rem}
.hours__days{display:grid;grid-template-columns:1fr;gap:.75rem}
@media (min-width:900px){.hours__days{grid-template-columns:1fr 1fr}}
.hours__day{display:flex;flex-direction:column;gap:.5rem;align-items:flex-start}
.hours__day h3{margin:0;font-size:1rem}
.hours__range,.hours__item{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;border-bottom:1px solid #ddd;padding-bottom:.5rem;width:100%}
.hours__range input{width:6rem}
.hours__check{display:flex;gap:.5rem;align-items:center;min-height:44px}
.hours__check input{width:24px;height:24px}
.hours__item select{min-height:44px;font-size:1rem}
.hours__item .field{max-width:24rem}
.embed{display:flex;flex-direction:column;gap:1rem}
.embed__part{display:flex;flex-direction:column;gap:.75rem}
.embed__part h3{margin:0;font-size:1.2rem}
.embed__part p{margin:0}
.embed__list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:1fr;gap:1rem}
@media (min-width:900px){.embed__list{grid-template-columns:1fr 1fr}}
.embed__widget{display:flex;flex-direction:column;gap:.5rem;min-width:0}
.embed__widget h4{margin:0;font-size:1rem}
.embed__code{margin:0;padding:.75rem;background:#f4f4f4;border:1px solid #767676;border-radius:6px;white-space:pre-wrap;word-break:break-all;font-size:.85rem}
.embed__code:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.embed__copy{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
.embed__copied{font-weight:600;color:#1f5f2e}
.embed__preview{width:100%;height:520px;border:1px solid #767676;border-radius:8px;background:#fff}
.embed__row{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.embed__row input{flex:1;min-width:12rem}
.embed__seen{font-weight:600;color:#1f5f2e}
.embed__seen:empty{display:none}
.embed__download{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
.embed__problems ul{margin:.25rem 0 0;padding-left:1.25rem}
.embed__problems li{overflow-wrap:anywhere}
`;
