// The embed runtime's work on a foreign page, once boot.ts has evaluated the shared libraries: the
// page's API (`Tischlein(…)`), the widget elements, the shop data. It provides the federation
// runtime, React and the shared stores once per page; every widget on the page uses them,
// so all widgets share one cart.
// The widgets take every shared library from this runtime (they ship no fallback copies): a
// library only the widgets import must be named here once so the runtime provides it.
import '@nanostores/react';
import { parseConsentAttribute, parseConsentCall } from '@shared/rules';
import { setHostConsent } from '@shared/stores';
import { EMBEDDABLE_WIDGETS, type WidgetHost, type WidgetName } from '@shared/widget';
import { defaultManifest, defineWidgetElements, holdMounts, loadScriptsThrough, mountWidget, registerWidgets, unmountWidget } from '../federation';
import { startServices, startShop } from '../start';
import type { EmbedConfig, EmbedErrorDetail } from './config';
import { nextTask } from './nextTask';
import { $bootstrap, $cart, $deliveryType, $deliveryZone, $serveAt } from '@shared/stores';

/**
 * Scrolls `el`'s start to the top of the window, below the page's sticky header (the host's
 * `scroll-margin-top` is `--tl-sticky-top`). At once, whatever the page's `scroll-behavior`: a smooth
 * scroll runs while heights above may still change and lands elsewhere. For a few frames it is
 * brought back if something above it changed its height meanwhile (pictures, the live menu).
 */
function scrollToStart(el: HTMLElement, frames = 8): void {
  el.scrollIntoView({ block: 'start', behavior: 'instant' });
  const check = (left: number) =>
    requestAnimationFrame(() => {
      const want = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
      if (Math.abs(el.getBoundingClientRect().top - want) > 1) el.scrollIntoView({ block: 'start', behavior: 'instant' });
      if (left > 1) check(left - 1);
    });
  check(frames);
}

/**
 * 'ZUR KASSE' on a restaurant's page: its own <tischlein-checkout> if it has one (scrolled to and
 * focused), else a full-screen sheet (<tischlein-checkout data-sheet>) added to the page.
 */
function openCheckoutHere(): void {
  const inline = document.querySelector<HTMLElement>('tischlein-checkout:not([data-sheet])');
  if (inline) {
    scrollToStart(inline);
    inline.setAttribute('tabindex', '-1');
    inline.focus({ preventScroll: true });
    return;
  }
  if (document.querySelector('tischlein-checkout[data-sheet]')) return;
  const sheet = document.createElement('tischlein-checkout');
  sheet.setAttribute('data-sheet', 'true');
  document.body.appendChild(sheet);
}

type Call = unknown[] | IArguments;

const w = window as unknown as {
  Tischlein?: ((...args: unknown[]) => void) & { q?: Call[] };
};

function isWidget(name: unknown): name is WidgetName {
  return typeof name === 'string' && (EMBEDDABLE_WIDGETS as readonly string[]).includes(name);
}

/**
 * data-sticky-top on the script tag: the page's sticky header height (px) for the widgets' sticky
 * bars and scrolls. Zero specificity, so the page's own `--tl-sticky-top` wins (docs/embedding.md).
 */
function stickyTopFromScript(): void {
  const px = parseFloat(document.querySelector('script[data-shop][data-sticky-top]')?.getAttribute('data-sticky-top') ?? '');
  if (!(px >= 0 && px < 1000)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`:where(:root){--tl-sticky-top:${px}px}`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    /* old browser: the page's own --tl-sticky-top still works */
  }
}

/**
 * Starts the widgets on the page the stub left `cfg` on, in two tasks: first the remotes' registration
 * and the shop data's start (its requests go out), then — in a task of its own, the page runs in
 * between — the page's API, its queued calls and the widget elements (each element's mount asks
 * the federation runtime for its remote). In one task both took 36–106 ms at 4× CPU.
 */
