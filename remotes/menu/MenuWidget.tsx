// The menu widget: the main menu and its dialogs. The flow of opening a dish or menu goes through
// the spec's gates in order: franchise overview → orders closed → age → customise.
import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { useStore } from '@nanostores/react';
import { isLineEditable, type DishCartItem, type MenuCartItem } from '@shared/domain';
import {
  $bootstrap, $cart, $deliveryPeriod, $isNonOwnerInActiveGroup, $deliveryType, $devFlags, $franchiseRequest, $menuRequest, $pricingContext, $showNevertheless,
  $twoForOneStatus, FRANCHISE_DISH_OPEN_MS, addToCart, cartEngineNow, clearFranchiseRequest, loadCartEngine, type CartEngine, confirmAge, consumeMenuRequest, isAgeConfirmed,
  loadShop, openDishLink, requestFranchiseDialog, setShowNevertheless, setTwoForOneStatus, track, updateCartLine,
} from '@shared/stores';
import { closedWording, findDishByNameOrId, menuGate, ordersClosed, requiredAge, requiredAgeForDish, type DietFilter } from '@shared/rules';
import { MENU_LOADING, MENU_LOAD_FAILED, MENU_RETRY, TWO_FOR_ONE_SAVED } from './texts';
import { Button, Spinner, Toast } from '@shared/ui';
import { signalReady, type WidgetProps } from '@shared/widget';
import { MenuView } from './components/MenuView';
import type { OfferLink } from './components/SmallDialogs';
import { saveDish, saveMenu, type SaveDeps } from './save';
import { queryScrollTarget, scrollToTarget } from './scroll';

type Target = { kind: 'dish'; id: string; line?: DishCartItem | null } | { kind: 'menu'; id: string; line?: MenuCartItem | null };

type DialogState =
  | { type: 'info'; dishId: string }
  | { type: 'dish'; dishId: string; line: DishCartItem | null }
  | { type: 'menu'; menuId: string; line: MenuCartItem | null }
  | { type: 'closed'; text: string; target: Target | null }
  | { type: 'age'; age: 16 | 18; target: Target; then?: () => void }
  | { type: '241'; groupKey: string; title: string; promotionSaving: number; discountSaving: number }
  | { type: 'offer'; offerId: string }
  | { type: 'notFound'; name: string };

let dialogSeq = 0;

