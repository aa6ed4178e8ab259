// 'Beliebte Kombinationen': per dish the extras and sides offered preselected as its popular
// combination (Dish.popularExtraCombination); an item priced as 'nicht verfügbar' cannot be part of it.
import { useState } from 'react';
import type { Catalog } from '@shared/domain';
import { EXTRA_NOT_SELECTABLE } from '@shared/pricing';
import { updateDish } from '../model';
import { Checks, Choice, dishLabel, p, type Edit } from './controls';
import { toggle } from './model';
import { PROMO_TEXTS as T } from './texts';

export function Popular({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const withExtras = catalog.dishes.map((d, i) => ({ d, i })).filter(({ d }) => d.extraIngredientGroups.length + d.sideDishGroups.length > 0);
  const [picked, setPicked] = useState(() => withExtras.find(({ d }) => d.popularExtraCombination.length > 0)?.d.id ?? withExtras[0]?.d.id ?? '');
  const current = withExtras.find(({ d }) => d.id === picked);
  if (withExtras.length === 0) return <p>{T.noExtras}</p>;
  return (
    <div className="me-area">
      <p className="me-hint">{T.popularHint}</p>
      <Choice
        path="popular-dish"
        label={T.popularDish}
        value={picked}
        options={[...(current ? [] : [{ value: '', label: T.popularChoose }]), ...withExtras.map(({ d }) => ({ value: d.id, label: dishLabel(d) }))]}
        onChange={setPicked}
      />
      {current && (
        <Checks
          path={p('dishes', current.i, 'popularExtraCombination')}
          legend={T.popularItems(current.d.name || '…')}
          options={[...current.d.extraIngredientGroups, ...current.d.sideDishGroups].flatMap((g) =>
            g.items.map((it) => {
              const off = it.price >= EXTRA_NOT_SELECTABLE;
              return { id: it.id, label: `${g.name || '…'}: ${it.name || '…'}${off ? ` (${T.notSelectable})` : ''}`, disabled: off && !current.d.popularExtraCombination.includes(it.id) };
            }),
          )}
          checked={(id) => current.d.popularExtraCombination.includes(id)}
          onToggle={(id, on) =>
            edit((c) => updateDish(c, current.i, (d) => void (d.popularExtraCombination = toggle(d.popularExtraCombination, id, on))), p('dishes', current.i, 'popularExtraCombination'))
          }
        />
      )}
    </div>
  );
}
