// The script-tag loader a restaurant pastes into its page. Kept tiny (its budget and why: tests/size/size.ts):
// it sets up the queue, starts the shop data request and the runtime download at once,
// and reserves the widgets' height so the host page does not jump. A failed runtime download
// is tried once more; then the page hears `tischlein:error` (docs/embedding.md). So does a runtime
// that arrived but could not start (a host page's globals broke it), and the widgets' boxes say so.
// On a page with Trusted Types every script URL and the first view's HTML go through the policy
// 'tischlein' (the page's CSP must allow it: docs/embedding.md). What the runtime can read itself, it reads (bytes here count).
import type { EmbedConfig, EmbedErrorDetail } from './config';
import type { PrerenderRoot } from '@shared/widget/prerender';

/**
 * Each embeddable remote's files to ask for at once, in its folder, without '.js' ('menu' → 'remoteEntry.1a2b3c4d5e 211.9f8e7d6c5b':
 * remotes/menu/remoteEntry.1a2b3c4d5e.js and the menu's first chunk), baked in by the build.
 */
declare const __TISCHLEIN_WIDGET_FILES__: Record<string, string>;
/** The embed runtime's content-hashed file ('embed/runtime.1a2b3c4d5e.js'), baked in by the build. */
declare const __TISCHLEIN_RUNTIME__: string;

/** The part of a Trusted Types policy the loader uses (the DOM typings have no Trusted Types). */
interface Policy {
  createScriptURL(url: string): string;
  createHTML(html: string): string;
}

interface TischleinFn {
  (...args: unknown[]): void;
  q?: IArguments[] | unknown[][];
}

