// The body of the customise dialog for one dish (also a menu slot's body): sizes, 'Bitte Ohne',
// option groups, EXTRAS by marker with folding, popular combination. Rules come from the engine.
import { useState, type JSX } from 'react';
import type { Catalog, Dish, ExtraGroup, ExtraItem } from '@shared/domain';
import { extraAvailability, extraGroups, extraItemPrice, groupCount, groupHeaderText, isSingleChoice } from '@shared/cartpricing';
import { sizeDiscounts, type LinePrice, type PricingContext } from '@shared/pricing';
import { extrasByMarker, EXTRAS_FOLD_AFTER } from '@shared/rules';
import { EXTRA_UNAVAILABLE_IN_SIZE, GROUP_INVALID, formatEuro } from '@shared/i18n';
import { EXTRAS_TITLE, EXTRA_FREE, INDIVIDUAL_COMBINATION, SHOW_LESS, SHOW_MORE, SIZE_TITLE, WITHOUT_TITLE, freeIngredientsHint, popularCombination } from './texts';
import { Price } from '@shared/ui';
import { Stepper } from '@shared/dialog';
import { toggleWithout, withExtra, withPopular, withSize, type Selection } from '../selection';

export interface DishOptionsProps {
  catalog: Catalog;
  dish: Dish;
  ctx: PricingContext;
  selection: Selection;
  onChange(next: Selection): void;
  /** the engine's price of the current line (free extras) */
  priced: LinePrice | null;
  invalid: readonly string[];
  showInvalid: boolean;
  /** menu slots have a fixed size */
  showSizes?: boolean;
  idPrefix: string;
}

