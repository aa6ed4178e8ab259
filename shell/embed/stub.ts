// The script-tag loader a restaurant pastes into its page. Kept tiny (budget: 1.5 KB gzip):
// it sets up the queue, starts the shop data request and the runtime download at once,
// and reserves the widgets' height so the host page does not jump. A failed runtime download
// is tried once more; then the page hears `tischlein:error` (docs/embedding.md).
import type { EmbedConfig, EmbedErrorDetail } from './config';
import { WIDGET_NAMES } from '@shared/widget/types';

/** The remotes' content-hashed entry files ('/remotes/menu/remoteEntry.1a2b3c4d5e.js'), baked in by the build. */
declare const __TISCHLEIN_WIDGETS__: Record<string, string>;
/** The embed runtime's content-hashed file ('embed/runtime.1a2b3c4d5e.js'), baked in by the build. */
declare const __TISCHLEIN_RUNTIME__: string;

interface TischleinFn {
  (...args: unknown[]): void;
  q?: IArguments[] | unknown[][];
}

(() => {
  const w = window as unknown as { Tischlein?: TischleinFn; __tischlein?: EmbedConfig };
  if (w.__tischlein) return; // pasted twice: one runtime per page
  const script = (document.currentScript ||
    document.querySelector('script[data-shop][src*="embed"]')) as HTMLScriptElement | null;
  if (!script) return;
  const src = new URL(script.src, location.href);
  const shop = (script.getAttribute('data-shop') || '').trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(shop)) {
    console.error('[tischlein] data-shop fehlt oder ist ungültig');
    return;
  }
  const api = (script.getAttribute('data-api') || src.origin).replace(/\/+$/, '');
  const assets = src.href.replace(/[^/]*$/, '');
  const fn: TischleinFn =
    w.Tischlein ||
    function () {
      // eslint-disable-next-line prefer-rest-params
      (fn.q = fn.q || []).push(arguments as never);
    };
  fn.q = fn.q || [];
  w.Tischlein = fn;
  let boot: Promise<Response> | null = null;
  try {
    boot = fetch(`${api}/api/shop/${shop}/bootstrap`, { credentials: 'omit' });
    boot.catch(() => {});
  } catch {
    boot = null;
  }
  w.__tischlein = {
    shop,
    api,
    assets,
    shopUrl: (script.getAttribute('data-shop-url') || api).replace(/\/+$/, ''),
    consent: script.getAttribute('data-consent'),
    boot,
  };
  // Reserve space until the widgets are defined (constructable sheet: strict-CSP friendly).
  let sheet: CSSStyleSheet | null = null;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(
      'tischlein-menu:not(:defined){display:block;min-height:600px}tischlein-cart:not(:defined),tischlein-address:not(:defined){display:block;min-height:48px}',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    /* old browser: no reservation */
  }
  // The widgets' entries download beside the runtime instead of after it.
  const preloaded: Record<string, 1> = {};
  const preload = (name: string) => {
    if (preloaded[name] || !(WIDGET_NAMES as readonly string[]).includes(name)) return;
    preloaded[name] = 1;
    const l = document.createElement('link');
    l.rel = 'preload';
    l.as = 'script';
    l.href = assets + __TISCHLEIN_WIDGETS__[name].slice(1);
    document.head.appendChild(l);
  };
  const scan = () => {
    document.querySelectorAll(WIDGET_NAMES.map((n) => `tischlein-${n}`).join(',')).forEach((el) =>
      preload(el.localName.slice(10)),
    );
    for (const call of fn.q || []) if ((call as ArrayLike<unknown>)[0] === 'mount') preload(String((call as ArrayLike<unknown>)[1]));
  };
  scan();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  let tries = 0;
  const load = () => {
    const s = document.createElement('script');
    s.src = assets + __TISCHLEIN_RUNTIME__;
    s.async = true;
    s.onerror = () => {
      s.remove();
      if (++tries < 2) {
        setTimeout(load, 1000);
        return;
      }
      giveUp();
    };
    document.head.appendChild(s);
  };
  // No runtime: queued calls will never run. Listeners queued with Tischlein('on', …) still
  // hear the error; the reserved space is given back; later calls only log.
  const giveUp = () => {
    const detail: EmbedErrorDetail = {
      code: 'runtime-load-failed',
      message: 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.',
    };
    console.error(`[tischlein] ${detail.message}`);
    for (const call of fn.q || []) {
      const [cmd, name, cb] = call as ArrayLike<unknown> as unknown[];
      if (cmd === 'on' && typeof cb === 'function') document.addEventListener(`tischlein:${name}`, cb as EventListener);
    }
    fn.q = [];
    w.Tischlein = () => console.error(`[tischlein] ${detail.message}`);
    if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((x) => x !== sheet);
    document.dispatchEvent(new CustomEvent('tischlein:error', { detail, bubbles: true, composed: true }));
  };
  load();
})();