export function MenuWidget({ host, options }: WidgetProps) {
  const boot = useStore($bootstrap);
  const ctx = useStore($pricingContext);
  const dev = useStore($devFlags);
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

  // adding a dish asks the cart's pricing about two-for-one: have it ready while the guest chooses
  const dishOpen = dialog?.d.type === 'dish' && !dialog.d.line;
  useEffect(() => {
    if (dishOpen) void loadCartEngine().catch(() => undefined);
  }, [dishOpen]);

  const proceed = useCallback(
    (target: Target) => {
      const b = $bootstrap.get();
      if (b.status !== 'ready') return;
      const { config, catalog, franchise } = b.data;
      const dish = target.kind === 'dish' ? catalog.dishes.find((d) => d.id === target.id) : undefined;
      if (target.kind === 'dish' ? !dish : !catalog.menus.some((m) => m.id === target.id)) return;
      const gate = menuGate({
        editing: !!target.line,
        franchiseOverview: config.flags.isFranchiseOverview || $devFlags.get().isFranchiseOverview,
        period: $deliveryPeriod.get(),
        showNevertheless: $showNevertheless.get(),
        franchise: config.franchiseId && franchise ? franchise : null,
        requiredAge: dish ? requiredAgeForDish(dish) : 0,
        ageConfirmed: isAgeConfirmed,
      });
      if (gate.gate === 'franchise') {
        requestFranchiseDialog({ kind: target.kind, id: target.id }, config.id);
        if (gate.reason === 'overview') track('franchise-dialog', { [target.kind]: target.id });
        setDialog(null);
        return;
      }
      if (gate.gate === 'closed') {
        setDialog({ type: 'closed', text: gate.text, target });
        return;
      }
      if (gate.gate === 'age') {
        setDialog({ type: 'age', age: gate.age, target });
        return;
      }
      if (target.kind === 'dish') {
        track('open-dish', { dishId: target.id });
        setDialog({ type: 'dish', dishId: target.id, line: target.line ?? null });
      } else {
        track('open-menu', { menuId: target.id });
        setDialog({ type: 'menu', menuId: target.id, line: target.line ?? null });
      }
    },
    [setDialog],
  );

  // Requests from other widgets and links: edit a cart line, open a dish by name or id.
  const request = useStore($menuRequest);
  useEffect(() => {
    if (!request || !data) return;
    consumeMenuRequest(request);
    if (request.kind === 'edit') {
      const line = $cart.get().find((l) => l.lineId === request.lineId);
      if (line && !isLineEditable(line)) return;
      if (line?.kind === 'dish') proceed({ kind: 'dish', id: line.dishId, line });
      else if (line?.kind === 'menu') proceed({ kind: 'menu', id: line.menuId, line });
      return;
    }
    const dish = findDishByNameOrId(data.catalog, request.nameOrId);
    if (dish) proceed({ kind: 'dish', id: dish.id });
    else {
      track('dish-not-found', { dish: request.nameOrId });
      setDialog({ type: 'notFound', name: request.nameOrId });
    }
  }, [request, data, proceed, setDialog]);

  // A dish chosen before a franchise switch opens 250 ms after the new shop is there.
  useEffect(() => {
    if (!data) return;
    const fr = $franchiseRequest.get();
    if (!fr || !fr.item || fr.fromShopId === data.config.id) return;
    const item = fr.item;
    const t = setTimeout(() => {
      clearFranchiseRequest();
      proceed(item.kind === 'dish' ? { kind: 'dish', id: item.id } : { kind: 'menu', id: item.id });
    }, FRANCHISE_DISH_OPEN_MS);
    return () => clearTimeout(t);
  }, [data, proceed]);

  // Query of the main page: scrollTo / jumpScroll, and a dish link (?gericht=).
  const didQuery = useRef(false);
  useEffect(() => {
    if (!data || didQuery.current) return;
    didQuery.current = true;
    const dishLink = (typeof options.dish === 'string' && options.dish) || new URLSearchParams(location.search).get('gericht');
    if (dishLink) openDishLink(dishLink);
    const target = queryScrollTarget(location.search);
    const root = rootRef.current?.getRootNode();
    if (target && root) requestAnimationFrame(() => scrollToTarget(root as ShadowRoot | Document, target.id, { jump: target.jump }));
  }, [data, options.dish]);

  const onScroll = useCallback((id: string) => {
    const root = rootRef.current?.getRootNode();
    if (root) scrollToTarget(root as ShadowRoot | Document, id);
  }, []);
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
  const showPictures = config.flags.enableDishPictures || dev.showDishPictures;
  const showNumbers = config.flags.showDishNumbers || dev.showDishNumbers;
  const close = () => setDialog(null);
  const deps: SaveDeps = {
    ordersClosed: () => ordersClosed($deliveryPeriod.get()),
    add: addToCart,
    update: updateCartLine,
    track: (e, d) => void track(e, d),
  };
  const closedNotice = () => setDialog({ type: 'closed', text: closedWording($deliveryPeriod.get()), target: null });

  /** The two-for-one choice dialog after adding a qualifying dish, else null. */
  const twoForOneDialog = (engine: CartEngine, saved: DishCartItem): DialogState | null => {
    const choice = engine.twoForOneChoice({
      catalog, items: $cart.get(), dishId: saved.dishId, sizeId: saved.sizeId, ctx: $pricingContext.get(),
      statuses: $twoForOneStatus.get(), isNonOwnerInActiveGroup: $isNonOwnerInActiveGroup.get(),
    });
    const dish = catalog.dishes.find((x) => x.id === saved.dishId);
    const promo = catalog.twoForOnePromotions.find((p) => p.id === dish?.twoForOnePromotionId);
    return choice.offer && choice.groupKey && promo
      ? { type: '241', groupKey: choice.groupKey, title: promo.title, promotionSaving: choice.promotionSaving, discountSaving: choice.discountSaving }
      : null;
  };

  const saveDishLine = (line: DishCartItem, editId: string | null) => {
    let added: DishCartItem | null = null;
    const outcome = saveDish(line, editId, deps, (saved) => {
      if (!editId) added = saved;
    });
    if (outcome.status === 'closed') return closedNotice();
    const saved: DishCartItem | null = added;
    if (!saved) return setDialog(null);
    // the cart's pricing is usually there (the dish dialog loads it); else the choice follows it
    const engine = cartEngineNow();
    if (engine) return setDialog(twoForOneDialog(engine, saved));
    setDialog(null);
    void loadCartEngine().then(
      (e) => {
        const next = twoForOneDialog(e, saved);
        if (next) setDialog(next);
      },
      () => undefined,
    );
  };

  const d = dialog?.d;
  let content: JSX.Element | null = null;
  if (d?.type === 'info') {
    const dish = catalog.dishes.find((x) => x.id === d.dishId);
    if (dish) content = <InfoDialog catalog={catalog} dish={dish} hiddenTags={config.hiddenTags} onClose={close} onOrder={() => proceed({ kind: 'dish', id: dish.id })} />;
  } else if (d?.type === 'dish') {
    const dish = catalog.dishes.find((x) => x.id === d.dishId);
    if (dish)
      content = (
        <DishDialog
          catalog={catalog} dish={dish} ctx={ctx} hiddenTags={config.hiddenTags} shopId={config.id} showPictures={showPictures} line={d.line}
          onCancel={close} onSave={(line) => saveDishLine(line, d.line?.lineId ?? null)}
        />
      );
  } else if (d?.type === 'menu') {
    const menu = catalog.menus.find((x) => x.id === d.menuId);
    if (menu)
      content = (
        <MenuDialog
          catalog={catalog} menu={menu} ctx={ctx} line={d.line} onCancel={close}
          onSave={(build) => {
            const save = () => {
              const outcome = saveMenu(build, () => $deliveryType.get(), d.line?.lineId ?? null, deps);
              if (outcome.status === 'closed') closedNotice();
              else if (outcome.status === 'saved') close();
            };
            // A menu's age gate depends on the dishes chosen in its slots (e.g. a beer as the drink).
            let age: 0 | 16 | 18 = 0;
            try {
              age = requiredAge(catalog, build($deliveryType.get()));
            } catch {
              /* saveMenu reports the failure */
            }
            if (age && !isAgeConfirmed(age)) setDialog({ type: 'age', age, target: { kind: 'menu', id: menu.id }, then: save });
            else save();
          }}
        />
      );
  } else if (d?.type === 'closed') {
    const target = d.target;
    content = (
      <ClosedDialog
        text={d.text} canShow={!!target} onClose={close}
        onShowNevertheless={() => {
          setShowNevertheless(true);
          track('show-nevertheless');
          if (target) proceed(target);
        }}
      />
    );
  } else if (d?.type === 'age') {
    const { age, target, then } = d;
    content = (
      <AgeDialog
        age={age} onDeny={close}
        onConfirm={() => {
          confirmAge(age);
          track('age-confirmed', { age });
          if (then) then();
          else proceed(target);
        }}
      />
    );
  } else if (d?.type === '241') {
    content = (
      <TwoForOneDialog
        title={d.title} promotionSaving={d.promotionSaving} discountSaving={d.discountSaving} onCancel={close}
        onChoose={(apply) => {
          setTwoForOneStatus(d.groupKey, apply ? 'confirmed' : 'denied');
          track('two-for-one-choice', { group: d.groupKey, status: apply ? 'confirmed' : 'denied' });
          close();
          setToast(TWO_FOR_ONE_SAVED);
        }}
      />
    );
  } else if (d?.type === 'offer') {
    const offer = catalog.offers.find((o) => o.id === d.offerId);
    if (offer)
      content = (
        <OfferDialog
          catalog={catalog} offer={offer} onClose={close}
          onLink={(l: OfferLink) => {
            if (l.kind === 'dish') onDish(l.id);
            else if (l.kind === 'menu') onMenu(l.id);
            else {
              close();
              onScroll(`shop_category_${l.id}`);
            }
          }}
          onCta={() => {
            close();
            const first = offer.itemSelection.categories[0];
            onScroll(first ? `shop_category_${first}` : 'menu-start');
          }}
        />
      );
  } else if (d?.type === 'notFound') {
    content = <NotFoundDialog name={d.name} onClose={close} />;
  }

  return (
    <div className="menu-root" ref={rootRef}>
      <MenuView
        catalog={catalog} config={config} ctx={ctx} showPictures={showPictures} showNumbers={showNumbers} filters={filters} query={query} vertical={dev.verticalMenu}
        onFilters={setFilters} onQuery={setQuery} onScroll={onScroll} onDish={onDish} onInfo={onInfo} onMenu={onMenu} onOffer={onOffer}
      />
      {content && <DialogSlot key={dialog!.key}>{content}</DialogSlot>}
      <Toast open={!!toast} onHide={() => setToast(null)} duration={1000} tone="success">
        {toast}
      </Toast>
    </div>
  );
}

