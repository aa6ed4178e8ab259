// Loading remotes at run time through the Module Federation runtime. Used by the shell and by
// the embed runtime, so a foreign page and the full shop load widgets the same way.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { EmbedErrorDetail } from './embed/config';
import { COMMIT_EVENT, HOST_CSS, PRERENDER_ATTR, READY_EVENT, WIDGET_NAMES, takeOver, type WidgetHost, type WidgetModule, type WidgetName, type WidgetProps } from '@shared/widget';

export type WidgetManifest = Partial<Record<WidgetName, string>>;

let registered = false;
const loading = new Map<WidgetName, Promise<WidgetModule>>();
/** Where the remotes' files are (registerWidgets' `assetsBase`). */
let filesBase = '';

/** Registers the remotes of a manifest; entry URLs are resolved against `assetsBase`. */
export function registerWidgets(manifest: WidgetManifest, assetsBase: string): void {
  const remotes = WIDGET_NAMES.filter((n) => manifest[n]).map((n) => ({
    name: `tischlein_${n}`,
    alias: n,
    entry: new URL(manifest[n]!, assetsBase).href,
  }));
  registerRemotes(remotes, { force: registered });
  registered = true;
  filesBase = assetsBase;
}

/**
 * The widgets' entry scripts get their URL through `url` (on a page with Trusted Types: the
 * loader's policy 'tischlein'; a plain string may not become a script's src there).
 */
export function loadScriptsThrough(url: (u: string) => string): void {
  registerPlugins([
    {
      name: 'tischlein-script-url',
      createScript({ url: u }: { url: string }) {
        const script = document.createElement('script');
        script.src = url(u);
        return script;
      },
    },
  ]);
}

/** The build bakes in the remotes' content-hashed entry names (webpack.config.ts, widgets.json). */
declare const __TISCHLEIN_WIDGETS__: WidgetManifest | undefined;

export function defaultManifest(): WidgetManifest {
  if (typeof __TISCHLEIN_WIDGETS__ !== 'undefined') return __TISCHLEIN_WIDGETS__;
  return Object.fromEntries(WIDGET_NAMES.map((n) => [n, `/remotes/${n}/remoteEntry.js`]));
}

/** The build bakes in each remote's first chunks ('cart' → '66.5226fd7482': remotes/cart/66.5226fd7482.js), webpack.config.ts. */
declare const __TISCHLEIN_FIRST_CHUNKS__: Record<string, string> | undefined;

/**
 * The chunks a widget needs before it can render download beside its entry, not after the entry ran (one round
 * trip less: the cart button on a page with the menu, whose entry the loader leaves to the runtime; a dialog's
 * widget opened later). The embed runtime's list leaves out the menu: the loader asks for its chunks.
 */
function preloadFirstChunks(name: WidgetName): void {
  const files = typeof __TISCHLEIN_FIRST_CHUNKS__ !== 'undefined' && __TISCHLEIN_FIRST_CHUNKS__[name];
  for (const f of files ? files.split(' ') : [])
    document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href: new URL(`/remotes/${name}/${f}.js`, filesBase || location.href).href }));
}

export function loadWidget(name: WidgetName): Promise<WidgetModule> {
  let p = loading.get(name);
  if (!p) {
    preloadFirstChunks(name);
    p = loadRemote<WidgetModule>(`tischlein_${name}/widget`).then((m) => {
      if (!m || typeof m.mount !== 'function') throw new Error(`widget ${name} has no mount()`);
      return m;
    });
    // A failed load (network) may be retried on the next mount.
    p.catch(() => loading.delete(name));
    loading.set(name, p);
  }
  return p;
}

let hostSheet: CSSStyleSheet | null = null;
function hostStyles(): CSSStyleSheet {
  if (!hostSheet) {
    hostSheet = new CSSStyleSheet();
    hostSheet.replaceSync(HOST_CSS);
  }
  return hostSheet;
}

const mounted = new WeakMap<Element, () => void>();

let held: Promise<unknown> = Promise.resolve();

/**
 * Widgets mount once `until` has settled (their code still loads meanwhile). The embed runtime
 * holds them until the shop data is there: a widget's first render then shows the menu itself,
 * in one transition that yields to the page, not a placeholder followed by a render in one task.
 */
export function holdMounts(until: Promise<unknown>): void {
  held = until.catch(() => undefined);
}

function optionsFrom(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attr of Array.from(el.attributes)) {
    if (attr.name.startsWith('data-')) out[attr.name.slice(5)] = attr.value;
    else if (attr.name !== 'class' && attr.name !== 'id' && attr.name !== 'style') out[attr.name] = attr.value;
  }
  return out;
}

