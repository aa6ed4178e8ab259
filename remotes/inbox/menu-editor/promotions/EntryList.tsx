// The list every promotion area shows (set menus, discounts, two-for-one promotions, offers): its
// entries, each in a frame with its heading and 'Entfernen' (asked first), 'Noch keine Einträge.'
// when empty, and the area's add button. An area gives only its entry's fields.
import { useContext, type ReactNode } from 'react';
import type { Catalog } from '@shared/domain';
import { Button } from '@shared/ui';
import { ProblemsContext } from '../fields';
import { EntryFrame, p, type Edit } from './controls';
import { removeEntry, updateEntry, type Entry, type ListKey } from './model';
import { PROMO_TEXTS as T } from './texts';

export interface EntryFields<E> {
  /** the path of one of this entry's fields, for its message */
  at(...keys: (string | number)[]): string;
  /** changes this entry; `touched` is the field whose message goes */
  change(fn: (x: E) => void, touched?: string): void;
}

export function EntryList<K extends ListKey>({ catalog, edit, list, title, addLabel, onAdd, after = (c) => c, children }: {
  catalog: Catalog;
  edit: Edit;
  list: K;
  /** the entry's heading */
  title(entry: Entry<K>, index: number): string;
  addLabel: string;
  onAdd(): void;
  /** applied to the catalog after each change or removal (e.g. what the dishes show) */
  after?: (c: Catalog) => Catalog;
  children(entry: Entry<K>, fields: EntryFields<Entry<K>>, index: number): ReactNode;
}) {
  const problems = useContext(ProblemsContext);
  const entries = catalog[list] as Entry<K>[];
  return (
    <div className="me-area">
      {entries.length === 0 && <p>{T.none}</p>}
      {entries.map((entry, i) => {
        const fields: EntryFields<Entry<K>> = {
          at: (...keys) => p(list, i, ...keys),
          change: (fn, touched) => edit((c) => after(updateEntry(c, list, i, fn)), touched),
        };
        return (
          <EntryFrame
            key={entry.id}
            title={title(entry, i)}
            onRemove={() => {
              problems.clearUnder(list);
              edit((c) => after(removeEntry(c, list, i)));
            }}
          >
            {children(entry, fields, i)}
          </EntryFrame>
        );
      })}
      <Button variant="secondary" onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
