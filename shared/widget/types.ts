// The contract between a host (the shell or the embed runtime) and a remote widget.

export const WIDGET_NAMES = ['menu', 'cart', 'address', 'checkout', 'group', 'table', 'account', 'inbox'] as const;
/** Widgets a restaurant's own page may embed: not the staff app (its session cookie is SameSite=Strict on the shop's origin). */
export const EMBEDDABLE_WIDGETS: readonly WidgetName[] = ['menu', 'cart', 'address', 'checkout', 'group', 'table', 'account'];
export type WidgetName = (typeof WIDGET_NAMES)[number];

export interface WidgetHost {
  /** Shop id the widget shows */
  shopId: string;
  /** Absolute URL of the full shop (the shell), incl. a /f={slug} prefix, without trailing slash */
  shopUrl: string;
  /** true inside the shell, false on a foreign page */
  inShell: boolean;
  /** Go to a route of the shop (e.g. '/checkout'); the shell routes, a foreign page opens the shop */
  navigate(path: string): void;
}

export interface WidgetProps {
  host: WidgetHost;
  /** Options from the custom element's attributes or Tischlein('mount', name, el, options) */
  options: Record<string, string | number | boolean | null>;
  /**
   * The widget hydrates the server's first view: its first render must be the server's markup
   * (the server's inputs, not the guest's stored choices or the live marks); the next render is its own.
   */
  firstView?: boolean;
}

export interface WidgetModule {
  /** Mount into `element` (inside a shadow root); returns the unmount function */
  mount(element: HTMLElement, props: WidgetProps): () => void;
  /**
   * Hydrate the server's first view, whose root `element` is (inside the shadow root): returns the
   * unmount function, or null when the first view was rendered from other shop data than the
   * widget has (then the host mounts beside it and takes over: shared/widget/prerender.ts).
   */
  hydrate?(element: HTMLElement, props: WidgetProps): (() => void) | null;
}
