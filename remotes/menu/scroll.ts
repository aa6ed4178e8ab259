// Smooth-scroll targets: scroll-top, deals, menus, menu-start,
// shop_category_{id}; offset 125 px, animation 400 ms. The targets live in the widget's shadow
// root, the page scrolls in the window. On a restaurant's page with a sticky header the offset
// grows by the header's height (`--tl-sticky-top`, docs/embedding.md).
export const SCROLL_OFFSET = 125;
export const SCROLL_MS = 400;

let frame = 0;

function reducedMotion(): boolean {
  try {
    return matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

/** The host page's sticky header height in px (`--tl-sticky-top` on or above the widget), 0 if unset or not a length. */
export function stickyTop(el: Element): number {
  const v = parseFloat(getComputedStyle(el).getPropertyValue('--tl-sticky-top'));
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/**
 * Pictures and the live widget's parts may still change heights above the target while the page
 * scrolls. Correct for a few frames until it sits at the offset.
 */
function settle(el: Element, offset: number, tries = 8): void {
  frame = requestAnimationFrame(() => {
    const delta = el.getBoundingClientRect().top - offset;
    const max = document.documentElement.scrollHeight - window.innerHeight;
    if (Math.abs(delta) > 1 && !(delta > 0 && window.scrollY >= max - 1)) window.scrollBy(0, delta);
    if (tries > 1) settle(el, offset, tries - 1);
  });
}

/** Scrolls the window so that the target sits SCROLL_OFFSET px below the top; false if it is missing. */
export function scrollToTarget(root: Document | ShadowRoot, id: string, opts: { jump?: boolean } = {}): boolean {
  const el = root.getElementById(id);
  if (!el) return false;
  const offset = SCROLL_OFFSET + stickyTop(el);
  const targetY = Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset);
  cancelAnimationFrame(frame);
  if (opts.jump || reducedMotion()) {
    window.scrollTo(0, targetY);
    settle(el, offset);
    return true;
  }
  const startY = window.scrollY;
  const start = performance.now();
  const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / SCROLL_MS);
    window.scrollTo(0, startY + (targetY - startY) * ease(t));
    if (t < 1) frame = requestAnimationFrame(step);
    else settle(el, offset);
  };
  frame = requestAnimationFrame(step);
  return true;
}

/** The target of the main page's query: scrollTo=menu | menu_sticky_boundary | a target id. */
export function queryScrollTarget(search: string): { id: string; jump: boolean } | null {
  const q = new URLSearchParams(search);
  const to = q.get('scrollTo');
  if (!to) return null;
  const id = to === 'menu' || to === 'menu_sticky_boundary' ? 'menu-start' : to;
  if (!/^(scroll-top|deals|menus|menu-start|shop_category_[\w-]+)$/.test(id)) return null;
  return { id, jump: q.get('jumpScroll') === '1' };
}