/** Mounts a widget into its own shadow root on `el`. Returns when it is rendered (or failed). */
export async function mountWidget(
  name: WidgetName,
  el: HTMLElement,
  host: WidgetHost,
  options: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  if (mounted.has(el)) return;
  mounted.set(el, () => {});
  const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  // the stub's pre-rendered first view (the menu) stays, with its sheets, until the widget is ready
  const pre = Array.from(shadow.children).find((c) => c.hasAttribute(PRERENDER_ATTR)) ?? null;
  const preSheets = pre ? shadow.adoptedStyleSheets.slice() : [];
  shadow.adoptedStyleSheets = [hostStyles(), ...preSheets];
  let placeholder: HTMLElement | null = null;
  if (!pre) {
    placeholder = document.createElement('div');
    placeholder.className = 'tl-loading';
    placeholder.setAttribute('role', 'status');
    placeholder.textContent = 'Wird geladen …';
    shadow.replaceChildren(placeholder);
  }
  try {
    const [mod] = await Promise.all([loadWidget(name), held]);
    if (mounted.get(el) === undefined) return; // unmounted meanwhile
    // the first view hydrated in place when the widget's shop data is the one it was rendered from
    const hydrated = pre?.isConnected && mod.hydrate ? hydrate(mod, shadow, pre, preSheets, { host, options: { ...optionsFrom(el), ...options } }) : null;
    if (hydrated) {
      mounted.set(el, hydrated);
      el.dispatchEvent(new CustomEvent('tischlein:mounted', { bubbles: true, composed: true, detail: { widget: name } }));
      return;
    }
    const container = document.createElement('div');
    if (pre?.isConnected) {
      container.style.display = 'none';
      container.addEventListener(READY_EVENT, () => pre.isConnected && takeOver(shadow, pre, container, preSheets));
      shadow.append(container);
    } else if (placeholder?.isConnected) {
      // the loading box keeps its place until the widget's first commit, a task or more later (a transition):
      // an empty box for a frame would make a page's header wrap and unwrap (docs/decisions.md, issue 29)
      const box = placeholder;
      container.addEventListener(COMMIT_EVENT, () => box.remove(), { once: true });
      shadow.replaceChildren(box, container);
    } else shadow.replaceChildren(container);
    const unmount = mod.mount(container, { host, options: { ...optionsFrom(el), ...options } });
    mounted.set(el, unmount);
    el.dispatchEvent(new CustomEvent('tischlein:mounted', { bubbles: true, composed: true, detail: { widget: name } }));
  } catch (err) {
    console.error(`[tischlein] ${name} could not be loaded`, err);
    const box = document.createElement('div');
    box.className = 'tl-load-error';
    box.setAttribute('role', 'alert');
    box.textContent = 'Dieser Bereich konnte nicht geladen werden. Bitte lade die Seite neu.';
    shadow.replaceChildren(box);
    mounted.delete(el);
    // the page hears it too (on a restaurant's page: docs/embedding.md, 'tischlein:error')
    const detail: EmbedErrorDetail = { code: 'widget-load-failed', message: box.textContent };
    document.dispatchEvent(new CustomEvent('tischlein:error', { detail, bubbles: true, composed: true }));
  }
}

/**
 * Hydrates the first view `pre`. Its own sheets leave in the same task the widget's sheet joins: the
 * widget's sheet holds every rule of theirs in the same order (the server's is the part of it that
 * matches the first view), so nothing changes for the elements there, and the shadow tree's styles are
 * computed anew once, not twice (at the join and again at the commit: issue 29).
 */
function hydrate(mod: WidgetModule, shadow: ShadowRoot, pre: Element, preSheets: readonly CSSStyleSheet[], props: WidgetProps): (() => void) | null {
  const unmount = mod.hydrate!(pre as HTMLElement, props);
  if (unmount && preSheets.length) shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => !preSheets.includes(s));
  return unmount;
}

export function unmountWidget(el: Element): void {
  const unmount = mounted.get(el);
  mounted.delete(el);
  unmount?.();
}

/** Defines <tischlein-menu>, <tischlein-cart>, … once per page. */
export function defineWidgetElements(getHost: () => WidgetHost): void {
  for (const name of WIDGET_NAMES) {
    const tag = `tischlein-${name}`;
    if (customElements.get(tag)) continue;
    customElements.define(
      tag,
      class extends HTMLElement {
        connectedCallback() {
          void mountWidget(name, this, getHost());
        }
        disconnectedCallback() {
          unmountWidget(this);
        }
      },
    );
  }
}
