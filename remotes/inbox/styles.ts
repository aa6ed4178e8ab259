import { uiCss } from '@shared/ui';
import { tablesCss } from './tables/styles';
import { settingsCss } from './settings/styles';

// Tablet first (1024 px: two columns of cards), phones (412 px: one); controls ≥ 44 px.
export const inboxCss = `${uiCss}
.inbox,.login{font-family:system-ui,sans-serif;color:#1a1a1a;max-width:100%;box-sizing:border-box}
.login{display:flex;flex-direction:column;gap:.75rem;max-width:24rem;margin:2rem auto;padding:1rem;background:#fff;border:1px solid #ccc;border-radius:8px}
.login--again{margin:0;max-width:none;padding:0;border:0}
.login--again>p{margin:0}
.field{display:flex;flex-direction:column;gap:.25rem;font-weight:600}
.field input{min-height:44px;padding:.5em .75em;border:1px solid #767676;border-radius:8px;font:inherit}
.field input,.field textarea,.field select{font-weight:400}
.error{color:#a1130c;font-weight:600}
.staff__nav{margin:0 0 1rem;border-bottom:2px solid #ccc}
.staff__menu{display:none;align-items:center;gap:.5rem;min-height:48px;min-width:48px;padding:0 1rem;margin-bottom:.5rem;border:1px solid #767676;border-radius:8px;background:#fff;color:#1a1a1a;font:inherit;font-weight:700;cursor:pointer}
.staff__menu-icon{font-size:1.25rem;line-height:1}
.staff__groups{display:flex;flex-wrap:wrap;gap:.25rem 1.5rem}
.staff__group{display:flex;flex-direction:column}
.staff__group-title{margin:.25rem 0 0 .75rem;font-size:.8rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#555}
.staff__group ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:0}
.staff__nav a{display:flex;align-items:center;min-height:48px;padding:0 .75rem;color:#333;font-weight:600;text-decoration:none;border-bottom:4px solid transparent}
.staff__nav a[aria-current="page"]{border-bottom-color:#b1361e;color:#000}
.staff__nav a:focus-visible,.staff__menu:focus-visible,.staff__main:focus-visible{outline:3px solid #b1361e;outline-offset:2px}
@media (max-width:699px){
.staff__menu{display:inline-flex}
.staff__groups{display:none}
.staff__groups--open{display:flex;flex-direction:column;gap:.75rem;padding:.5rem 0 1rem}
.staff__group ul{flex-direction:column}
.staff__nav a{border-bottom:0;border-left:4px solid transparent;padding-left:1rem}
.staff__nav a[aria-current="page"]{border-left-color:#b1361e;background:#f6e9e6}
}
.staff__main:focus{outline:none}
.inbox__sound{margin:0 0 .5rem}
.inbox__alarm a{color:#fff}
.inbox__bar{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;margin-bottom:.5rem}
.inbox__bar h2{margin:0;font-size:1.4rem;flex:1}
/* a phone (360–412 px): the title and 'Abmelden' on one line, the connection's state below them */
@media (max-width:480px){.inbox__bar{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.25rem .75rem}.inbox__bar h2{grid-area:1/1;overflow-wrap:anywhere}.inbox__bar>.tl-button{grid-area:1/2;min-height:44px}.inbox__bar>p{grid-column:1/-1;justify-self:start}}
.inbox__online{margin:0;color:#1f5f2e;font-weight:600}
.inbox__online--off{color:#a1130c}
.inbox__alarm{background:#a1130c;color:#fff;font-weight:700;font-size:1.2rem;padding:.5rem 1rem;border-radius:8px;position:sticky;top:0;z-index:3}
/* what gets the focus is scrolled out from under the ringing alarm (its height: StaffApp, --inbox-alarm-h) */
.staff :focus{scroll-margin-top:calc(var(--inbox-alarm-h,0px) + .5rem)}
.tabs{display:flex;gap:.25rem;border-bottom:2px solid #ccc;margin-bottom:1rem;overflow-x:auto}
.tab{min-height:48px;padding:.5rem .75rem;white-space:nowrap;flex:0 0 auto;border:0;background:none;font:inherit;font-weight:600;color:#333;cursor:pointer;border-bottom:4px solid transparent}
.tab[aria-selected="true"]{border-bottom-color:#b1361e;color:#000}
.tab:focus-visible{outline:3px solid #b1361e;outline-offset:2px}
@media (max-width:480px){.tabs{display:grid;grid-template-columns:1fr 1fr;overflow:visible}.tab{padding:.5rem .4rem}}
.cards{display:grid;grid-template-columns:1fr;gap:1rem}
@media (min-width:900px){.cards{grid-template-columns:1fr 1fr}}
.card{background:#fff;border:1px solid #ccc;border-radius:8px;padding:1rem}
.card--new{border:3px solid #a1130c}
.card__head h3{margin:0;font-size:1.3rem}
.card__number{font-size:1.6rem}
.card__time,.card__status{color:#444;margin:.25rem 0}
.card__lines{margin:.5rem 0;padding-left:1.25rem}
.card__extras,.card__without{color:#444}
.card__note{background:#fff7d6;padding:.25rem .5rem;border-radius:4px}
.card__allergens{font-weight:600}
.card__pay{font-weight:700}
.card__pay--paid{color:#1f5f2e}
.card__refused{color:#a1130c;font-weight:600}
.card__refund{background:#fde8e4;color:#7a1208;font-weight:700;padding:.25rem .5rem;border-radius:4px}
.inbox__state{margin:0;padding:.25rem .75rem;border-radius:999px;background:#fff4e5;color:#5c3200;font-weight:700;border:1px solid #e0a050}
.ops{display:flex;flex-direction:column;gap:1.25rem}
.ops__box{background:#fff;border:1px solid #ccc;border-radius:8px;padding:1rem}
.ops__box h3{margin:0 0 .5rem;font-size:1.2rem}
.ops__now{margin:0 0 .75rem;font-weight:700}
.ops__buttons{display:flex;flex-wrap:wrap;gap:.5rem}
.ops__buttons .tl-button{min-height:48px;min-width:6rem}
.ops__list{list-style:none;margin:.75rem 0 0;padding:0;display:flex;flex-direction:column;gap:.5rem}
.ops__item{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;justify-content:space-between;padding:.5rem 0;border-bottom:1px solid #e5e5e5}
.ops__item--out .ops__name{color:#7a1208}
.ops__name{font-weight:600;flex:1 1 12rem}
.ops__kind{color:#444;font-weight:400}
.ops__setting{display:flex;align-items:center;gap:.5rem;min-height:44px;font-weight:600}
.ops__setting input[type="checkbox"]{width:1.4rem;height:1.4rem}
.ops__hint{margin:.25rem 0 .75rem;color:#444}
.card__actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 .75rem}
.card__actions .tl-button{min-height:48px;min-width:8rem}
.choices{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:.25rem}
.choice{display:flex;align-items:center;gap:.5rem;min-height:44px;font-size:1.1rem}
.choice input{width:1.4rem;height:1.4rem}
.inbox__autoprint{margin:0 0 .5rem;font-size:1rem}
.report__day{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.75rem;margin-bottom:1rem}
.report__day .tl-button{min-height:44px}
.report__csv{display:inline-flex;align-items:center;min-height:44px;text-decoration:none}
.report__totals{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.75rem;margin:0 0 1rem}
.report__totals div{background:#fff;border:1px solid #ccc;border-radius:8px;padding:.75rem}
.report__totals dt{color:#444;font-weight:600}
.report__totals dd{margin:0;font-size:1.5rem;font-weight:700}
.report__tables{display:grid;grid-template-columns:1fr;gap:1rem;align-items:start}
.report thead th:not(:first-child){text-align:right}
@media (min-width:900px){.report__tables{grid-template-columns:1fr 1fr}}
.report table{border-collapse:collapse;width:100%;background:#fff}
.report caption{text-align:left;font-weight:700;font-size:1.1rem;padding:.25rem 0}
.report th,.report td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}
.report td{text-align:right;font-variant-numeric:tabular-nums}
.printers__list{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.75rem}
.printers__list h4{margin:0 0 .25rem;font-size:1.2rem}
.printers__list p{margin:.25rem 0}
.printers__created{background:#e8f4ea;border:1px solid #1f5f2e;border-radius:8px;padding:.75rem;margin-bottom:1rem}
.printers__created input{width:100%;box-sizing:border-box}
.printers__add{display:flex;flex-direction:column;gap:.75rem;max-width:36rem}
.printers__add .tl-button{align-self:flex-start;min-height:44px}
${tablesCss}
${settingsCss}`;
