import { uiCss } from '@shared/ui';
import { ADDRESS_BOX_HEIGHT } from '@shared/widget';

// The widget fills the box the page and the loader reserved (ADDRESS_BOX_HEIGHT) from its first commit (not before:
// the container is empty beside the loading box until then); its box's margin stays inside the element (flow-root:
// it does not collapse through the host into the page's layout).
export const addressCss = `${uiCss}
.tl-address{display:flow-root}
.tl-address:not(:empty){min-height:${ADDRESS_BOX_HEIGHT}px}
.box{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin:0 0 1rem}
.box h2{font-size:1.1rem;margin:0 0 .5rem}
.toggle{display:flex;margin:0 0 .75rem;max-width:100%;width:max-content;border:2px solid var(--tl-primary,#b1361e);border-radius:999px;overflow:hidden}
.toggle__button{flex:1 1 auto;min-width:0;overflow-wrap:normal;min-height:44px;padding:.4em 1.25em;border:0;background:var(--tl-bg,#fff);color:var(--tl-primary,#b1361e);font-weight:600;line-height:1.2;cursor:pointer}
.toggle__button+.toggle__button{border-left:2px solid var(--tl-primary,#b1361e)}
.toggle__button[aria-pressed="true"]{background:var(--tl-primary,#b1361e);color:var(--tl-on-primary,#fff)}
.toggle__button:disabled{color:#595959;cursor:not-allowed}
.address-row .tl-button{flex:none}
.address-form,.address-resolved{display:flex;flex-direction:column;gap:.25rem}
.address-label{font-weight:600;margin:0}
.address-row{display:flex;gap:.5rem;align-items:stretch}
.address-row input{flex:1;min-width:0;min-height:44px;padding:.5em;border:1px solid #999;border-radius:var(--tl-radius,8px);font:inherit}
/* the example address fits a phone's field (360 px) beside the locate button */
.address-row input::placeholder{font-size:.875em}
.address-row input[aria-invalid="true"]{border-color:#b00020}
.address-help{margin:0;font-size:.875rem;color:var(--tl-muted,#555)}
.address-error{margin:.25rem 0 0;color:#b00020;font-weight:600}
.address-value{margin:0}
.address-zone{list-style:none;margin:.25rem 0 .5rem;padding:0;font-size:.95rem}
.address-resolved .tl-button{align-self:flex-start}
.address-ours{margin:.5rem 0 0}
.address-ours p{margin:0}
.franchise-list{display:flex;flex-direction:column;gap:.5rem}
.franchise-shop label{display:flex;gap:.75rem;align-items:flex-start;padding:.5rem;border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px);cursor:pointer}
.franchise-shop input{margin-top:.25rem;width:1.25rem;height:1.25rem}
.franchise-shop__text{display:flex;flex-direction:column;gap:.125rem;min-width:0;overflow-wrap:break-word}
.franchise-shop__badges{display:flex;flex-wrap:wrap;gap:.25rem;align-items:center}
.badge{display:inline-block;padding:.1em .5em;border-radius:1em;background:#eee;font-size:.85rem}
.badge--open{background:#1b5e20;color:#fff}
.badge--closed{background:#b00020;color:#fff}
.franchise-shop__today{font-size:.85rem}
.toggle__button{min-height:44px}
.address-locate.tl-button{min-width:44px;min-height:44px;padding:0 .5rem;font-size:1.25rem;display:inline-flex;align-items:center;justify-content:center}
.address-locate svg{width:1.25em;height:1.25em}
.address-error p{margin:0}
.address-error a{display:inline-block;min-height:44px;line-height:44px}
.info-actions{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:flex-end;align-items:center;margin:.75rem 0 0}
.info-actions .tl-button--ghost{margin-right:auto}
.info-loading{display:flex;gap:.5rem;align-items:center}
.franchise-shop--single{padding:.5rem;border:1px solid var(--tl-border,#e5e5e5);border-radius:var(--tl-radius,8px)}
.franchise-shop label{min-height:44px}
.franchise-shop input{min-width:1.25rem}
.info-page{max-width:100%;overflow-wrap:anywhere}
`;