(() => {
  const doc = document;
  const w = window as unknown as {
    Tischlein?: TischleinFn;
    __tischlein?: EmbedConfig;
    trustedTypes?: { createPolicy(name: string, rules: Policy): Policy };
  };
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
  const shopApi = `${api}/api/shop/${shop}/`;
  // Trusted Types: script URLs only below the widgets' own folder; HTML only the server's first view
  // (the policy stays in here: the runtime gets `url` only)
  let tt: Policy = { createScriptURL: (u) => (u.startsWith(assets) ? u : ''), createHTML: (h) => h };
  try {
    tt = w.trustedTypes?.createPolicy('tischlein', tt) || tt;
  } catch {
    /* the page's CSP does not allow the policy: with Trusted Types required, loading fails below */
  }
  const fn: TischleinFn =
    w.Tischlein ||
    function () {
      // eslint-disable-next-line prefer-rest-params
      (fn.q = fn.q || []).push(arguments as never);
    };
  fn.q = fn.q || [];
  w.Tischlein = fn;
  // Reserve space until the widgets are defined (constructable sheet: strict-CSP friendly): the boxes of
  // shared/widget/boxes.ts, which the loading boxes and the live widgets keep (docs/decisions.md, issue 29).
  let sheet: CSSStyleSheet | null = null;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(
      'tischlein-menu:not(:defined){display:block;min-height:600px}tischlein-address:not(:defined){display:block;min-height:154px}tischlein-cart:not(:defined){display:block;min-height:44px;min-width:90px}',
    );
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch {
    /* old browser: no reservation */
  }
  const files = __TISCHLEIN_WIDGET_FILES__;
  const widgets = Object.keys(files);
  const tags = widgets.map((n) => `tischlein-${n}`).join(',');
  const cfg: EmbedConfig = (w.__tischlein = {
    shop,
    api,
    assets,
    script,
    url: (u) => tt.createScriptURL(u),
  });
  let tries = 0;
  const load = () => {
    const s = doc.createElement('script');
    try {
      s.src = tt.createScriptURL(assets + __TISCHLEIN_RUNTIME__) as string;
    } catch {
      return giveUp('runtime-load-failed');
    }
    s.async = true;
    // (an async script is fetched at low priority: behind the entries, the state and the pictures)
    s.fetchPriority = 'high';
    s.onerror = () => {
      s.remove();
      if (++tries < 2) {
        setTimeout(load, 1000);
        return;
      }
      giveUp('runtime-load-failed');
    };
    // the runtime marks the config as its script runs: if it has not, it threw (a later failure calls `fail`)
    s.onload = () => cfg.ok || giveUp('runtime-start-failed');
    doc.head.appendChild(s);
  };
  // No runtime: queued calls will never run. Listeners queued with Tischlein('on', …) still
  // hear the error; the widgets' boxes show the message instead of a first view that cannot
  // become the menu (also one still on its way); later calls only log.
  const giveUp = (code: EmbedErrorDetail['code']) => {
    const detail: EmbedErrorDetail = { code, message: 'Die Bestellfunktion konnte nicht geladen werden. Bitte lade die Seite neu.' };
    const log = () => console.error(`[tischlein] ${detail.message}`);
    log();
    const box = (el: Element) => {
      (el.shadowRoot || el.attachShadow({ mode: 'open' })).replaceChildren(detail.message);
      el.setAttribute('role', 'alert');
    };
    doc.querySelectorAll(tags).forEach(box);
    for (const call of fn.q || []) {
      const [cmd, name, cb] = call as ArrayLike<unknown> as unknown[];
      if (cmd === 'on' && typeof cb === 'function') doc.addEventListener(`tischlein:${name}`, cb as EventListener);
      if (cmd === 'mount' && cb instanceof Element) box(cb);
    }
    fn.q = [];
    w.Tischlein = log;
    sheet?.replaceSync('');
    doc.dispatchEvent(new CustomEvent('tischlein:error', { detail, bubbles: true, composed: true }));
  };
  cfg.fail = giveUp;
  // The runtime first: its last byte bounds the live menu, everything else is smaller (docs/decisions.md, issue 29)
  load();
  const link = (href: string, as: string) => {
    const l = doc.createElement('link');
    l.rel = 'preload';
    l.as = as;
    // (the runtime's fetch of the catalog is a CORS request without credentials: the preload must be one too)
    if (as === 'fetch') l.crossOrigin = 'anonymous';
    l.href = href;
    doc.head.appendChild(l);
  };
  // The widgets' entries (and the menu's first chunk) download beside the runtime instead of after it. On a page
  // with the menu only the menu's: the live menu waits for the runtime's last byte, and another widget's entry
  // would share the phone's line with it; the runtime asks for that one when it mounts the widget (docs/decisions.md, issue 29).
  const preloaded: Record<string, 1> = {};
  const preload = (name: string) => {
    if (preloaded[name] || !widgets.includes(name) || (preloaded.pre && name !== 'menu')) return;
    preloaded[name] = 1;
    for (const f of files[name].split(' ')) link(`${assets}remotes/${name}/${f}.js`, 'script');
  };
  // The menu's first view, rendered by the server, shows in the widget's shadow root until the
  // widget is there (shared/widget/prerender.ts); taps on it are noted and replayed then.
  // Parsing (this task) and the insertion with its first style and layout (the next) are two
  // tasks: the host page's own events run in between (docs/decisions.md, issue 29).
  // Chrome looks each font size × weight up once per page, the first time text uses it (on Linux a synchronous call
  // to the browser process, ≈ 3–7 ms each at 4× CPU; a new weight more): the first view's six (remotes/menu/styles.ts)
  // are used here one per task while it downloads, and its insertion waits for them (docs/decisions.md, issue 29).
  // `later`: the insertion, held until the warm-up is done (0: done).
  let later: (() => void) | 0 | undefined;
  // (on a canvas: measuring text looks its font up as the page's text would, with nothing in the page)
  const warm = () => {
    const canvas = doc.createElement('canvas').getContext('2d');
    const fonts = ['12', '14', 'bold 12', 'bold 20', 'bold 16', '16'];
    const step = () => {
      // (no 2D canvas, e.g. blocked: nothing to do)
      const font = canvas && fonts.pop();
      if (font) {
        // the first of the widget's font families (the system's; remotes/menu/styles.ts)
        canvas.font = `${font}px system-ui`;
        canvas.measureText('€');
        setTimeout(step);
      } else {
        if (later) later();
        later = 0;
      }
    };
    setTimeout(step);
  };
  const prerender = (html: string) => {
    const t = doc.createElement('template');
    t.innerHTML = tt.createHTML(html);
    // (the server's `<style>` comes first; anything else is no first view: the check below, or a throw on nothing)
    const style = t.content.firstChild!;
    const css = new CSSStyleSheet();
    css.replaceSync(style.textContent!);
    style.remove();
    const insert = () => doc.querySelectorAll('tischlein-menu').forEach((el) => {
      if (el.shadowRoot) return;
      const root = el.attachShadow({ mode: 'open' }) as PrerenderRoot;
      root.adoptedStyleSheets = [css];
      root.append(t.content.cloneNode(true));
      // noted until the live widget ends the list (it hydrates or takes over): then taps are its own
      root.tlTaps = [];
      root.addEventListener('click', (e) => {
        const taps = root.tlTaps;
        const b = taps && (e.target as Element).closest('a,button');
        if (b) {
          e.preventDefault();
          taps.push(b);
        }
      });
    });
    if (t.content.querySelector('[data-tl-prerender]')) {
      if (later === 0) setTimeout(insert);
      else later = insert;
    }
  };
  const scan = () => {
    // the first view right after the runtime: it paints while the runtime is on its way
    if (!preloaded.pre && doc.querySelector('tischlein-menu')) {
      preloaded.pre = 1;
      // (a hidden tab runs timers once a second: no warm-up there)
      if (doc.hidden) later = 0;
      else warm();
      fetch(`${shopApi}menu-view`, { credentials: 'omit' })
        .then((r) => (r.ok ? r.text() : ''))
        .then(prerender)
        .catch(() => {});
    }
    doc.querySelectorAll(tags).forEach((el) => preload(el.localName.slice(10)));
    for (const call of fn.q || []) if ((call as ArrayLike<unknown>)[0] === 'mount') preload(String((call as ArrayLike<unknown>)[1]));
  };
  scan();
  try {
    // the catalog as soon as the state names its version: before the first view's answer could name it
    // (the version is the server's own `{number}-{hex}`: no escaping; an error's answer names none)
    (cfg.boot = fetch(`${shopApi}state`, { credentials: 'omit' }))
      .then((r) => r.clone().json())
      .then((s: { catalogVersion?: string }) => s.catalogVersion && link(`${shopApi}catalog/${s.catalogVersion}`, 'fetch'))
      .catch(() => {});
  } catch {
    /* no fetch: the runtime asks itself */
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
})();
