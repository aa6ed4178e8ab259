// What the stub leaves on `window.__tischlein` for the runtime: one declaration for both sides.
export interface EmbedConfig {
  shop: string;
  api: string;
  assets: string;
  /** the loader's script tag: the runtime reads its other attributes (data-shop-url, data-consent, data-sticky-top) */
  script: HTMLScriptElement;
  /** the shop data's state request (GET …/state) the stub started, reused by the runtime (none: the runtime asks itself) */
  boot?: Promise<Response> | null;
  /** a widget file's URL as the page's Trusted Types allow it to become a script's src (policy 'tischlein') */
  url: (url: string) => string;
  /** set by the runtime as its script runs: the loader then knows it started */
  ok?: 1;
  /** the loader's way out, for the runtime when its start fails later: tischlein:error and the message in the boxes */
  fail?: (code: EmbedErrorDetail['code']) => void;
}

/** `tischlein:error` on `document`: the widgets cannot work on this page. */
export interface EmbedErrorDetail {
  /**
   * 'runtime-load-failed': the embed runtime did not download (tried twice, or the page's Trusted Types refused it);
   * 'runtime-start-failed': it downloaded but could not start on this page;
   * 'widget-load-failed': a widget's code did not load (its box says so);
   * 'shop-load-failed': the shop data could not be loaded or read (the menu says so)
   */
  code: 'runtime-load-failed' | 'runtime-start-failed' | 'widget-load-failed' | 'shop-load-failed';
  /** German text for the guest */
  message: string;
}
