// Customise menu: numbered slot tabs, a dish select per slot (only dishes
// without sizes or in the slot's size), the slot's size text and options. A slot must be valid before
// moving on; later tabs unlock as they are reached (all of them in edit mode).
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Catalog, DishCartItem, Menu, MenuCartItem } from '@shared/domain';
import { isSlotValid, priceLine, slotDishOptions } from '@shared/cartpricing';
import { menuPrice, type PricingContext } from '@shared/pricing';
import { newLineId } from '@shared/stores';
import { Button, Price } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import { BTN_ADD_TO_CART, BTN_BACK, BTN_CANCEL, BTN_NEXT, BTN_SAVE, SLOT_DISH_LABEL, slotSizeText, slotTab } from './texts';
import { initialSelection, invalidGroups, toDishLine, type Selection } from '../selection';
import { DishOptions } from './DishOptions';
import { scrollToFirstInvalid } from './invalid';

interface SlotState {
  dishId: string | null;
  selection: Selection | null;
}

export interface MenuDialogProps {
  catalog: Catalog;
  menu: Menu;
  ctx: PricingContext;
  line: MenuCartItem | null;
  onCancel(): void;
  /** builds the line with the delivery type the caller looks up */
  onSave(build: (deliveryType: MenuCartItem['deliveryType']) => MenuCartItem): void;
}

