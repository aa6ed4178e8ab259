// An extra or side-dish group: name, min (≥ 1: the guest must choose), limit, max amount per item,
// and its items with a price per size of the dish, or 'in dieser Größe nicht verfügbar'.
import { useContext } from 'react';
import type { Dish, ExtraGroup } from '@shared/domain';
import { joinPath, MENU_EDIT_TEXTS } from '@shared/menuedit';
import { EXTRA_UNAVAILABLE } from '@shared/pricing';
import { Button } from '@shared/ui';
import { EuroField, IntField, ProblemsContext, TextField } from './fields';
import { newItem, p, syncItemPrice } from './model';
import { EDITOR_TEXTS as T } from './texts';

interface Props {
  dish: Dish;
  group: ExtraGroup;
  /** the group's field path: dishes[3].sideDishGroups[0] */
  path: string;
  change(fn: (g: ExtraGroup, d: Dish) => void, touched?: string): void;
  onRemove(): void;
  onRowsRemoved(prefix: string): void;
}

export function GroupEditor({ dish, group, path, change, onRemove, onRowsRemoved }: Props) {
  const problems = useContext(ProblemsContext);
  const at = (...keys: (string | number)[]) => joinPath(path, p(...keys));
  return (
    <div className="me-group">
      <div className="me-row me-row--wrap">
        <TextField path={at('name')} label={T.groupName} value={group.name} required onChange={(v) => change((g) => void (g.name = v), at('name'))} />
        <IntField path={at('min')} label={T.min} hint={T.minHint} value={group.min} min={0} onValue={(n) => change((g) => void (g.min = n), at('min'))} />
        <IntField path={at('limit')} label={T.limit} hint={T.limitHint} value={group.limit} min={0} onValue={(n) => change((g) => void (g.limit = n), at('min'))} />
        <IntField path={at('maxAmount')} label={T.maxAmount} value={group.maxAmount} min={1} onValue={(n) => change((g) => void (g.maxAmount = n))} />
      </div>
      <ul className="me-items" aria-label={`${T.items}: ${group.name || T.noName}`}>
        {group.items.map((it, k) => (
          <li key={it.id}>
            {/* a group named by the item: a screen reader hears whose 'Name' and 'Preis' these are */}
            <div className="me-item" role="group" aria-label={`${T.items}: ${it.name || T.noName}`}>
              <TextField path={at('items', k, 'name')} label={T.itemName} value={it.name} required onChange={(v) => change((g) => void (g.items[k].name = v), at('items', k, 'name'))} />
              {dish.sizes.length === 0 ? (
                <EuroField path={at('items', k, 'price')} label={T.price} cents={it.price} onCents={(c) => change((g) => void (g.items[k].price = c))} />
              ) : (
                dish.sizes.map((s, j) => {
                  const off = (it.prices[s.id] ?? it.price) >= EXTRA_UNAVAILABLE;
                  const label = s.name || `${j + 1}`;
                  return (
                    <div key={s.id} className="me-sizeprice">
                      <EuroField
                        path={at('items', k, 'prices', s.id)}
                        label={T.sizePrice(label)}
                        cents={off ? 0 : (it.prices[s.id] ?? it.price)}
                        disabled={off}
                        onCents={(c) =>
                          change((g) => {
                            g.items[k].prices[s.id] = c;
                            syncItemPrice(g.items[k], EXTRA_UNAVAILABLE);
                          })
                        }
                      />
                      <label className="me-check">
                        <input
                          type="checkbox"
                          checked={off}
                          onChange={(e) => {
                            if (e.target.checked) problems.setInput(at('items', k, 'prices', s.id), null);
                            change((g) => {
                              g.items[k].prices[s.id] = e.target.checked ? EXTRA_UNAVAILABLE : 0;
                              syncItemPrice(g.items[k], EXTRA_UNAVAILABLE);
                            });
                            if (!e.target.checked) problems.setInput(at('items', k, 'prices', s.id), MENU_EDIT_TEXTS.priceMissing);
                          }}
                        />
                        {T.unavailableInSize} ({label})
                      </label>
                    </div>
                  );
                })
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  change((g) => void g.items.splice(k, 1));
                  onRowsRemoved(at('items'));
                }}
              >
                {T.removeItem(it.name || T.noName)}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="me-row">
        <Button
          variant="secondary"
          onClick={() => {
            change((g, d) => newItem(d, g));
            const k = group.items.length;
            if (dish.sizes.length === 0) problems.setInput(at('items', k, 'price'), MENU_EDIT_TEXTS.priceMissing);
            else for (const s of dish.sizes) problems.setInput(at('items', k, 'prices', s.id), MENU_EDIT_TEXTS.priceMissing);
          }}
        >
          {T.addItem}
        </Button>
        <Button variant="secondary" onClick={onRemove}>
          {T.removeGroup}
        </Button>
      </div>
    </div>
  );
}
