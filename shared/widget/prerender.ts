// A widget shown before its code is there (the menu's pre-rendered first view, docs/embedding.md):
// the loader stub puts the server's HTML into the element's shadow root as
// <div data-tl-prerender="key">…</div> and notes the guest's taps on it. A widget rendered from the
// same shop data (the same key) hydrates it: React takes the server's elements over in place, no second
// tree, no second style and layout (`prepareHydration`). Otherwise the host mounts the live widget
// hidden beside it, and when the widget says it is ready (`signalReady`) the live tree takes the
// pre-render's place in one step (`takeOver`). Either way typed text, focus and the noted taps carry over.

import { ADDRESS_BOX_HEIGHT, CART_BUTTON_BOX, CART_FULL_BOX_HEIGHT, MENU_BOX_HEIGHT } from './boxes';
import { BREAKPOINTS } from './media';

/**
 * The base styles of every widget host element: the page's inherited styles stop here (also a dark
 * page's `color-scheme`). The element is never wider than the box the page gives it, and a scroll to
 * it (the checkout) stops below the page's sticky header (`--tl-sticky-top`, docs/embedding.md).
 * While a widget loads, its box is the one the loader stub reserved before it was defined and the live widget's
 * first view takes (boxes.ts): a cart button's (90 × 44 px), so a page's header does not jump; the menu's (600 px),
 * so what follows it on the page does not move up into view and down again when the runtime comes before the
 * menu's first view; the address widget's (154 px), so what follows it moves neither (issue 29); the shop's full cart's
 * on wide screens (241 px, an empty cart's), so the group box below it does not move under a tap.
 */
export const HOST_CSS = `:host{all:initial;display:block;contain:layout style;color-scheme:light;min-width:0;max-width:100%;scroll-margin-top:var(--tl-sticky-top,0px);font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.4;color:#222;text-align:left}
:host([hidden]){display:none}
.tl-loading{min-height:var(--tl-reserve,120px);display:flex;align-items:center;justify-content:center;color:#555}
:host(tischlein-menu) .tl-loading{min-height:var(--tl-reserve,${MENU_BOX_HEIGHT}px)}
:host(tischlein-address) .tl-loading{min-height:var(--tl-reserve,${ADDRESS_BOX_HEIGHT}px)}
:host(tischlein-cart[data-variant=full]) .tl-loading{min-height:var(--tl-reserve,${CART_FULL_BOX_HEIGHT}px)}
@media (max-width:${BREAKPOINTS.md - 0.02}px){:host(tischlein-cart[data-variant=full]) .tl-loading{min-height:0;height:0;overflow:hidden}}
:host([data-variant=button]) .tl-loading,:host(tischlein-cart:not([data-variant])) .tl-loading{width:${CART_BUTTON_BOX.width}px;min-height:${CART_BUTTON_BOX.height}px;overflow:hidden;white-space:nowrap;color:transparent}
.tl-load-error{padding:1rem;border:1px solid #c0392b;border-radius:8px;color:#8a1f11;background:#fff5f4}`;

/** The attribute of a pre-rendered tree's root. */
export const PRERENDER_ATTR = 'data-tl-prerender';
/** The event a widget sends (bubbling from inside its container) once its first real view is committed. */
export const READY_EVENT = 'tl-ready';
/**
 * The event a mounted widget's container hears in its first commit, before the browser paints it (every widget,
 * whatever it shows): the host's loading box can go then and not earlier (a transition commits in a later task).
 */
export const COMMIT_EVENT = 'tl-commit';

/**
 * What the stub notes on the shadow root: the buttons and links tapped before the widget was there.
 * The stub notes (and holds back) taps while this is a list; the live widget ends it (undefined).
 */
export interface PrerenderRoot extends ShadowRoot {
  tlTaps?: Element[];
}

/**
 * The first view's pictures wait for the live widget (docs/decisions.md, "2026-11-26 — The first view's pictures
 * after live"): the server moves each `<img>`'s `src` and each `<source>`'s `srcset` to `data-tl-src` /
 * `data-tl-srcset` (`holdPictures`), so no picture shares the phone's line with the runtime; the widget puts them
 * back just before it hydrates the first view (`showPictures`), the markup then equals its own. Meanwhile the
 * `<img>` has no address at all, nothing a host page's CSP could refuse (no `data:` placeholder: many pages' `img-src`
 * does not allow it). The widget's CSS gives every picture `<img>` its box whatever its state (a block with its size
 * and ratio; an inline `<img>` without an address is an empty inline box, its line 6 px lower than a picture's): an
 * address-less `<img>` and a loaded one take the same space, nothing moves when the pictures come
 * ("2026-11-27 — The held pictures without a `data:` image").
 */
