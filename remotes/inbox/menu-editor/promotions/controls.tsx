// Controls of the promotion areas on top of ../fields.tsx: a group of checkboxes with the message
// of its list's path at the group, a labelled choice, the 'Gilt für' selection, an entry's frame.
import { useContext, useId, type ReactNode } from 'react';
import type { Catalog, ItemSelection, PriceChannel } from '@shared/domain';
import { joinPath, type HiddenWarning } from '@shared/menuedit';
import { EuroField, Field, IntField, ProblemsContext } from '../fields';
import { p } from '../model';
import { toggle, toggleDish } from './model';
import { PROMO_TEXTS as T } from './texts';

export type Edit = (fn: (c: Catalog) => Catalog, touched?: string) => void;

export interface Option {
  id: string;
  label: string;
  disabled?: boolean;
}

/** Checkboxes in a fieldset; a message at `path` (or at one of its entries) shows at the legend */
export function Checks({ path, legend, options, checked, onToggle }: { path: string; legend: string; options: Option[]; checked: (id: string) => boolean; onToggle(id: string, on: boolean): void }) {
  const problems = useContext(ProblemsContext);
  const id = useId();
  const problem = problems.at(path) ?? Array.from({ length: options.length + 8 }, (_, i) => problems.at(`${path}[${i}]`)).find(Boolean);
  return (
    <fieldset className={`me-set me-checks${problem ? ' me-field--bad' : ''}`} data-path={path} aria-describedby={problem ? `${id}-e` : undefined}>
      <legend>{legend}</legend>
      {problem && (
        <span className="me-error" id={`${id}-e`}>
          {problem}
        </span>
      )}
      {options.map((o) => (
        <label key={o.id} className="me-check">
          <input type="checkbox" checked={checked(o.id)} disabled={o.disabled} aria-invalid={problem ? true : undefined} onChange={(e) => {
              problems.clearUnder(path);
              onToggle(o.id, e.target.checked);
            }}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A labelled select */
export function Choice<V extends string>({ path, label, value, options, onChange }: { path: string; label: string; value: V; options: { value: V; label: string }[]; onChange(v: V): void }) {
  return (
    <Field path={path} label={label}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Where a price rule applies: everywhere, in the webshop or at the table */
export function ChannelChoice({ path, value, onChange }: { path: string; value: PriceChannel; onChange(v: PriceChannel): void }) {
  return (
    <Choice
      path={path}
      label={T.channel}
      value={value}
      options={[
        { value: 'all', label: T.channelAll },
        { value: 'webshop', label: T.channelWebshop },
        { value: 'dineIn', label: T.channelDineIn },
      ]}
      onChange={onChange}
    />
  );
}

/** An amount in whole percent, or in euro with a comma; `kind` names the field so a switch starts it afresh */
export function AmountField({ path, kind, euroLabel, value, onValue }: { path: string; kind: string; euroLabel: string; value: number; onValue(n: number): void }) {
  return kind === 'percent' ? (
    <IntField key="percent" path={path} label={T.percent} value={value} min={0} onValue={onValue} />
  ) : (
    <EuroField key={kind} path={path} label={euroLabel} cents={value} onCents={onValue} />
  );
}

/**
 * The kind of an amount (percent, euro off, a fixed price …) beside the amount: a new kind drops
 * the message about what was typed for the old one (a percent field's text is no euro amount).
 * `onKind` stores the kind (and marks the amount's path as touched).
 */
export function KindAndAmount<K extends string>({ kindPath, valuePath, label, kind, options, euroLabel, value, onKind, onValue }: {
  kindPath: string;
  valuePath: string;
  label: string;
  kind: K;
  options: { value: K; label: string }[];
  euroLabel: string;
  value: number;
  onKind(k: K): void;
  onValue(n: number): void;
}) {
  const problems = useContext(ProblemsContext);
  return (
    <>
      <Choice
        path={kindPath}
        label={label}
        value={kind}
        options={options}
        onChange={(k) => {
          problems.setInput(valuePath, null);
          onKind(k);
        }}
      />
      <AmountField path={valuePath} kind={kind} euroLabel={euroLabel} value={value} onValue={onValue} />
    </>
  );
}

/** The warnings (`hiddenWarnings`) at a field or under it: what guests miss because a category is hidden */
export function HiddenNote({ warnings, path }: { warnings: HiddenWarning[]; path: string }) {
  const here = warnings.filter((w) => w.path === path || w.path.startsWith(`${path}.`) || w.path.startsWith(`${path}[`));
  if (here.length === 0) return null;
  return (
    <div className="me-note me-note--warn" role="note">
      {here.map((w, i) => (
        <p key={i}>{w.de}</p>
      ))}
    </div>
  );
}

/** A labelled checkbox */
export function Flag({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="me-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

const dishLabel = (d: Catalog['dishes'][number]) => `${d.number ? `${d.number} ` : ''}${d.name || '…'}`;

/** 'Gilt für': categories, dishes (every size) and set menus of the catalog */
export function SelectionEditor({ catalog, path, value, onChange, legend = T.appliesTo }: { catalog: Catalog; path: string; value: ItemSelection; onChange(s: ItemSelection): void; legend?: string }) {
  const at = (key: string) => joinPath(path, key);
  const sizeName = (dishId: string) => {
    const r = value.dishesWithSizes.find((x) => x.dishId === dishId && x.sizeId !== null);
    const d = catalog.dishes.find((x) => x.id === dishId);
    const s = r && d?.sizes.find((x) => x.id === r.sizeId);
    return s ? ` (${T.onlySize(s.name)})` : '';
  };
  return (
    <fieldset className="me-set">
      <legend>{legend}</legend>
      <Checks
        path={at('categories')}
        legend={T.selCategories}
        options={catalog.categories.map((c) => ({ id: c.id, label: c.name || '…' }))}
        checked={(id) => value.categories.includes(id)}
        onToggle={(id, on) => onChange({ ...value, categories: toggle(value.categories, id, on) })}
      />
      <Checks
        path={at('dishesWithSizes')}
        legend={T.selDishes}
        options={catalog.dishes.map((d) => ({ id: d.id, label: `${dishLabel(d)}${sizeName(d.id)}` }))}
        checked={(id) => value.dishesWithSizes.some((r) => r.dishId === id)}
        onToggle={(id, on) => onChange(toggleDish(value, id, on))}
      />
      {catalog.menus.length > 0 && (
        <Checks
          path={at('menus')}
          legend={T.selMenus}
          options={catalog.menus.map((m) => ({ id: m.id, label: m.name || '…' }))}
          checked={(id) => value.menus.includes(id)}
          onToggle={(id, on) => onChange({ ...value, menus: toggle(value.menus, id, on) })}
        />
      )}
    </fieldset>
  );
}

/** One entry of a list: its heading and a remove button */
export function EntryFrame({ title, onRemove, children }: { title: string; onRemove(): void; children: ReactNode }) {
  const id = useId();
  return (
    <section className="me-entry" aria-labelledby={id}>
      <div className="me-entryhead">
        <h3 id={id}>{title}</h3>
        <button type="button" className="me-small me-danger" aria-label={T.removeLabel(title)} onClick={() => confirm(T.removeConfirm(title)) && onRemove()}>
          {T.remove}
        </button>
      </div>
      {children}
    </section>
  );
}

export { dishLabel, p };
