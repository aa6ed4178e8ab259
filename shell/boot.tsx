// The full shop: routes, layout and splash; widgets come from the remotes at run time.
import { createRoot } from 'react-dom/client';
import { setTableNumber } from '@shared/stores';
import type { WidgetHost } from '@shared/widget';
import { defaultManifest, defineWidgetElements, registerWidgets } from './federation';
import { matchRoute, routePath } from './routes';
import { startShop } from './start';
import { App } from './App';
import { setHost } from './Link';

function meta(name: string): string | null {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

const route = matchRoute(location.pathname);
// The server fills in the shop of this page (the restaurant's own host name, the /f={slug} prefix
// or its default shop); an empty one means: no shop here (an unknown host or slug).
const shopMeta = meta('tischlein:shop');
const shopId = shopMeta || route.slug || 'demo';

function UnknownShop() {
  return (
    <main className="shell-main">
      <div className="shell-page">
        <h1>Seite nicht gefunden</h1>
        <p>Diese Seite gibt es leider nicht.</p>
      </div>
    </main>
  );
}

// the menu editor's 'Vorschau' (the server puts the draft into the page): shell/preview.tsx
const previewState = shopMeta ? document.getElementById('tl-preview-state') : null;

if (previewState) {
  void import(/* webpackChunkName: "preview" */ './preview').then((m) => m.startPreview(shopId, previewState));
} else if (shopMeta === '') {
  document.title = 'Seite nicht gefunden';
  document.getElementById('splash')?.setAttribute('hidden', '');
  createRoot(document.getElementById('app')!).render(<UnknownShop />);
} else {
  const host: WidgetHost = {
    shopId,
    shopUrl: `${location.origin}${route.base}`,
    inShell: true,
    navigate(path: string) {
      const target = routePath(route.base, path);
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
      window.scrollTo(0, 0);
    },
  };
  setHost(host);

  // ?tisch={n}: table mode from the first render (dine-in prices); an invalid number is left to the
  // table widget, which asks for one
  const tisch = new URLSearchParams(location.search).get('tisch');
  if (tisch !== null) setTableNumber(tisch);

  registerWidgets(defaultManifest(), location.origin);
  void startShop({ shopId, apiOrigin: location.origin, consent: { remember: true }, themePage: true, pageTexts: true });
  defineWidgetElements(() => host);

  createRoot(document.getElementById('app')!).render(<App />);
}
