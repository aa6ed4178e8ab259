// The script-tag loader a restaurant pastes into its page. Kept tiny (budget: 1.5 KB gzip):
// it sets up the queue, starts the shop data request and the runtime download at once,
// and reserves the widgets' height so the host page does not jump. A failed runtime download
// is tried once more; then the page hears `tischlein:error` (docs/embedding.md).
import type { EmbedConfig, EmbedErrorDetail } from './config';
import type { PrerenderRoot } from '@shared/widget/prerender';

/** The remotes' entry hashes ('menu' → '.1a2b3c4d5e': remotes/menu/remoteEntry.1a2b3c4d5e.js), baked in by the build. */
declare const __TISCHLEIN_ENTRY_HASHES__: Record<string, string>;
/** The embed runtime's content-hashed file ('embed/runtime.1a2b3c4d5e.js'), baked in by the build. */
declare const __TISCHLEIN_RUNTIME__: string;

interface TischleinFn {
  (...args: unknown[]): void;
  q?: IArguments[] | unknown[][];
}

(() => {
  const doc = document;
  const w = window as unknown as { Tischlein?: TischleinFn; __tischlein?: EmbedConfig };
  if (w.__tischlein) return; // pasted twice: one runtime per page
  const script = (doc.currentScript ||
    doc.querySelector('script[data-shop][src*="embed"]')) as HTMLScriptElement | null;
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
  // Reserve space until the widgets are defined (constructable sheet: strict-CSP friendly).
  let sheet: CSSStyleSheet | null = null;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(
      'tischlein-menu:not(:defined){display:block;min-height:600px}tischlein-cart:not(:defined),tischlein-address:not(:defined){display:block;min-height:48px}',
    );
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch {
    /* old browser: no reservation */
  }
  // The widgets' entries download beside the runtime instead of after it.
  const hashes = __TISCHLEIN_ENTRY_HASHES__;
  const widgets = Object.keys(hashes);
  const preloaded: Record<string, 1> = {};
  const preload = (name: string) => {
    if (preloaded[name] || !widgets.includes(name)) return;
    preloaded[name] = 1;
    const l = doc.createElement('link');
    l.rel = 'preload';
    l.as = 'script';
    l.href = `${assets}remotes/${name}/remoteEntry${hashes[name]}.js`;
    doc.head.appendChild(l);
  };
  // The menu's first view, rendered by the server, shows in the widget's shadow root until the
  // widget is there (shared/widget/prerender.ts); taps on it are noted and replayed then.
  const prerender = (html: string) => {
    const t = doc.createElement('template');
    t.innerHTML = html;
    const style = t.content.querySelector('style')!;
    const css = new CSSStyleSheet();
    css.replaceSync(style.textContent!);
    style.remove();
    if (t.content.querySelector('[data-tl-prerender]'))
      doc.querySelectorAll('tischlein-menu').forEach((el) => {
        if (el.shadowRoot) return;
        const root = el.attachShadow({ mode: 'open' }) as PrerenderRoot;
        root.adoptedStyleSheets = [css];
        root.append(t.content.cloneNode(true));
        root.addEventListener('click', (e) => {
          const b = (e.target as Element).closest('a,button');
          if (b) {
            e.preventDefault();
            (root.tlTaps ||= []).push(b);
          }
        });
      });
  };
  const scan = () => {
    // the first view first: it takes the connection the stub came through
    if (!preloaded.pre && doc.querySelector('tischlein-menu')) {
      preloaded.pre = 1;
      fetch(`${api}/api/shop/${shop}/menu-view`, { credentials: 'omit' })
        .then((r) => (r.ok ? r.text() : ''))
        .then(prerender)
        .catch(() => {});
    }
    doc.querySelectorAll(widgets.map((n) => `tischlein-${n}`).join(',')).forEach((el) => preload(el.localName.slice(10)));
    for (const call of fn.q || []) if ((call as ArrayLike<unknown>)[0] === 'mount') preload(String((call as ArrayLike<unknown>)[1]));
  };
  scan();
  let boot: Promise<Response> | null = null;
  try {
    boot = fetch(`${api}/api/shop/${shop}/state`, { credentials: 'omit' });
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
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
  let tries = 0;
  const load = () => {
    const s = doc.createElement('script');
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
    doc.head.appendChild(s);
  };
  // No runtime: queued calls will never run. Listeners queued with Tischlein('on', …) still
  // hear the error; the reserved space is given back; later calls only log.
  const giveUp = () => {
    const detail: EmbedErrorDetail = {
      code: 'runtime-load-failed',
      message: 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.',
    };
    const log = () => console.error(`[tischlein] ${detail.message}`);
    log();
    for (const call of fn.q || []) {
      const [cmd, name, cb] = call as ArrayLike<unknown> as unknown[];
      if (cmd === 'on' && typeof cb === 'function') doc.addEventListener(`tischlein:${name}`, cb as EventListener);
    }
    fn.q = [];
    w.Tischlein = log;
    // the reserved space goes, and with it a first view that cannot become the menu (also one still on its way)
    sheet?.replaceSync('tischlein-menu:not(:defined){display:none}');
    doc.dispatchEvent(new CustomEvent('tischlein:error', { detail, bubbles: true, composed: true }));
  };
  load();
})();
