// '2-für-1-Aktionen': of every `totalQuantity` items of the chosen categories, dishes or menus the
// guest pays `paidQuantity` (the cheapest are free: shared/cartpricing/twoForOne.ts); the dishes it
// covers show its label (syncPromotionDisplay).
import type { Catalog } from '@shared/domain';
import { IntField, TextField } from '../fields';
import { Flag, SelectionEditor, type Edit } from './controls';
import { EntryList } from './EntryList';
import { newPromotion, syncPromotionDisplay } from './model';
import { PROMO_TEXTS as T } from './texts';

export function TwoForOne({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  return (
    <EntryList
      catalog={catalog}
      edit={edit}
      list="twoForOnePromotions"
      title={(t, i) => t.title || `${T.twoForOne} ${i + 1}`}
      addLabel={T.newPromotion}
      onAdd={() => edit((c) => newPromotion(c).catalog)}
      after={syncPromotionDisplay}
    >
      {(t, { at, change }) => (
        <>
          <div className="me-row me-row--wrap">
            <TextField path={at('title')} label={T.promoTitle} value={t.title} required onChange={(v) => change((x) => void (x.title = v), at('title'))} />
            <TextField path={at('label')} label={T.promoLabel} hint={T.promoLabelHint} value={t.label} required onChange={(v) => change((x) => void (x.label = v), at('label'))} />
          </div>
          <div className="me-row me-row--wrap">
            <IntField path={at('totalQuantity')} label={T.totalQuantity} value={t.totalQuantity} min={2} onValue={(n) => change((x) => void (x.totalQuantity = n), at('paidQuantity'))} />
            <IntField path={at('paidQuantity')} label={T.paidQuantity} value={t.paidQuantity} min={1} onValue={(n) => change((x) => void (x.paidQuantity = n), at('paidQuantity'))} />
          </div>
          <Flag label={T.accumulative} checked={t.accumulative} onChange={(on) => change((x) => void (x.accumulative = on))} />
          <Flag label={T.allowDifferent} checked={t.allowDifferentDishes} onChange={(on) => change((x) => void (x.allowDifferentDishes = on))} />
          <SelectionEditor catalog={catalog} path={at('itemSelection')} value={t.itemSelection} onChange={(s) => change((x) => void (x.itemSelection = s))} />
        </>
      )}
    </EntryList>
  );
}