function DialogSlot({ children }: { children: JSX.Element }) {
  return (
    <Suspense fallback={null}>
      <MenuDialogStyles />
      {children}
    </Suspense>
  );
}

// The dialogs are not needed to show the menu: one chunk, loaded when the first one opens.
const dialogs = () => import(/* webpackChunkName: "menu-dialogs" */ './components/dialogs');
const DishDialog = lazy(() => dialogs().then((m) => ({ default: m.DishDialog })));
const MenuDialog = lazy(() => dialogs().then((m) => ({ default: m.MenuDialog })));
const InfoDialog = lazy(() => dialogs().then((m) => ({ default: m.InfoDialog })));
const AgeDialog = lazy(() => dialogs().then((m) => ({ default: m.AgeDialog })));
const ClosedDialog = lazy(() => dialogs().then((m) => ({ default: m.ClosedDialog })));
const NotFoundDialog = lazy(() => dialogs().then((m) => ({ default: m.NotFoundDialog })));
const OfferDialog = lazy(() => dialogs().then((m) => ({ default: m.OfferDialog })));
const TwoForOneDialog = lazy(() => dialogs().then((m) => ({ default: m.TwoForOneDialog })));
const MenuDialogStyles = lazy(() => dialogs().then((m) => ({ default: m.MenuDialogStyles })));
