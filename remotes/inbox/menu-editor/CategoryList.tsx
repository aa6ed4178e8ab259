// The categories: pick one, sort by dragging or with 'Nach oben'/'Nach unten' (keyboard), hide
// from guests, rename, add; an empty one can be deleted.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { Catalog } from '@shared/domain';
import { Button } from '@shared/ui';
import { TextField } from './fields';
import { addCategory, moveCategory, p, removeCategory, updateCategory } from './model';
import { EDITOR_TEXTS as T } from './texts';

interface Props {
  catalog: Catalog;
  selected: number;
  onSelect(index: number): void;
  edit(fn: (c: Catalog) => Catalog, touched?: string): void;
}

export function CategoryList({ catalog, selected, onSelect, edit }: Props) {
  const [name, setName] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  /** after a move by keyboard the focus stays on the moved category's button (or its other one at an end) */
  const [refocus, setRefocus] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!refocus || !list.current) return;
    const mine = list.current.querySelector<HTMLButtonElement>(`[data-move="${refocus.dir}"][data-cat="${CSS.escape(refocus.id)}"]`);
    const other = list.current.querySelector<HTMLButtonElement>(`[data-move="${refocus.dir === 'up' ? 'down' : 'up'}"][data-cat="${CSS.escape(refocus.id)}"]`);
    (mine && !mine.disabled ? mine : other)?.focus();
    setRefocus(null);
  }, [refocus, catalog]);
  const cats = catalog.categories;
  const current = cats[selected];

  const move = (from: number, to: number, byKey = false) => {
    if (to < 0 || to >= cats.length) return;
    if (byKey) setRefocus({ id: cats[from].id, dir: to < from ? 'up' : 'down' });
    edit((c) => moveCategory(c, from, to));
    onSelect(to);
    setAnnounce(`„${cats[from].name}“ steht jetzt an Stelle ${to + 1} von ${cats.length}.`);
  };
  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  return (
    <section className="me-cats" aria-labelledby="me-cats-title">
      <h3 id="me-cats-title">{T.categories}</h3>
      <p className="me-hint">{T.dragHint}</p>
      <ol className="me-catlist" ref={list}>
        {cats.map((c, i) => (
          <li
            key={c.id}
            className={`me-cat${i === selected ? ' me-cat--current' : ''}${dragging === i ? ' me-cat--drag' : ''}`}
            draggable
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', c.id);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => setDragging(null)}
          >
            <span className="me-grip" aria-hidden="true">⋮⋮</span>
            <button type="button" className="me-pick" aria-pressed={i === selected} onClick={() => onSelect(i)}>
              {c.name || T.noName}
              {c.hidden && <span className="me-badge"> ({T.hidden})</span>}
            </button>
            <span className="me-catbtns">
              <button type="button" className="me-small" aria-label={T.upLabel(c.name || T.noName)} data-move="up" data-cat={c.id} disabled={i === 0} onClick={() => move(i, i - 1, true)}>
                ↑ <span className="me-sr">{T.up}</span>
              </button>
              <button type="button" className="me-small" aria-label={T.downLabel(c.name || T.noName)} data-move="down" data-cat={c.id} disabled={i === cats.length - 1} onClick={() => move(i, i + 1, true)}>
                ↓ <span className="me-sr">{T.down}</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="me-sr" role="status">
        {announce}
      </p>
      <form
        className="me-add"
        onSubmit={(e) => {
          e.preventDefault();
          const n = name.trim();
          if (!n) return;
          edit((c) => addCategory(c, n));
          onSelect(cats.length);
          setName('');
        }}
      >
        <label htmlFor="me-newcat">{T.newCategory}</label>
        <span className="me-row">
          <input id="me-newcat" type="text" value={name} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="secondary">
            {T.addCategory}
          </Button>
        </span>
      </form>
      {current && (
        <div className="me-catform">
          <TextField
            path={p('categories', selected, 'name')}
            label={T.categoryName}
            value={current.name}
            required
            onChange={(v) => edit((c) => updateCategory(c, selected, { name: v }), p('categories', selected, 'name'))}
          />
          <TextField
            path={p('categories', selected, 'description')}
            label={T.categoryDescription}
            value={current.description ?? ''}
            multiline
            onChange={(v) => edit((c) => updateCategory(c, selected, { description: v.trim() ? v : null }))}
          />
          <label className="me-check">
            <input type="checkbox" checked={!!current.hidden} onChange={(e) => edit((c) => updateCategory(c, selected, { hidden: e.target.checked || undefined }))} />
            {T.hideLabel(current.name || T.noName)}
          </label>
          <Button
            variant="secondary"
            disabled={current.dishes.length > 0}
            aria-describedby={current.dishes.length > 0 ? 'me-cat-notempty' : undefined}
            onClick={() => {
              edit((c) => removeCategory(c, selected));
              onSelect(Math.max(0, selected - 1));
            }}
          >
            {T.deleteCategory}
          </Button>
          {current.dishes.length > 0 && (
            <span className="me-hint" id="me-cat-notempty">
              {T.categoryNotEmpty}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