export async function startEmbed(cfg: EmbedConfig): Promise<void> {
  stickyTopFromScript();
  // where the full shop lives (data-shop-url, default: the API's origin)
  const shopUrl = (cfg.script.getAttribute('data-shop-url') || cfg.api).replace(/\/+$/, '');
  const host: WidgetHost = {
    shopId: cfg.shop,
    shopUrl,
    inShell: false,
    navigate(path: string) {
      const p = path.startsWith('/') ? path : `/${path}`;
      // the checkout opens on this page: the cart never has to cross origins
      if (p === '/checkout' || p.startsWith('/checkout/')) return openCheckoutHere();
      // to the full shop: the order (cart, delivery type, serve time, zone) travels in the hand-over hash
      // (the checkout rules are a chunk of their own: loaded on this first use)
      void import('@shared/checkout').then(({ makeHandOver, withHandOver }) => {
        const h = makeHandOver({ deliveryType: $deliveryType.get(), cart: $cart.get(), serveAt: $serveAt.get(), zone: $deliveryZone.get() });
        window.location.assign(h.cart.length ? withHandOver(`${shopUrl}${p}`, h) : `${shopUrl}${p}`);
      });
    },
  };
  // (a stub of an older build has no `url`: plain strings, as before)
  if (cfg.url) loadScriptsThrough(cfg.url);
  registerWidgets(defaultManifest(), cfg.assets);
  // shop data that cannot be loaded or read: the menu says so, the page hears it
  $bootstrap.listen((b) => {
    if (b.status !== 'error') return;
    const detail: EmbedErrorDetail = { code: 'shop-load-failed', message: 'Die Speisekarte konnte nicht geladen werden.' };
    document.dispatchEvent(new CustomEvent('tischlein:error', { detail, bubbles: true, composed: true }));
  });
  const loaded = startShop({
    shopId: cfg.shop,
    apiOrigin: cfg.api,
    prefetched: cfg.boot,
    // the host page's consent manager decides (data-consent, Tischlein('consent', …))
    consent: { remember: false, attribute: parseConsentAttribute(cfg.script.getAttribute('data-consent')) },
    laterServices: true,
  });
  holdMounts(loaded);
  // The shop's timers and polls (its live state), visit tracking and the account: none of them is
  // needed for the live menu. They start in a task after the one that brings the shop data (the
  // menu's first view is hydrated there), not in this one (≈ 9 ms at 4× CPU before the live menu).
  void loaded.then(nextTask, nextTask).then(startServices);
  await nextTask();

  const api = (...args: unknown[]) => {
    const [cmd, name, el, options] = args;
    if (cmd === 'mount') {
      if (!isWidget(name) || !(el instanceof HTMLElement)) {
        console.error('[tischlein] Tischlein("mount", name, element, options): unbekanntes Widget oder Element');
        return;
      }
      const opts = options && typeof options === 'object' ? (options as Record<string, string>) : {};
      void mountWidget(name, el, host, opts);
    } else if (cmd === 'unmount' && name instanceof HTMLElement) {
      unmountWidget(name);
    } else if (cmd === 'consent') {
      const choice = parseConsentCall(name);
      if (choice === undefined) console.error("[tischlein] Tischlein('consent', { analytics: true | false }) erwartet");
      else setHostConsent(choice);
    } else if (cmd === 'on' && typeof name === 'string' && typeof el === 'function') {
      document.addEventListener(`tischlein:${name}`, el as EventListener);
    } else {
      console.error(`[tischlein] unbekannter Befehl: ${String(cmd)}`);
    }
  };
  const queued = w.Tischlein?.q ?? [];
  w.Tischlein = Object.assign(api, { q: [] as Call[] });
  defineWidgetElements(() => host);
  for (const call of queued) api(...Array.from(call as ArrayLike<unknown>));
  // back from a payment page: the checkout opens again on this page
  if (location.search) {
    void import('@shared/checkout').then(({ RETURN_PARAM }) => {
      if (!new URLSearchParams(location.search).has(RETURN_PARAM)) return;
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', openCheckoutHere, { once: true });
      else openCheckoutHere();
    });
  }
}
