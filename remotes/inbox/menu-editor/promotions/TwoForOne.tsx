// '2-für-1-Aktionen': of every `totalQuantity` items of the chosen categories, dishes or menus the
// guest pays `paidQuantity` (the cheapest are free: shared/cartpricing/twoForOne.ts); the dishes it
// covers show its label (syncPromotionDisplay).
import { useContext } from 'react';
import type { Catalog, TwoForOnePromotion } from '@shared/domain';
import { Button } from '@shared/ui';
import { IntField, ProblemsContext, TextField } from '../fields';
import { EntryFrame, Flag, SelectionEditor, p, type Edit } from './controls';
import { newPromotion, removeEntry, syncPromotionDisplay, updateEntry } from './model';
import { PROMO_TEXTS as T } from './texts';

export function TwoForOne({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const problems = useContext(ProblemsContext);
  return (
    <div className="me-area">
      {catalog.twoForOnePromotions.length === 0 && <p>{T.none}</p>}
      {catalog.twoForOnePromotions.map((t, i) => {
        const at = (...keys: (string | number)[]) => p('twoForOnePromotions', i, ...keys);
        const change = (fn: (x: TwoForOnePromotion) => void, touched?: string) => edit((c) => syncPromotionDisplay(updateEntry(c, 'twoForOnePromotions', i, fn)), touched);
        return (
          <EntryFrame
            key={t.id}
            title={t.title || `${T.twoForOne} ${i + 1}`}
            onRemove={() => {
              problems.clearUnder('twoForOnePromotions');
              edit((c) => syncPromotionDisplay(removeEntry(c, 'twoForOnePromotions', i)));
            }}
          >
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
          </EntryFrame>
        );
      })}
      <Button variant="secondary" onClick={() => edit((c) => newPromotion(c).catalog)}>
        {T.newPromotion}
      </Button>
    </div>
  );
}