export function MenuDialog({ catalog, menu, ctx, line, onCancel, onSave }: MenuDialogProps) {
  const edit = !!line;
  const dishes = useMemo(() => new Map(catalog.dishes.map((d) => [d.id, d])), [catalog]);
  const options = useMemo(() => menu.slots.map((slot) => slotDishOptions(catalog, slot)), [catalog, menu]);
  const [slots, setSlots] = useState<SlotState[]>(() =>
    menu.slots.map((slot, i) => {
      const sub = line?.subitems.find((x) => x.slotId === slot.id);
      const opt = sub ? options[i].find((o) => o.dish.id === sub.dishId) : options[i][0];
      if (!opt) return { dishId: null, selection: null };
      return { dishId: opt.dish.id, selection: sub ? initialSelection(opt.dish, sub) : initialSelection(opt.dish, null, opt.sizeId) };
    }),
  );
  // a new line gets its own id now (its sub-lines derive theirs from it): no placeholder id in the cart
  const [lineId] = useState(() => line?.lineId ?? newLineId());
  const [index, setIndex] = useState(0);
  const [reached, setReached] = useState(edit ? menu.slots.length - 1 : 0);
  const [showInvalid, setShowInvalid] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const subitems = (): DishCartItem[] =>
    menu.slots.flatMap((slot, i) => {
      const st = slots[i];
      const dish = st.dishId ? dishes.get(st.dishId) : undefined;
      return dish && st.selection ? [toDishLine(dish, st.selection, `${lineId}-${slot.id}`, slot.id)] : [];
    });
  const build = (deliveryType: MenuCartItem['deliveryType']): MenuCartItem => {
    const draft: MenuCartItem = {
      kind: 'menu', lineId, menuId: menu.id, memberName: line?.memberName ?? null, amount: line?.amount ?? 1,
      price: 0, deliveryType, subitems: subitems(), promotion: line?.promotion ?? null,
    };
    return { ...draft, price: priceLine(catalog, draft, ctx).unitPrice };
  };
  const price = menuPrice(catalog, menu, ctx);
  const current = priceLine(catalog, build(null), ctx);

  const slotValid = (i: number) => {
    const st = slots[i];
    const dish = st.dishId ? dishes.get(st.dishId) : null;
    return !!st.selection && isSlotValid(dish, st.selection.extras);
  };
  const next = () => {
    if (!slotValid(index)) {
      setShowInvalid(true);
      scrollToFirstInvalid(bodyRef.current);
      return false;
    }
    setShowInvalid(false);
    return true;
  };
  const go = (i: number) => {
    setIndex(i);
    setReached((r) => Math.max(r, i));
    requestAnimationFrame(() => tabRefs.current[i]?.focus());
  };
  const last = index === menu.slots.length - 1;
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const dir = e.key === 'ArrowRight' ? 1 : -1;
    const i = index + dir;
    if (i >= 0 && i <= reached) go(i);
  };

  const slot = menu.slots[index];
  const st = slots[index];
  const dish = st.dishId ? dishes.get(st.dishId) : undefined;
  const opt = options[index].find((o) => o.dish.id === st.dishId);
  const sizeName = opt?.sizeId ? dish?.sizes.find((x) => x.id === opt.sizeId)?.name : null;
  const prefix = `m-${menu.id}-${slot.id}`;

  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--menu"
      onClose={onCancel}
      header={menu.name}
      subheader={
        <div className="dish-sub">
          {menu.headline && <p className="dish-sub__desc">{menu.headline}</p>}
          {menu.teaser && <p className="dish-sub__desc">{menu.teaser}</p>}
          <p className="dish-sub__price" aria-live="polite">
            <Price cents={current.valid ? current.unitPrice : price.price} originalCents={price.hasDiscount ? price.nonDiscounted : null} />
          </p>
        </div>
      }
      footer={
        <div className="dish-footer__buttons">
          {!edit && (
            <Button variant="secondary" onClick={onCancel}>
              {BTN_CANCEL}
            </Button>
          )}
          {index > 0 && (
            <Button variant="secondary" onClick={() => go(index - 1)}>
              {BTN_BACK}
            </Button>
          )}
          {!last ? (
            <Button onClick={() => next() && go(index + 1)}>{BTN_NEXT}</Button>
          ) : (
            <Button
              onClick={() => {
                for (let i = 0; i < menu.slots.length; i++) {
                  if (!slotValid(i)) {
                    if (i !== index) go(i);
                    setShowInvalid(true);
                    scrollToFirstInvalid(bodyRef.current);
                    return;
                  }
                }
                onSave(build);
              }}
            >
              {edit ? BTN_SAVE : BTN_ADD_TO_CART}
            </Button>
          )}
        </div>
      }
    >
      <div className="slot-tabs" role="tablist" aria-label={menu.name} tabIndex={-1} onKeyDown={onTabKey}>
        {menu.slots.map((sl, i) => (
          <button
            key={sl.id}
            ref={(el) => { tabRefs.current[i] = el; }}
            type="button"
            role="tab"
            id={`${prefix}-tab-${i}`}
            className="slot-tab"
            aria-selected={i === index}
            aria-controls={`m-${menu.id}-panel`}
            tabIndex={i === index ? 0 : -1}
            disabled={i > reached}
            onClick={() => {
              if (i > index && !next()) return;
              go(i);
            }}
          >
            {slotTab(i + 1, sl.name)}
          </button>
        ))}
      </div>
      <div className="slot-panel" role="tabpanel" id={`m-${menu.id}-panel`} aria-labelledby={`${prefix}-tab-${index}`} ref={bodyRef}>
        <p className="slot-row">
          <label htmlFor={`${prefix}-dish`}>{SLOT_DISH_LABEL}</label>{' '}
          <select
            id={`${prefix}-dish`}
            value={st.dishId ?? ''}
            onChange={(e) => {
              const o = options[index].find((x) => x.dish.id === e.target.value);
              if (!o) return;
              setSlots(slots.map((x, i) => (i === index ? { dishId: o.dish.id, selection: initialSelection(o.dish, null, o.sizeId) } : x)));
            }}
          >
            {options[index].map((o) => (
              <option key={o.dish.id} value={o.dish.id}>
                {o.dish.name}
              </option>
            ))}
          </select>
        </p>
        {sizeName && <p className="slot-size">{slotSizeText(sizeName)}</p>}
        {dish && st.selection && (
          <DishOptions
            key={`${slot.id}-${dish.id}`}
            catalog={catalog}
            dish={dish}
            ctx={ctx}
            selection={st.selection}
            onChange={(sel) => setSlots(slots.map((x, i) => (i === index ? { ...x, selection: sel } : x)))}
            priced={null}
            invalid={invalidGroups(dish, st.selection)}
            showInvalid={showInvalid}
            showSizes={false}
            idPrefix={prefix}
          />
        )}
      </div>
    </Dialog>
  );
}
