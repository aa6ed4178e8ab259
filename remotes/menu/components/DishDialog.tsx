// Customise dish: header, subheader (tags, description, components with the
// removed ones struck through, dish info, picture, price with old price), options, quantity, tip.
import { useMemo, useRef, useState } from 'react';
import type { Catalog, Dish, DishCartItem } from '@shared/domain';
import { MIN_QUANTITY, lineAmount, type PricingContext } from '@shared/pricing';
import { dishQualifies, priceLine } from '@shared/cartpricing';
import { effectiveTags } from '@shared/rules';
import { newLineId } from '@shared/stores';
import { BTN_ADD_TO_CART, BTN_CANCEL, BTN_SAVE, UI_QUANTITY, twoForOneTip } from './texts';
import { Button, Price } from '@shared/ui';
import { Stepper } from '@shared/dialog';
import { Dialog } from '@shared/dialog';
import { initialSelection, invalidGroups, toDishLine, type Selection } from '../selection';
import { DishOptions } from './DishOptions';
import { Picture, TagList } from './common';
import { scrollToFirstInvalid } from './invalid';

export interface DishDialogProps {
  catalog: Catalog;
  dish: Dish;
  ctx: PricingContext;
  hiddenTags: readonly string[];
  shopId: string;
  showPictures: boolean;
  /** edit mode: the cart line */
  line: DishCartItem | null;
  onCancel(): void;
  onSave(line: DishCartItem): void;
}

export function DishDialog({ catalog, dish, ctx, hiddenTags, shopId, showPictures, line, onCancel, onSave }: DishDialogProps) {
  const [s, setS] = useState<Selection>(() => initialSelection(dish, line));
  const [showInvalid, setShowInvalid] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  // a new line gets its own id now: the cart keeps it (no placeholder id ever reaches the cart)
  const [lineId] = useState(() => line?.lineId ?? newLineId());
  const draft = useMemo(() => toDishLine(dish, s, lineId), [dish, s, lineId]);
  const priced = useMemo(() => priceLine(catalog, draft, ctx), [catalog, draft, ctx]);
  const invalid = invalidGroups(dish, s);
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  const promo = dish.twoForOnePromotionId ? catalog.twoForOnePromotions.find((p) => p.id === dish.twoForOnePromotionId) : undefined;
  const tip = promo && dishQualifies(promo, dish, s.sizeId) ? twoForOneTip(promo.label, promo.title) : null;
  const components = [
    ...dish.primaryIngredients.map((id) => ({ id, name: ingredients.get(id)?.name ?? id, removable: false })),
    ...dish.primarySubDishes.map((sd) => ({ id: sd.id, name: sd.name, removable: false })),
    ...dish.secondaryIngredients.map((id) => ({ id, name: ingredients.get(id)?.name ?? id, removable: true })),
    ...dish.secondarySubDishes.map((sd) => ({ id: sd.id, name: sd.name, removable: true })),
  ];
  const infos = [...dish.primaryIngredients, ...dish.secondaryIngredients].map((id) => ingredients.get(id)?.dishInfo).filter((t): t is string => !!t);

  const submit = () => {
    if (invalid.length > 0) {
      setShowInvalid(true);
      scrollToFirstInvalid(bodyRef.current);
      return;
    }
    onSave({ ...draft, price: priced.unitPrice, priceNonDiscounted: priced.unitNonDiscounted });
  };

  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--dish"
      onClose={onCancel}
      header={dish.name}
      subheader={
        <div className="dish-sub">
          {showPictures && dish.imageName && <Picture shopId={shopId} imageId={dish.imageName} kind="dishDetail" className="dish-sub__pic" eager />}
          <TagList tags={effectiveTags(dish, hiddenTags)} />
          {dish.description && <p className="dish-sub__desc">{dish.description}</p>}
          {dish.subtext && <p className="dish-sub__desc">{dish.subtext}</p>}
          {components.length > 0 && (
            <p className="dish-sub__components">
              {components.map((c, i) => (
                <span key={c.id}>
                  {i > 0 && ', '}
                  {c.removable && s.without.includes(c.id) ? <del>{c.name}</del> : c.name}
                </span>
              ))}
            </p>
          )}
          {infos.map((t) => (
            <p key={t} className="dish-sub__info">
              {t}
            </p>
          ))}
          <p className="dish-sub__price" aria-live="polite">
            <Price cents={priced.total} originalCents={priced.totalNonDiscounted > priced.total ? priced.totalNonDiscounted : null} />
          </p>
        </div>
      }
      footer={
        <div className="dish-footer">
          <Stepper value={s.amount} min={MIN_QUANTITY} label={UI_QUANTITY} onChange={(n) => setS({ ...s, amount: lineAmount(n) })} />
          {tip && <p className="dish-footer__tip">{tip}</p>}
          <div className="dish-footer__buttons">
            <Button variant="secondary" onClick={onCancel}>
              {BTN_CANCEL}
            </Button>
            <Button onClick={submit}>{line ? BTN_SAVE : BTN_ADD_TO_CART}</Button>
          </div>
        </div>
      }
    >
      <div ref={bodyRef}>
        <DishOptions
          catalog={catalog}
          dish={dish}
          ctx={ctx}
          selection={s}
          onChange={setS}
          priced={priced}
          invalid={invalid}
          showInvalid={showInvalid}
          idPrefix={`d-${dish.id}`}
        />
      </div>
    </Dialog>
  );
}