export function DishOptions({ catalog, dish, ctx, selection: s, onChange, priced, invalid, showInvalid, showSizes = true, idPrefix }: DishOptionsProps) {
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  const groups = extraGroups(dish);
  const forced = groups.filter((g) => g.forceGroup);
  const sections = extrasByMarker(groups);
  const free = new Map((priced?.extras ?? []).map((e) => [`${e.groupId}/${e.itemId}`, e]));
  const removable = [
    ...dish.secondaryIngredients.map((id) => ({ id, name: ingredients.get(id)?.name ?? id })),
    ...dish.secondarySubDishes.map((sd) => ({ id: sd.id, name: sd.name })),
  ];
  const popularNames = dish.popularExtraCombination
    .map((id) => groups.flatMap((g) => g.items).find((i) => i.id === id)?.name)
    .filter((n): n is string => !!n);
  const isInvalid = (g: ExtraGroup) => showInvalid && invalid.includes(g.id);
  const discounts = showSizes && dish.sizes.length > 0 ? sizeDiscounts(catalog, dish, ctx) : {};

  const item = (g: ExtraGroup, it: ExtraItem) => {
    const key = `${g.id}/${it.id}`;
    const avail = extraAvailability(it, s.sizeId);
    const amount = s.extras.find((e) => e.groupId === g.id && e.itemId === it.id)?.amount ?? 0;
    const unit = extraItemPrice(it, s.sizeId);
    const f = free.get(key);
    const isFree = !!f && f.freeAmount > 0 && f.freeAmount >= amount;
    const inputId = `${idPrefix}-x-${g.id}-${it.id}`;
    const priceText =
      avail === 'unavailable' ? EXTRA_UNAVAILABLE_IN_SIZE : avail === 'notSelectable' ? '' : isFree ? EXTRA_FREE : unit > 0 ? `+${formatEuro(unit)}` : '';
    const blocked = avail !== 'available' && amount === 0;
    const single = isSingleChoice(g);
    return (
      <li key={key} className={`extra${avail !== 'available' ? ' extra--unavailable' : ''}`} data-extra={it.id}>
        {g.maxAmount > 1 ? (
          <>
            <span className="extra__name" id={`${inputId}-l`}>
              {avail !== 'available' ? <s>{it.name}</s> : it.name}
            </span>
            <Stepper
              value={amount}
              min={0}
              max={blocked ? 0 : g.maxAmount}
              label={it.name}
              decrementLabel={`${it.name} weniger`}
              incrementLabel={`${it.name} mehr`}
              onChange={(n) => onChange(withExtra(dish, s, g.id, it.id, n))}
            />
          </>
        ) : (
          <label className="extra__name" htmlFor={inputId}>
            <input
              id={inputId}
              type={single ? 'radio' : 'checkbox'}
              name={single ? `${idPrefix}-g-${g.id}` : undefined}
              checked={amount > 0}
              disabled={blocked}
              onChange={(e) => onChange(withExtra(dish, s, g.id, it.id, single || e.target.checked ? 1 : 0))}
            />{' '}
            {avail !== 'available' ? <s>{it.name}</s> : it.name}
          </label>
        )}
        <span className="extra__price">{priceText}</span>
      </li>
    );
  };

  return (
    <div className="dish-options">
      {showSizes && dish.sizes.length > 0 && (
        <fieldset className="opt-group">
          <legend>{SIZE_TITLE}</legend>
          <ul className="opt-list">
            {dish.sizes.map((size) => {
              const d = discounts[size.id];
              const base = dish.prices.find((p) => p.sizeId === size.id)?.price ?? 0;
              const id = `${idPrefix}-size-${size.id}`;
              return (
                <li key={size.id} className="opt-row">
                  <label htmlFor={id}>
                    <input id={id} type="radio" name={`${idPrefix}-size`} checked={s.sizeId === size.id} onChange={() => onChange(withSize(dish, s, size.id))} />{' '}
                    {size.name}
                    {size.description && <span className="opt-desc"> ({size.description})</span>}
                  </label>
                  <Price cents={d?.resultPrice ?? base} originalCents={d?.hasDiscount ? base : null} />
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {removable.length > 0 && (
        <fieldset className="opt-group">
          <legend>{WITHOUT_TITLE}</legend>
          <ul className="opt-list">
            {removable.map((r) => {
              const id = `${idPrefix}-wo-${r.id}`;
              return (
                <li key={r.id} className="opt-row">
                  <label htmlFor={id}>
                    <input id={id} type="checkbox" checked={s.without.includes(r.id)} onChange={(e) => onChange(toggleWithout(s, r.id, e.target.checked))} />{' '}
                    {r.name}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      {forced.map((g) => (
        <fieldset key={g.id} className={`opt-group${isInvalid(g) ? ' opt-group--invalid' : ''}`} data-group={g.id} data-invalid={isInvalid(g) ? 'true' : undefined}>
          <legend>
            {g.name} <span className="opt-count">{groupHeaderText(g, groupCount(s.extras, g.id))}</span>
          </legend>
          {isInvalid(g) && (
            <p className="opt-error" role="alert">
              {GROUP_INVALID}
            </p>
          )}
          <ul className="opt-list">{g.items.map((it) => item(g, it))}</ul>
        </fieldset>
      ))}

      {sections.length > 0 && (
        <section className="opt-extras" aria-labelledby={`${idPrefix}-extras`}>
          <h3 id={`${idPrefix}-extras`} className="opt-title">
            {EXTRAS_TITLE}
          </h3>
          {dish.freeIngredients > 0 && <p className="opt-hint">{freeIngredientsHint(dish.freeIngredients)}</p>}
          {sections.map((sec) => {
            const bad = sec.entries.some((e) => isInvalid(e.group));
            return <MarkerList key={`${sec.marker ?? sec.title}`} title={sec.title} count={sec.entries.length} invalid={bad} idPrefix={`${idPrefix}-${sec.marker ?? sec.title}`}>
              {sec.entries.map((e) => item(e.group, e.item))}
            </MarkerList>;
          })}
        </section>
      )}

      {popularNames.length > 0 && (
        <fieldset className="opt-group">
          <legend className="tl-visually-hidden">{INDIVIDUAL_COMBINATION}</legend>
          <ul className="opt-list">
            <li className="opt-row">
              <label htmlFor={`${idPrefix}-pop`}>
                <input id={`${idPrefix}-pop`} type="radio" name={`${idPrefix}-pop`} checked={!!s.stored} onChange={() => onChange(withPopular(dish, s, true))} />{' '}
                {popularCombination(popularNames.join(', '))}
              </label>
            </li>
            <li className="opt-row">
              <label htmlFor={`${idPrefix}-ind`}>
                <input id={`${idPrefix}-ind`} type="radio" name={`${idPrefix}-pop`} checked={!s.stored} onChange={() => onChange(withPopular(dish, s, false))} />{' '}
                {INDIVIDUAL_COMBINATION}
              </label>
            </li>
          </ul>
        </fieldset>
      )}
    </div>
  );
}

function MarkerList({ title, count, invalid, idPrefix, children }: { title: string; count: number; invalid: boolean; idPrefix: string; children: JSX.Element[] }) {
  const [open, setOpen] = useState(false);
  const listId = `${idPrefix}-list`;
  const shown = open ? children : children.slice(0, EXTRAS_FOLD_AFTER);
  return (
    <fieldset className={`opt-group${invalid ? ' opt-group--invalid' : ''}`} data-invalid={invalid ? 'true' : undefined}>
      <legend>{title}</legend>
      {invalid && (
        <p className="opt-error" role="alert">
          {GROUP_INVALID}
        </p>
      )}
      <ul className="opt-list" id={listId}>
        {shown}
      </ul>
      {count > EXTRAS_FOLD_AFTER && (
        <button type="button" className="opt-more" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? SHOW_LESS : SHOW_MORE}
        </button>
      )}
    </fieldset>
  );
}
