// The menu editor's 'Vorschau' (GET /api/staff/{shop}/menu/preview, owner only): the draft in the
// real menu and cart widgets, loaded through the Module Federation runtime like the full shop, in the
// shop's own look. The page carries the draft as its shop data (no second request, nothing public):
// it goes to the stores as the bootstrap answer. A guest's dialogs, sizes, extras, prices and cart
// work as they will after publishing; nothing can be ordered here: every way out of the page
// (the checkout above all) is refused with a note, and the preview's cart is stored under keys of
// its own (setStorageNamespace), never in the shop's real cart on this origin.
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { primeBootstrap } from '@shared/api';
import { ShopStateSchema } from '@shared/domain';
import * as v from '@shared/domain/valibot';
import { $bootstrap, setStorageNamespace } from '@shared/stores';
import type { WidgetHost } from '@shared/widget';
import { defaultManifest, defineWidgetElements, registerWidgets } from './federation';
import { startShop } from './start';

/** The preview's storage keys: 'tischlein-vorschau:tischlein:cart:demo' beside a guest's 'tischlein:cart:demo'. */
export const PREVIEW_STORAGE_PREFIX = 'tischlein-vorschau:';

export const PREVIEW_TEXTS = {
  banner: 'Vorschau – so sehen Gäste die Speisekarte nach dem Veröffentlichen. Gerichte, Größen, Extras und Warenkorb lassen sich hier ausprobieren.',
  noOrder: 'Vorschau – hier kann nicht bestellt werden. Gäste bestellen erst, wenn die Speisekarte veröffentlicht ist.',
  noPage: 'Vorschau – hier sind nur Speisekarte und Warenkorb zu sehen.',
  broken: 'Die Vorschau konnte nicht geladen werden. Bitte schließen Sie die Vorschau und öffnen Sie sie erneut.',
  cartLabel: 'Warenkorb',
} as const;

/** The note shown after a refused way out (null: none yet). */
const $refused = atom<{ text: string; at: number } | null>(null);

/** What a widget asked for: never the checkout or another page of the shop, only the note. */
export function refuseNavigation(path: string): void {
  const p = path.startsWith('/') ? path : `/${path}`;
  const order = p === '/checkout' || p.startsWith('/checkout/');
  $refused.set({ text: order ? PREVIEW_TEXTS.noOrder : PREVIEW_TEXTS.noPage, at: Date.now() });
}

function Refused() {
  const refused = useStore($refused);
  const ref = useRef<HTMLParagraphElement>(null);
  // focus on each refusal: the cart dialog has just closed, the note is where the guest would have gone
  useEffect(() => {
    if (refused) ref.current?.focus();
  }, [refused]);
  return (
    <div role="alert" className="preview-refused-slot">
      {refused && (
        <p className="preview-refused" tabIndex={-1} ref={ref}>
          {refused.text}
        </p>
      )}
    </div>
  );
}

function PreviewPage() {
  const boot = useStore($bootstrap);
  useEffect(() => {
    if (boot.status === 'loading') return;
    document.getElementById('splash')?.setAttribute('hidden', '');
    if (boot.data) document.title = `Vorschau: ${boot.data.config.restaurantName}`;
  }, [boot.status, boot.data]);
  if (boot.status === 'loading') return null;
  if (boot.status === 'error') return <Broken />;
  return (
    <>
      <header className="shell-header">
        <h1>{boot.data.config.restaurantName}</h1>
      </header>
      <main className="shell-main" id="main">
        <div className="preview-notes">
          <p className="preview-banner">{PREVIEW_TEXTS.banner}</p>
          <Refused />
        </div>
        <div className="shell-home">
          <div>
            <tischlein-menu></tischlein-menu>
          </div>
          <aside className="shell-aside" aria-label={PREVIEW_TEXTS.cartLabel}>
            <tischlein-cart data-variant="full"></tischlein-cart>
          </aside>
        </div>
      </main>
    </>
  );
}

function Broken() {
  return (
    <main className="shell-main">
      <div className="shell-page" role="alert">
        <h1>{PREVIEW_TEXTS.broken}</h1>
      </div>
    </main>
  );
}

/** The shop data the server put into the page, checked: only a draft, never the public menu instead. */
function readPreviewState(el: Element): string | null {
  const text = el.textContent ?? '';
  try {
    const parsed = v.safeParse(ShopStateSchema, JSON.parse(text));
    return parsed.success && parsed.output.catalog ? text : null;
  } catch {
    return null;
  }
}

/** Starts the preview page: `el` is the server's `<script type="application/json" id="tl-preview-state">`. */
export function startPreview(shopId: string, el: Element): void {
  const root = createRoot(document.getElementById('app')!);
  const state = readPreviewState(el);
  if (state === null) {
    document.getElementById('splash')?.setAttribute('hidden', '');
    root.render(<Broken />);
    return;
  }
  // before any store reads or writes: the preview's cart is not the guest's
  setStorageNamespace(PREVIEW_STORAGE_PREFIX);
  const host: WidgetHost = { shopId, shopUrl: location.origin, inShell: true, navigate: refuseNavigation };
  registerWidgets(defaultManifest(), location.origin);
  // the draft as the shop data's answer: the stores take it like the public state (which has no
  // catalog version here, so no newer published menu replaces it while the page is open)
  primeBootstrap(Promise.resolve(new Response(state, { headers: { 'Content-Type': 'application/json' } })));
  // no tracking from the owner's preview: consent is 'no'
  void startShop({ shopId, apiOrigin: location.origin, consent: { remember: false, attribute: false }, themePage: true });
  defineWidgetElements(() => host);
  root.render(<PreviewPage />);
}