export function holdPictures(html: string): string {
  return html.replace(/<(?:img|source)\b[^>]*>/g, (tag) => tag.replace(/ (src|srcset)="/gi, (_, name: string) => ` data-tl-${name.toLowerCase()}="`));
}

/** Puts the pictures `holdPictures` held back into `root`'s markup again (they start to load). */
export function showPictures(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll('[data-tl-srcset],[data-tl-src]')))
    for (const name of ['srcset', 'src']) {
      const value = el.getAttribute(`data-tl-${name}`);
      if (value === null) continue;
      el.setAttribute(name, value);
      el.removeAttribute(`data-tl-${name}`);
    }
}

/** Says that the widget around `node` shows its real view (or its error): the pre-render can go. */
export function signalReady(node: Element | null): void {
  node?.dispatchEvent(new Event(READY_EVENT, { bubbles: true }));
}

/**
 * The element-index path from `root` down to `node` (null when `node` is not inside `root`). Elements
 * only: the server's markup has text separators (comments) and joined texts the live tree has not.
 */
function pathOf(root: Element, node: Element): number[] | null {
  const path: number[] = [];
  for (let n: Element | null = node; n !== root; n = n.parentElement) {
    if (!n || !n.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
  }
  return path;
}

function follow(root: Element, path: number[]): Element | null {
  let n: Element | null = root;
  for (const i of path) n = n?.children[i] ?? null;
  return n;
}

/** The live element at the place of `old` (same path, same kind and label), else null. */
function counterpart(pre: Element, live: Element, old: Element): HTMLElement | null {
  const path = pathOf(pre, old);
  const n = path && follow(live, path);
  if (!(n instanceof HTMLElement) || n.tagName !== old.tagName) return null;
  const label = (e: Element) => `${e.getAttribute('aria-label') ?? ''}|${e.textContent ?? ''}|${e.getAttribute('href') ?? ''}`;
  return label(n) === label(old) ? n : null;
}

/**
 * Replaces the pre-rendered tree `pre` by the live container `live` (hidden until now): the text
 * typed into the pre-render's fields goes into the live fields (as input, so the widget sees it),
 * the focus moves along, and the taps noted by the stub are replayed on the live buttons.
 * Every pre-render stylesheet (`preSheets`) leaves the shadow root.
 */
export function takeOver(shadow: PrerenderRoot, pre: Element, live: HTMLElement, preSheets: readonly CSSStyleSheet[]): void {
  const typed: [HTMLInputElement, string][] = [];
  for (const input of Array.from(pre.querySelectorAll('input'))) {
    if (input.value === input.defaultValue) continue;
    const twin = counterpart(pre, live, input);
    if (twin instanceof HTMLInputElement) typed.push([twin, input.value]);
  }
  const focused = shadow.activeElement && pre.contains(shadow.activeElement) ? counterpart(pre, live, shadow.activeElement) : null;
  const taps = (shadow.tlTaps ?? []).map((b) => counterpart(pre, live, b)).filter((b): b is HTMLElement => !!b);
  shadow.tlTaps = undefined;
  live.style.removeProperty('display');
  pre.remove();
  if (preSheets.length) shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => !preSheets.includes(s));
  replay(typed, taps);
  focused?.focus({ preventScroll: true });
}

/** Types `typed` into the live fields and taps `taps` once more (after the commit that runs this). */
function replay(typed: readonly [HTMLInputElement, string][], taps: readonly Element[]): void {
  for (const [input, value] of typed) {
    // the native setter, then an input event: React's onChange sees it as typed
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // after this commit: a click now would run inside the widget's layout effect
  if (taps.length) setTimeout(() => taps.forEach((b) => b.isConnected && b instanceof HTMLElement && b.click()), 0);
}

/**
 * Readies the first view `pre` to be hydrated in place, right before the hydration starts: the stub
 * stops noting taps (React's own listeners take them now; a tap during the hydration hydrates at
 * once), what is not the view leaves (the preloads at its end), and the text typed into its fields
 * goes back to the server's value, so the hydration matches. Returns what to run once the hydration
 * is committed: the typed text (as input, so the widget sees it) and the noted taps come back; the
 * focus never left its element.
 */
export function prepareHydration(shadow: PrerenderRoot, pre: Element): () => void {
  const taps = shadow.tlTaps ?? [];
  shadow.tlTaps = undefined;
  for (const link of Array.from(pre.querySelectorAll(':scope > link'))) link.remove();
  const typed: [HTMLInputElement, string][] = [];
  for (const input of Array.from(pre.querySelectorAll('input'))) {
    if (input.value === input.defaultValue) continue;
    typed.push([input, input.value]);
    input.value = input.defaultValue;
  }
  return () => {
    // live from here (the attribute marks a first view not yet live)
    pre.removeAttribute(PRERENDER_ATTR);
    replay(typed, taps);
  };
}
