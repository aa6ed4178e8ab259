// One dish: name, number, description, category, drink or food, sizes with price and deposit,
// tags, allergens and additives, removable ingredients, picture, extra and side-dish groups.
import { useContext, useState } from 'react';
import type { Catalog, Dish, Tag } from '@shared/domain';
import { TAGS } from '@shared/domain/catalog';
import { TAG_NAMES } from '@shared/i18n';
import { DECLARATION_LIST, MENU_EDIT_TEXTS, withDeclarations } from '@shared/menuedit';
import { Button } from '@shared/ui';
import type { MenuApi } from './api';
import { EuroField, Field, ProblemsContext, TextField } from './fields';
import { GroupEditor } from './GroupEditor';
import { addSize, idFrom, newGroup, p, removeDish, removeSize, updateDish } from './model';
import { EDITOR_TEXTS as T } from './texts';

interface Props {
  api: MenuApi;
  catalog: Catalog;
  index: number;
  edit(fn: (c: Catalog) => Catalog, touched?: string): void;
  onDeleted(): void;
}

export function DishForm({ api, catalog, index, edit, onDeleted }: Props) {
  const problems = useContext(ProblemsContext);
  const dish = catalog.dishes[index];
  const [ingredient, setIngredient] = useState('');
  const [uploading, setUploading] = useState(false);
  // a picture the server refused (its message at the field; saving goes on)
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** bumped when a row goes: the rows after it start again from the draft (their indexes moved) */
  const [rows, setRows] = useState(0);
  const at = (...keys: (string | number)[]) => p('dishes', index, ...keys);
  const change = (fn: (d: Dish) => void, touched?: string) => edit((c) => updateDish(c, index, fn), touched);
  const removeRows = (prefix: string) => {
    problems.clearUnder(prefix);
    setRows((n) => n + 1);
  };

  const toggle = <K extends 'tags' | 'declarations'>(key: K, value: string, on: boolean) => {
    if (key === 'declarations' && on) {
      edit((c) => {
        const next = updateDish(c, index, (d) => void d.declarations.push(value));
        return { ...next, declarations: withDeclarations(next.declarations, [value]) };
      });
      return;
    }
    change((d) => {
      const list = d[key] as string[];
      if (on && !list.includes(value)) list.push(value);
      if (!on) (d[key] as string[]) = list.filter((x) => x !== value);
    });
  };

  const addIngredient = () => {
    const name = ingredient.trim();
    if (!name) return;
    edit((c) => {
      const existing = c.ingredients.find((x) => x.name.toLowerCase() === name.toLowerCase());
      const id = existing?.id ?? idFrom(name, c.ingredients.map((x) => x.id), 'zutat');
      const ingredients = existing ? c.ingredients : [...c.ingredients, { id, name, declarations: [], nutrientInformation: null, dishInfo: null, tags: [] }];
      return updateDish({ ...c, ingredients }, index, (d) => {
        if (!d.secondaryIngredients.includes(id)) d.secondaryIngredients.push(id);
      });
    });
    setIngredient('');
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const { imageName } = await api.upload(file);
      change((d) => void (d.imageName = imageName));
    } catch (e) {
      // told at the field, but no reason to hold up saving: the dish keeps the picture it had
      setUploadError((e as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const ingredientName = (id: string) => catalog.ingredients.find((x) => x.id === id)?.name ?? id;
  const sized = dish.sizes.length > 0;

  return (
    <form className="me-dish" aria-label={`${T.dish}: ${dish.name || T.noName}`} onSubmit={(e) => e.preventDefault()}>
      <div className="me-grid">
        <TextField path={at('name')} label={T.name} value={dish.name} required onChange={(v) => change((d) => void (d.name = v), at('name'))} />
        <TextField path={at('number')} label={T.number} value={dish.number ?? ''} onChange={(v) => change((d) => void (d.number = v.trim() ? v : null))} />
        <Field path={at('category')} label={T.category}>
          {(props) => (
            <select {...props} value={dish.category} onChange={(e) => change((d) => void (d.category = e.target.value), at('category'))}>
              {catalog.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name || T.noName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="me-check">
          <input type="checkbox" checked={dish.isDrink} onChange={(e) => change((d) => void (d.isDrink = e.target.checked))} />
          {T.isDrink}
        </label>
      </div>
      <TextField path={at('description')} label={T.description} value={dish.description ?? ''} multiline onChange={(v) => change((d) => void (d.description = v.trim() ? v : null))} />

      <fieldset className="me-set">
        <legend>{T.sizesAndPrices}</legend>
        {!sized ? (
          <div className="me-row me-row--wrap">
            <EuroField path={at('prices', 0, 'price')} label={T.price} cents={dish.prices[0]?.price ?? 0} onCents={(c) => change((d) => void (d.prices[0].price = c))} />
            <EuroField path={at('prices', 0, 'deposit')} label={T.deposit} cents={dish.prices[0]?.deposit ?? 0} optional onCents={(c) => change((d) => void (d.prices[0].deposit = c))} />
          </div>
        ) : (
          dish.sizes.map((s, j) => {
            const pi = dish.prices.findIndex((x) => x.sizeId === s.id);
            const label = s.name || `${j + 1}`;
            return (
              <div className="me-row me-row--wrap me-size" key={`${rows}-${s.id}`}>
                <TextField path={at('sizes', j, 'name')} label={T.sizeName} value={s.name} required onChange={(v) => change((d) => void (d.sizes[j].name = v), at('sizes', j, 'name'))} />
                <EuroField path={at('prices', pi, 'price')} label={T.sizePrice(label)} cents={dish.prices[pi]?.price ?? 0} onCents={(c) => change((d) => void (d.prices[pi].price = c))} />
                <EuroField path={at('prices', pi, 'deposit')} label={T.sizeDeposit(label)} cents={dish.prices[pi]?.deposit ?? 0} optional onCents={(c) => change((d) => void (d.prices[pi].deposit = c))} />
                <Button
                  variant="secondary"
                  onClick={() => {
                    change((d) => removeSize(d, j));
                    removeRows(at('prices'));
                    problems.clearUnder(at('sizes'));
                  }}
                >
                  {T.removeSize(label)}
                </Button>
              </div>
            );
          })
        )}
        <Button
          variant="secondary"
          onClick={() => {
            // the first size takes the dish's one price (and its message); a further size's price is typed, not assumed
            change((d) => addSize(d));
            if (sized) problems.setInput(at('prices', dish.prices.length, 'price'), MENU_EDIT_TEXTS.priceMissing);
          }}
        >
          {T.addSize}
        </Button>
      </fieldset>

      <fieldset className="me-set me-checks">
        <legend>{T.tags}</legend>
        {TAGS.map((t: Tag) => (
          <label key={t} className="me-check">
            <input type="checkbox" checked={dish.tags.includes(t)} onChange={(e) => toggle('tags', t, e.target.checked)} />
            {TAG_NAMES[t] ?? t}
          </label>
        ))}
      </fieldset>
      {(['allergen', 'additive'] as const).map((kind) => (
        <fieldset key={kind} className="me-set me-checks">
          <legend>{kind === 'allergen' ? T.allergens : T.additives}</legend>
          {DECLARATION_LIST.filter((x) => x.kind === kind).map((x) => {
            // the catalog's own entry (its name) when it has one with this id
            const own = catalog.declarations.find((y) => y.id === x.id) ?? x;
            return (
              <label key={x.id} className="me-check">
                <input type="checkbox" checked={dish.declarations.includes(x.id)} onChange={(e) => toggle('declarations', x.id, e.target.checked)} />
                {own.code} – {own.name}
              </label>
            );
          })}
        </fieldset>
      ))}

      <fieldset className="me-set">
        <legend>{T.removable}</legend>
        <ul className="me-chips">
          {dish.secondaryIngredients.map((id) => (
            <li key={id}>
              {ingredientName(id)}{' '}
              <button type="button" className="me-small" aria-label={T.removeIngredient(ingredientName(id))} onClick={() => change((d) => void (d.secondaryIngredients = d.secondaryIngredients.filter((x) => x !== id)))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="me-row">
          <label htmlFor={`me-ing-${dish.id}`} className="me-sr">
            {T.newIngredient}
          </label>
          <input
            id={`me-ing-${dish.id}`}
            type="text"
            placeholder={T.newIngredient}
            value={ingredient}
            onChange={(e) => setIngredient(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addIngredient();
              }
            }}
          />
          <Button variant="secondary" onClick={addIngredient}>
            {T.addIngredient}
          </Button>
        </div>
      </fieldset>

      <fieldset className="me-set">
        <legend>{T.picture}</legend>
        {dish.imageName && <img className="me-img" src={api.mediaUrl(dish.imageName)} alt="" width={189} height={96} />}
        <Field path={at('imageName')} label={T.picture} hint={T.pictureHint} notice={uploadError}>
          {(props) => <input {...props} type="file" accept="image/jpeg,image/png,image/webp" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0])} />}
        </Field>
        {uploading && <p role="status">{T.uploading}</p>}
        {dish.imageName && (
          <Button variant="secondary" onClick={() => { setUploadError(null); change((d) => void (d.imageName = null)); }}>
            {T.removePicture}
          </Button>
        )}
      </fieldset>

      {(['sideDishGroups', 'extraIngredientGroups'] as const).map((kind) => (
        <fieldset key={kind} className="me-set">
          <legend>{kind === 'sideDishGroups' ? T.sides : T.extras}</legend>
          {dish[kind].map((g, j) => (
            <GroupEditor
              key={`${rows}-${g.id}`}
              dish={dish}
              group={g}
              path={at(kind, j)}
              change={(fn, touched) => change((d) => fn(d[kind][j], d), touched)}
              onRemove={() => {
                change((d) => void d[kind].splice(j, 1));
                removeRows(at(kind));
              }}
              onRowsRemoved={removeRows}
            />
          ))}
          <Button variant="secondary" onClick={() => change((d) => newGroup(d, kind))}>
            {kind === 'sideDishGroups' ? T.addSideGroup : T.addExtraGroup}
          </Button>
        </fieldset>
      ))}

      <Button
        variant="secondary"
        className="me-danger"
        onClick={() => {
          if (!confirm(T.deleteDishConfirm(dish.name || T.noName))) return;
          edit((c) => removeDish(c, index));
          onDeleted();
        }}
      >
        {T.deleteDish}
      </Button>
    </form>
  );
}
