import { uiCss } from '@shared/ui';
import { IMAGE_SIZES } from './media';

// Breakpoints: xs 0, sm 600, md 1024, lg 1440, xl 1920 px; mobile below md.
// Measured on the widget's own box (container queries), not on the window: a menu in a narrow
// column of a wide page lays out as on a phone, and nothing in it claims more width than its box.
// A tile's picture box is as wide as the tile (at most the picture's own size) before its file is there:
// sized by its content, a picture not loaded yet (lazy) is 0 px wide, and the tile grew by its height
// when the file came — at the live widget's take-over, the dishes below moved (issue 29).
// Every picture <img> is a block in its <picture> (the light grey box with the corners, the <img> inherits them): its
// box is the same with a file, with one pending, and without any address (the first view's held pictures have none until
// live, shared/widget/prerender.ts `holdPictures`); an inline <img> without an address is an empty inline box that sits
// 6 px lower on its line than a picture. An <img> without an address is not painted: Chromium draws a missing picture's
// sign and a frame into a sized one, even with alt="".
// Type scale: 12, 14 and 16 px regular, 12, 16 and 20 px bold (no italic), the same at every width. Chrome looks each
// size × weight up once per page (on Linux a synchronous call to the browser process): the loader stub uses these six
// once before the first view goes in (shell/embed/stub.ts, `FONTS`); a new size or weight belongs in both
// (tests/e2e/prerender.spec.ts checks it; docs/decisions.md, issue 29).
export const menuCss = `${uiCss}
.tl-menu{container-type:inline-size;color-scheme:light;background:var(--tl-bg,#fff);color:var(--tl-fg,#222)}
.menu{min-height:40em;font-size:1em;line-height:1.45}
.menu--loading,.menu--error{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75em}
.menu-anchor{display:block;height:0}
.menu-nav{position:sticky;top:var(--tl-sticky-top,0px);z-index:2;background:var(--tl-bg,#fff);border-bottom:1px solid var(--tl-border,#e5e5e5);margin:0 0 .75em}
.menu-nav ul{list-style:none;margin:0;padding:.5em 0;display:flex;gap:.25em;overflow-x:auto;scrollbar-width:thin}
.menu-nav a{display:inline-flex;align-items:center;min-height:44px;white-space:nowrap;padding:.4em .75em;border-radius:999px;color:var(--tl-fg,#222);text-decoration:none;border:1px solid var(--tl-border,#d0d0d0)}
.menu-nav a:hover,.menu-nav a:focus-visible{border-color:var(--tl-primary,#b1361e);color:var(--tl-primary,#b1361e)}
/* vertical menu (dev flag verticalMenu; on in waiter mode): the categories as a list, no sideways scroll */
.menu--vertical .menu-nav{position:static}
.menu--vertical .menu-nav ul{flex-direction:column;overflow-x:visible}
.menu--vertical .menu-nav a{display:flex;white-space:normal;border-radius:var(--tl-radius,8px)}
.menu-filter{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:0 0 1em}
.menu-search{flex:1 1 14em}
.menu-search input{width:100%;box-sizing:border-box;min-height:44px;padding:.55em .75em;font:inherit;border:1px solid #767676;border-radius:var(--tl-radius,8px);background:#fff;color:#222}
.menu-chips{display:flex;flex-wrap:wrap;gap:.35em}
.menu-chip{font:inherit;font-size:.875em;min-height:44px;min-width:44px;padding:.35em .85em;border-radius:999px;border:1px solid #767676;background:#fff;color:#222;cursor:pointer}
.menu-chip[aria-pressed="true"]{background:var(--tl-accent,#2f6f4e);border-color:var(--tl-accent,#2f6f4e);color:#fff}
.menu-chip--reset{border-style:dashed}
.menu-count{flex-basis:100%;margin:0;font-size:.875em;color:#555;min-height:1.2em}
.menu-section,.menu-category{margin:0 0 1.75em}
.menu-section h2,.menu-category h2{font-size:1.25em;margin:0 0 .5em;color:var(--tl-fg,#222)}
.menu-category__head{display:flex;gap:.75em;align-items:center;margin:0 0 .5em}
.menu-category__head>div{min-width:0}
.menu-category__pic{border-radius:var(--tl-radius,8px)}
.menu-category__pic img{width:69px;height:69px;object-fit:cover}
.menu-category__desc{margin:0;color:#555;font-size:.875em}
.menu-tiles{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9em,1fr));gap:.75em}
.menu-tile__button{display:flex;flex-direction:column;align-items:flex-start;gap:.25em;width:100%;height:100%;text-align:left;font:inherit;color:inherit;padding:.5em;border:1px solid #ddd;border-radius:var(--tl-radius,8px);background:#fff;cursor:pointer}
.menu-tile__button:hover{border-color:var(--tl-primary,#b1361e)}
.menu-tile__pic{width:100%;max-width:${IMAGE_SIZES.menu[0]}px;border-radius:calc(var(--tl-radius,8px) - 2px)}
.menu-tile__pic img{width:100%;height:auto;aspect-ratio:1;object-fit:cover}
.menu-tile__badge{display:flex;align-items:center;justify-content:center;width:100%;aspect-ratio:1;background:var(--tl-primary,#b1361e);color:#fff;font-size:1.25em;font-weight:700;border-radius:calc(var(--tl-radius,8px) - 2px);text-align:center;padding:.5em;box-sizing:border-box}
.menu-tile__name{font-weight:700}
.menu-tile__text{font-size:.875em;color:#555}
.menu-dishes{list-style:none;margin:0;padding:0;display:grid;gap:.75em;grid-template-columns:1fr}
.menu-dish{display:flex;flex-direction:column;gap:.5em;min-width:0;padding:.75em;border:1px solid #ddd;border-radius:8px;background:#fff;color:#222}
.menu-dish__pic{border-radius:6px}
.menu-dish__pic img{width:100%;height:auto;aspect-ratio:378/192;object-fit:cover}
.menu-category__pic,.menu-tile__pic,.menu-dish__pic{display:block;background:#eee}
.menu-category__pic img,.menu-tile__pic img,.menu-dish__pic img{display:block;border-radius:inherit}
img:not([src]){visibility:hidden}
.menu-dish__body{flex:1;min-width:0}
.menu-dish h3{font-size:1em;margin:0;overflow-wrap:break-word;hyphens:auto;font-family:inherit;color:#222;text-transform:none}
.menu-dish__number{display:inline-block;min-width:1.75em;margin-right:.35em;color:#555;font-weight:400}
.menu-dish__sub,.menu-dish__desc{margin:.25em 0 0;color:#555;font-size:.875em}
.menu-dish__labels{margin:.3em 0 0;display:flex;flex-wrap:wrap;gap:.3em}
.menu-label{font-size:.75em;font-weight:700;padding:.1em .45em;border-radius:4px}
.menu-label--discount{background:#fde8e4;color:#8a2a16}
.menu-label--241{background:#e3f1ea;color:#1f5138}
.menu-label--soldout{background:#333;color:#fff}
.menu-dish--soldout .menu-dish__add,.menu-menu--soldout .menu-tile__button{cursor:not-allowed}
.menu-dish__add:disabled{background:#767676;border-color:#767676}
.menu-notice{margin:0 0 1em;padding:.75em 1em;border-radius:8px;background:#fff4e5;color:#5c3200;border:1px solid #e0a050}
.menu-tags{list-style:none;margin:.3em 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25em}
.menu-tags--title{display:inline-flex;vertical-align:middle;margin:0 0 0 .35em}
.menu-tag{font-size:.75em;padding:.05em .4em;border-radius:999px;background:#f1f1f1;color:#333;text-transform:none;letter-spacing:0;font-weight:400}
.menu-tag--vegan,.menu-tag--vegetarian{background:#e3f1ea;color:#1f5138}
.menu-tag--piquant{background:#fde8e4;color:#8a2a16}
.menu-dish__actions{display:flex;flex-wrap:wrap;align-items:center;gap:.5em;justify-content:flex-end}
.menu-dish__price{margin-right:auto;font-weight:700}
.menu-dish__from,.menu-dish__deposit,.menu-dish__litre{font-weight:400;font-size:.875em;color:#555}
.menu-dish__add,.menu-dish__info{display:inline-flex;flex:none;align-items:center;justify-content:center;width:2.5em;height:2.5em;min-width:44px;min-height:44px;border-radius:50%;font:inherit;font-size:1.25em;font-weight:700;cursor:pointer;border:2px solid var(--tl-primary,#b1361e)}
.menu-dish__add{background:var(--tl-primary,#b1361e);color:#fff}
.menu-dish__info{background:#fff;color:var(--tl-primary,#b1361e);font-size:1em}
.menu-payments{list-style:none;margin:1.5em 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.4em}
.menu-payment{font-size:.75em;font-weight:700;padding:.3em .6em;border:1px solid #bbb;border-radius:4px;background:#fafafa;color:#333}
.menu-top{text-align:right;margin:.75em 0 0}
.menu-top a{display:inline-flex;align-items:center;min-height:44px}
.menu-top a,.offer__links a{color:var(--tl-primary,#b1361e)}
.tl-price .tl-price__old{color:#595959;opacity:1;margin-right:.35em;font-weight:400}
/* phone-sized box (below sm): a compact list, the small dish picture (288x192) scaled beside the text */
@container (max-width:599.98px){
  .menu-tiles{grid-template-columns:repeat(2,minmax(0,1fr));gap:.5em}
  .menu-dishes{gap:.5em}
  .menu-dish{display:grid;grid-template-columns:minmax(0,1fr);grid-template-areas:"body" "actions";gap:.5em .75em;padding:.625em}
  .menu-dish:has(>.menu-dish__pic){grid-template-columns:6.75em minmax(0,1fr);grid-template-areas:"pic body" "actions actions"}
  .menu-dish__pic{grid-area:pic;align-self:start;border-radius:4px}
  .menu-dish__pic img{aspect-ratio:288/192}
  .menu-dish__body{grid-area:body}
  .menu-dish__actions{grid-area:actions}
  .menu-dish__desc{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;line-clamp:3;overflow:hidden}
  .menu-category__pic img{width:56px;height:56px}
}
@container (min-width:600px){
  .menu-dishes{grid-template-columns:repeat(2,minmax(0,1fr))}
  .menu-category__pic img{width:138px;height:138px}
}
@container (min-width:1024px){
  .menu-tiles{grid-template-columns:repeat(auto-fill,minmax(195px,1fr))}
}
@container (min-width:1440px){
  .menu-dishes{grid-template-columns:repeat(3,minmax(0,1fr))}
}
@container (min-width:1920px){
  .menu-dishes{grid-template-columns:repeat(4,minmax(0,1fr))}
}
`;
