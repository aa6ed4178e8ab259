import { Component, startTransition, useLayoutEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { WidgetModule, WidgetProps } from './types';
import { COMMIT_EVENT, PRERENDER_ATTR, READY_EVENT, prepareHydration, showPictures, signalReady, type PrerenderRoot } from './prerender';

const sheets = new Map<string, CSSStyleSheet>();

/**
 * `rem` is relative to the host page's <html> font size, which a shadow root cannot shield
 * (a restaurant's `html { font-size: 22px }` would scale every widget). Widget CSS may be
 * written in rem; it is fixed to 16 px per rem when it goes into the shadow root.
 */
export function remToPx(css: string): string {
  return css.replace(/(-?(?:\d+\.?\d*|\.\d+))rem\b/g, (_, n: string) => `${+(Number(n) * 16).toFixed(3)}px`);
}

/** One constructable stylesheet per widget, shared by all its instances (strict-CSP friendly). */
function sheetFor(key: string, css: string): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(remToPx(css));
    sheets.set(key, sheet);
  }
  return sheet;
}

/**
 * Adopts `css` (once per key and shadow root) into the shadow root `element` lives in; `first`
 * puts it before the sheets already there (a widget's own rules then win at equal specificity).
 */
export function adoptStyles(element: HTMLElement, key: string, css: string, position: 'first' | 'last' = 'last'): void {
  const root = element.getRootNode();
  const sheet = sheetFor(key, css);
  if (!sheet) return;
  if (root instanceof ShadowRoot) {
    if (root.adoptedStyleSheets.includes(sheet)) return;
    root.adoptedStyleSheets = position === 'first' ? [sheet, ...root.adoptedStyleSheets] : [...root.adoptedStyleSheets, sheet];
  }
}

let themeSheet: CSSStyleSheet | null = null;

/** The one sheet with the shop's theme: a `:host` rule, so the page's own CSS on the element still wins. */
function themeStyles(): CSSStyleSheet | null {
  if (!themeSheet && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    themeSheet = new CSSStyleSheet();
    themeSheet.replaceSync(':host{}');
  }
  return themeSheet;
}

/**
 * Puts the shop data's theme (checked entries, `themeEntries` of @shared/rules) on every widget,
 * mounted or still to come. Set through the CSSOM, one property at a time: nothing is parsed as a rule.
 */
export function setWidgetTheme(entries: readonly (readonly [string, string])[]): void {
  const sheet = themeStyles();
  if (!sheet) return;
  const style = (sheet.cssRules[0] as CSSStyleRule).style;
  style.cssText = '';
  for (const [name, value] of entries) style.setProperty(name, value);
}

interface BoundaryState {
  failed: boolean;
}

/** Keeps a broken widget from taking the page down; the guest can try again. */
export class WidgetErrorBoundary extends Component<{ children: ReactNode; name: string }, BoundaryState> {
  state: BoundaryState = { failed: false };
  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[tischlein:${this.props.name}]`, error, info.componentStack);
  }
  render() {
    if (this.state.failed) {
      return (
        <div role="alert" className="tl-widget-error" ref={signalReady}>
          <p>Dieser Bereich konnte gerade nicht angezeigt werden.</p>
          <button type="button" onClick={() => this.setState({ failed: false })}>
            Erneut versuchen
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

/** Tells `element` in the first commit of the tree inside it (a layout effect: before that frame is painted). */
function Committed({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    element.dispatchEvent(new Event(COMMIT_EVENT));
  }, [element]);
  return children;
}

/** Adopts the widget's sheet and the theme into the shadow root of `element` and marks it as the widget's root. */
function prepare(element: HTMLElement, name: string, css: string): void {
  adoptStyles(element, name, css);
  const theme = themeStyles();
  const root = element.getRootNode();
  if (theme && root instanceof ShadowRoot && !root.adoptedStyleSheets.includes(theme)) root.adoptedStyleSheets = [theme, ...root.adoptedStyleSheets];
  element.classList.add('tl-root', `tl-${name}`);
}

/**
 * Builds a remote's exposed module from its root component and CSS. `firstViewKey`: the key of the
 * server's first view this widget's first render would equal now (or null): with it, the module can
 * hydrate a first view with that key (`data-tl-prerender`) instead of rendering beside it.
 */
export function defineWidget(name: string, Root: ComponentType<WidgetProps>, css: string, firstViewKey?: () => string | null): WidgetModule {
  const tree = (props: WidgetProps) => (
    <WidgetErrorBoundary name={name}>
      <Root {...props} />
    </WidgetErrorBoundary>
  );
  return {
    mount(element, props) {
      prepare(element, name, css);
      const reactRoot = createRoot(element);
      // A transition: React renders the first view in slices of a few ms and yields to the page
      // between them (a plain first render is one task: ≈ 250 ms for the menu at 4× CPU).
      // (the host's loading box stays until the first commit: COMMIT_EVENT)
      startTransition(() => reactRoot.render(<Committed element={element}>{tree(props)}</Committed>));
      return () => reactRoot.unmount();
    },
    hydrate(element, props) {
      const key = firstViewKey?.();
      if (!key || element.getAttribute(PRERENDER_ATTR) !== key) return null;
      prepare(element, name, css);
      // the noted taps and typed text come back once the hydration is committed (the widget says so)
      element.addEventListener(READY_EVENT, prepareHydration(element.getRootNode() as PrerenderRoot, element), { once: true });
      // the pictures the server held back (holdPictures): they load from now on, and the markup is the widget's own
      showPictures(element);
      let reactRoot: ReturnType<typeof hydrateRoot> | undefined;
      // in a transition too: React hydrates in slices and yields to the page (a tap meanwhile hydrates at once)
      startTransition(() => {
        reactRoot = hydrateRoot(element, tree({ ...props, firstView: true }), {
          // markup that differs after all: React renders the widget anew; the page's error handlers need not hear it
          onRecoverableError: (error) => console.warn(`[tischlein:${name}] first view not hydrated`, error),
        });
      });
      return () => reactRoot?.unmount();
    },
  };
}
