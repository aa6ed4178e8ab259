// 'Menüs': set menus at one price with slots ('Gänge'); each slot lets the guest choose among its
// dishes, optionally in one size (by the size's name, as the data format has it).
import { useContext, useMemo } from 'react';
import type { Catalog } from '@shared/domain';
import { hiddenWarnings, MENU_EDIT_TEXTS } from '@shared/menuedit';
import { Button } from '@shared/ui';
import { EuroField, ProblemsContext, TextField } from '../fields';
import { Checks, HiddenNote, dishLabel, p, type Edit } from './controls';
import { EntryList } from './EntryList';
import { newMenu, newSlot, toggle } from './model';
import { PROMO_TEXTS as T } from './texts';

export function Menus({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const problems = useContext(ProblemsContext);
  const warnings = useMemo(() => hiddenWarnings(catalog), [catalog]);
  const add = () => {
    const r = newMenu(catalog);
    edit(() => r.catalog);
    problems.setInput(p('menus', r.index, 'price'), MENU_EDIT_TEXTS.priceMissing);
  };
  return (
    <EntryList catalog={catalog} edit={edit} list="menus" title={(m, i) => m.name || `${T.menus} ${i + 1}`} addLabel={T.newMenu} onAdd={add}>
      {(m, { at, change }) => (
        <>
          <div className="me-row me-row--wrap">
            <TextField path={at('name')} label={T.menuName} value={m.name} required onChange={(v) => change((x) => void (x.name = v), at('name'))} />
            <EuroField path={at('price')} label={T.menuPrice} cents={m.price} onCents={(n) => change((x) => void (x.price = n), at('price'))} />
          </div>
          <TextField path={at('headline')} label={T.headline} value={m.headline ?? ''} onChange={(v) => change((x) => void (x.headline = v.trim() ? v : null))} />
          <TextField path={at('teaser')} label={T.teaser} value={m.teaser ?? ''} multiline onChange={(v) => change((x) => void (x.teaser = v.trim() ? v : null))} />
          <fieldset className="me-set" data-path={at('slots')}>
            <legend>{T.slots}</legend>
            {problems.at(at('slots')) && <span className="me-error">{problems.at(at('slots'))}</span>}
            {m.slots.map((s, j) => (
              <div key={s.id} className="me-group">
                <div className="me-row me-row--wrap">
                  <TextField path={at('slots', j, 'name')} label={T.slotName} value={s.name} required onChange={(v) => change((x) => void (x.slots[j].name = v), at('slots', j, 'name'))} />
                  <TextField path={at('slots', j, 'size')} label={T.slotSize} hint={T.slotSizeHint} value={s.size ?? ''} onChange={(v) => change((x) => void (x.slots[j].size = v.trim() ? v.trim() : null))} />
                </div>
                <Checks
                  path={at('slots', j, 'dishes')}
                  legend={T.slotDishes(s.name || `${j + 1}`)}
                  options={catalog.dishes.map((d) => ({ id: d.id, label: dishLabel(d) }))}
                  checked={(id) => s.dishes.includes(id)}
                  onToggle={(id, on) => change((x) => void (x.slots[j].dishes = toggle(x.slots[j].dishes, id, on)), at('slots', j, 'dishes'))}
                />
                <HiddenNote warnings={warnings} path={at('slots', j, 'dishes')} />
                <button
                  type="button"
                  className="me-small me-danger"
                  onClick={() => {
                    problems.clearUnder(at('slots'));
                    change((x) => void x.slots.splice(j, 1));
                  }}
                >
                  {T.removeSlot(s.name || `${j + 1}`)}
                </button>
              </div>
            ))}
            <Button variant="secondary" onClick={() => change((x) => void x.slots.push(newSlot(x)), at('slots'))}>
              {T.addSlot}
            </Button>
          </fieldset>
        </>
      )}
    </EntryList>
  );
}
