// The open dialog's content and what its buttons do: save a dish or menu into the cart (with the
// age gate of a menu's chosen dishes and the two-for-one choice after adding), the gates' dialogs,
// an offer's links. The dialogs themselves are one lazily loaded chunk (lazyDialogs.tsx).
import type { JSX } from 'react';
import type { Bootstrap, DishCartItem } from '@shared/domain';
import type { PricingContext } from '@shared/pricing';
import {
  $cart, $deliveryPeriod, $deliveryType, $isNonOwnerInActiveGroup, $pricingContext, $twoForOneStatus, addToCart, cartEngineNow, confirmAge, isAgeConfirmed,
  loadCartEngine, setShowNevertheless, setTwoForOneStatus, track, updateCartLine, type CartEngine,
  $ordersNotice,
} from '@shared/stores';
import { closedWording, ordersClosed, requiredAge } from '@shared/rules';
import { TWO_FOR_ONE_SAVED } from './texts';
import type { OfferLink } from './components/SmallDialogs';
import { saveDish, saveMenu, type SaveDeps } from './save';
import type { DialogState, SetDialog, Target } from './dialogState';
import { AgeDialog, ClosedDialog, DishDialog, DishInfoDialog, MenuDialog, NotFoundDialog, OfferDialog, TwoForOneDialog } from './lazyDialogs';

export interface DialogEnv {
  data: Bootstrap;
  ctx: PricingContext;
  showPictures: boolean;
  setDialog: SetDialog;
  setToast: (text: string) => void;
  proceed: (target: Target) => void;
  onDish: (id: string) => void;
  onMenu: (id: string) => void;
  onScroll: (id: string) => void;
}

export function dialogContent(d: DialogState | undefined, { data, ctx, showPictures, setDialog, setToast, proceed, onDish, onMenu, onScroll }: DialogEnv): JSX.Element | null {
  const { catalog, config } = data;
  const close = () => setDialog(null);
  const deps: SaveDeps = {
    ordersClosed: () => ordersClosed($deliveryPeriod.get()),
    add: addToCart,
    update: updateCartLine,
    track: (e, dt) => void track(e, dt),
  };
  const closedNotice = () => setDialog({ type: 'closed', text: $ordersNotice.get() ?? closedWording($deliveryPeriod.get()), target: null });

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

  let content: JSX.Element | null = null;
  if (d?.type === 'info') {
    const dish = catalog.dishes.find((x) => x.id === d.dishId);
    if (dish) content = <DishInfoDialog catalog={catalog} dish={dish} hiddenTags={config.hiddenTags} onClose={close} onOrder={() => proceed({ kind: 'dish', id: dish.id })} />;
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
            const first = offer.itemSelection.categories.find((id) => catalog.categories.some((c) => c.id === id && !c.hidden));
            onScroll(first ? `shop_category_${first}` : 'menu-start');
          }}
        />
      );
  } else if (d?.type === 'notFound') {
    content = <NotFoundDialog name={d.name} onClose={close} />;
  }
  return content;
}
