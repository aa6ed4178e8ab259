// The menu widget: the main menu and the one dialog open over it. Opening a dish or menu goes
// through the gates (gates.ts); requests from outside arrive through useMenuRequests.ts; the
// dialog's content and actions are in dialogContent.tsx.
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $bootstrap, $devFlags, $ordersNotice, $pricingContext, $soldOut, loadCartEngine, loadShop } from '@shared/stores';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from '@shared/ops/guestTexts';
import type { DietFilter } from '@shared/rules';
import { MENU_LOADING, MENU_LOAD_FAILED, MENU_RETRY } from './texts';
import { Button, Spinner, Toast } from '@shared/ui';
import { signalReady, type WidgetProps } from '@shared/widget';
import { MenuView } from './components/MenuView';
import { dialogContent } from './dialogContent';
import type { DialogState, Target } from './dialogState';
import { openThroughGates } from './gates';
import { DialogSlot } from './lazyDialogs';
import { FIRST_SCREEN_DISHES, FOLLOW_DISHES, firstViewContext, firstViewKey } from './firstScreen';
import { mediaHost } from './media';
import { queryScrollTarget, scrollToTarget } from './scroll';
import { useMenuRequests } from './useMenuRequests';

let dialogSeq = 0;

/** The key of the server's first view this widget's first render equals now (firstScreen.ts), or null. */
export function menuFirstViewKey(): string | null {
  const b = $bootstrap.get();
  return b.status === 'ready' ? firstViewKey(b.data, mediaHost()) : null;
}

export function MenuWidget({ host, options, firstView }: WidgetProps) {
  const boot = useStore($bootstrap);
  const ctx = useStore($pricingContext);
  const dev = useStore($devFlags);
  // the staff's pause and sold-out marks (shared/stores/live.ts), followed within seconds
  const soldOut = useStore($soldOut);
  const notice = useStore($ordersNotice);
  const [dialog, setDialogState] = useState<{ key: number; d: DialogState } | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [filters, setFilters] = useState<DietFilter[]>([]);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const setDialog = useCallback((d: DialogState | null) => setDialogState(d ? { key: ++dialogSeq, d } : null), []);

  const data = boot.status === 'ready' ? boot.data : null;

  // the real view (or the error) is committed: it takes the pre-rendered first view's place
  const settled = boot.status !== 'loading';
  useLayoutEffect(() => {
    if (settled) signalReady(rootRef.current);
  }, [settled]);

  // The first render shows the first screens' dishes only (as the server's first view does): the
  // take-over commits and lays out what the guest sees, and the widget takes taps sooner. The other
  // dishes follow FOLLOW_DISHES at a time, each step a transition (React yields to the page between
  // them, and no commit lays out the whole menu at once). A link that scrolls to a category
  // (?scrollTo=) needs the whole menu at once.
  const [shown, setShown] = useState(() => (queryScrollTarget(location.search) ? Infinity : FIRST_SCREEN_DISHES));
  const whole = shown === Infinity || (!!data && shown >= data.catalog.dishes.length);
  // Hydrating the server's first view (shared/widget/prerender.ts): the first render is the server's
  // (its prices, flags, the first screens, no marks), then the widget's own in a transition, which
  // React applies to the hydrated elements like any change.
  const [asServer, setAsServer] = useState(!!firstView);
  useEffect(() => {
    if (asServer) startTransition(() => setAsServer(false));
  }, [asServer]);
  const pendingScroll = useRef<string | null>(null);
  useEffect(() => {
    if (data && !whole) startTransition(() => setShown((n) => n + FOLLOW_DISHES));
  }, [data, whole, shown]);

  // adding a dish asks the cart's pricing about two-for-one: have it ready while the guest chooses
  const dishOpen = dialog?.d.type === 'dish' && !dialog.d.line;
  useEffect(() => {
    if (dishOpen) void loadCartEngine().catch(() => undefined);
  }, [dishOpen]);

  const proceed = useCallback((target: Target) => openThroughGates(target, setDialog), [setDialog]);

  useMenuRequests(data, options.dish, rootRef, proceed, setDialog);

  const onScroll = useCallback(
    (id: string) => {
      const root = rootRef.current?.getRootNode();
      // a tap on the navigation before the other dishes are there: they come at once, then the scroll
      if (!whole) {
        pendingScroll.current = id;
        setShown(Infinity);
      } else if (root) scrollToTarget(root as ShadowRoot | Document, id);
    },
    [whole],
  );
  useEffect(() => {
    const id = pendingScroll.current;
    const root = rootRef.current?.getRootNode();
    if (!whole || !id || !root) return;
    pendingScroll.current = null;
    scrollToTarget(root as ShadowRoot | Document, id);
  }, [whole]);
  const onDish = useCallback((id: string) => proceed({ kind: 'dish', id }), [proceed]);
  const onMenu = useCallback((id: string) => proceed({ kind: 'menu', id }), [proceed]);
  const onInfo = useCallback((id: string) => setDialog({ type: 'info', dishId: id }), [setDialog]);
  const onOffer = useCallback((id: string) => setDialog({ type: 'offer', offerId: id }), [setDialog]);

  if (boot.status === 'loading') {
    return (
      <div className="menu menu--loading" ref={rootRef}>
        <Spinner />
        <p role="status">{MENU_LOADING}</p>
      </div>
    );
  }
  if (boot.status === 'error' || !data) {
    return (
      <div className="menu menu--error" role="alert" ref={rootRef}>
        <p>{MENU_LOAD_FAILED}</p>
        <Button onClick={() => void loadShop(host.shopId, { force: true })}>{MENU_RETRY}</Button>
      </div>
    );
  }

  const { catalog, config } = data;
  const showPictures = config.flags.enableDishPictures || (!asServer && dev.showDishPictures);
  const showNumbers = config.flags.showDishNumbers || (!asServer && dev.showDishNumbers);
  const content = dialogContent(dialog?.d, { data, ctx, showPictures, setDialog, setToast, proceed, onDish, onMenu, onScroll });

  return (
    <div className="menu-root" ref={rootRef}>
      {/* before the guest fills a cart: the shop takes no orders now (the first view has the slot too, empty: prerender.tsx) */}
      <div role="status" className="menu-notice-slot">
        {notice && !asServer && (
          <p className="menu-notice">
            <strong>{OPS_TEXTS.guestPausedTitle}</strong> {notice}
          </p>
        )}
      </div>
      <MenuView
        soldOut={asServer ? undefined : soldOut} maxDishes={asServer ? FIRST_SCREEN_DISHES : whole ? undefined : shown}
        catalog={catalog} config={config} ctx={asServer ? firstViewContext(data) : ctx} showPictures={showPictures} showNumbers={showNumbers} filters={filters} query={query} vertical={!asServer && dev.verticalMenu}
        onFilters={setFilters} onQuery={setQuery} onScroll={onScroll} onDish={onDish} onInfo={onInfo} onMenu={onMenu} onOffer={onOffer}
      />
      {content && <DialogSlot key={dialog!.key}>{content}</DialogSlot>}
      <Toast open={!!toast} onHide={() => setToast(null)} duration={1000} tone="success">
        {toast}
      </Toast>
    </div>
  );
}
