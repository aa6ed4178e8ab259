// The embed runtime (dist/embed/runtime.js): a Module Federation host for foreign pages. It provides the federation
// runtime, React and the shared stores once per page; every widget on the page uses them,
// so all widgets share one cart.
import { parseConsentAttribute, parseConsentCall } from '@shared/rules';
import { setHostConsent } from '@shared/stores';
import { WIDGET_NAMES, type WidgetHost, type WidgetName } from '@shared/widget';
import { defaultManifest, defineWidgetElements, mountWidget, registerWidgets, unmountWidget } from '../federation';
import { startShop } from '../start';
import type { EmbedConfig } from './config';

type Call = unknown[] | IArguments;

const w = window as unknown as {
  Tischlein?: ((...args: unknown[]) => void) & { q?: Call[] };
  __tischlein?: EmbedConfig;
};
const cfg = w.__tischlein;

function isWidget(name: unknown): name is WidgetName {
  return typeof name === 'string' && (WIDGET_NAMES as readonly string[]).includes(name);
}

if (cfg) {
  const host: WidgetHost = {
    shopId: cfg.shop,
    shopUrl: cfg.shopUrl,
    inShell: false,
    navigate(path: string) {
      window.location.assign(`${cfg.shopUrl}${path.startsWith('/') ? path : `/${path}`}`);
    },
  };
  registerWidgets(defaultManifest(), cfg.assets);
  startShop({
    shopId: cfg.shop,
    apiOrigin: cfg.api,
    prefetched: cfg.boot,
    // the host page's consent manager decides (data-consent, Tischlein('consent', …))
    consent: { remember: false, attribute: parseConsentAttribute(cfg.consent) },
  });

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
}
