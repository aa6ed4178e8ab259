// What the stub leaves on `window.__tischlein` for the runtime: one declaration for both sides.
export interface EmbedConfig {
  shop: string;
  api: string;
  assets: string;
  shopUrl: string;
  /** data-consent of the script tag (analytics consent from the host page), null when absent */
  consent: string | null;
  /** the shop data's state request (GET …/state) the stub started, reused by the runtime */
  boot: Promise<Response> | null;
}

/** `tischlein:error` on `document`: the widgets cannot work on this page. */
export interface EmbedErrorDetail {
  /** 'runtime-load-failed': the embed runtime did not download (tried twice) */
  code: 'runtime-load-failed';
  /** German text for the guest */
  message: string;
}
