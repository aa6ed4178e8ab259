// The owner's forms in 'Tische': a new table, a table's new name, the waiter password. Each field
// is checked by the shared rules first (the server checks again) and shows its German message.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { addTable, nextTableNumber, renameTable, waiterPasswordProblem, TABLES_TEXTS as X, WAITER_PASSWORD_MIN_LENGTH, TABLE_NAME_MAX, type ShopTable } from '@shared/table';
import { Button } from '@shared/ui';
import { StaffApiError } from '../api';
import { Field } from '../Field';
import type { TablesApi, TablesState } from './api';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

const described = (id: string, hint: boolean, error: string | null) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function AddTableForm({ api, state, onDone }: { api: TablesApi; state: TablesState; onDone(t: ShopTable): void }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ number: string | null; name: string | null; form: string | null }>({ number: null, name: null, form: null });
  const [busy, setBusy] = useState(false);
  const settings = { tables: state.tables.map((t) => t.number) };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = addTable(settings, number.trim() || null, name);
    if (!check.ok) {
      const atName = check.code === 'invalid_name';
      return setErrors({ number: atName ? null : check.text, name: atName ? check.text : null, form: null });
    }
    setBusy(true);
    try {
      const { table } = await api.add(check.table.number, name);
      setNumber('');
      setName('');
      setErrors({ number: null, name: null, form: null });
      onDone(table);
    } catch (err) {
      // e.g. another device took the number a moment ago
      setErrors({ number: err instanceof StaffApiError && err.status === 409 ? err.message : null, name: null, form: err instanceof StaffApiError && err.status === 409 ? null : messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="tables__form card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{X.add}</h3>
      <div className="tables__fields">
        <Field id={`${id}-number`} label={X.number} error={errors.number}>
          <input
            id={`${id}-number`} type="text" inputMode="numeric" autoComplete="off" placeholder={String(nextTableNumber(settings))} value={number}
            aria-invalid={errors.number ? true : undefined} aria-describedby={described(`${id}-number`, false, errors.number)}
            onChange={(e) => { setNumber(e.target.value); setErrors((x) => ({ ...x, number: null })); }}
          />
        </Field>
        <Field id={`${id}-name`} label={X.name} hint={X.nameHint} error={errors.name}>
          <input
            id={`${id}-name`} type="text" autoComplete="off" maxLength={TABLE_NAME_MAX * 2} value={name}
            aria-invalid={errors.name ? true : undefined} aria-describedby={described(`${id}-name`, true, errors.name)}
            onChange={(e) => { setName(e.target.value); setErrors((x) => ({ ...x, name: null })); }}
          />
        </Field>
      </div>
      {errors.form && <p className="error" role="alert">{errors.form}</p>}
      <Button type="submit" loading={busy}>{X.add}</Button>
    </form>
  );
}

export function RenameForm({ api, state, table, onDone, onCancel }: { api: TablesApi; state: TablesState; table: ShopTable; onDone(t: ShopTable): void; onCancel(): void }) {
  const id = useId();
  const [name, setName] = useState(table.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // 'Umbenennen' opened the form: the name field takes the focus (keyboard and screen readers land there)
  useEffect(() => input.current?.focus(), []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = renameTable({ tables: state.tables.map((t) => t.number) }, table.number, name);
    if (!check.ok) return setError(check.text);
    setBusy(true);
    try {
      onDone((await api.rename(table.number, name)).table);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="tables__rename" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={`${id}-name`} label={`${X.name} (${table.name})`} hint={X.nameHint} error={error}>
        <input
          ref={input} id={`${id}-name`} type="text" autoComplete="off" value={name}
          aria-invalid={error ? true : undefined} aria-describedby={described(`${id}-name`, true, error)}
          onChange={(e) => { setName(e.target.value); setError(null); }}
        />
      </Field>
      <div className="card__actions">
        <Button type="submit" loading={busy}>{X.save}</Button>
        <Button variant="secondary" onClick={onCancel}>Abbrechen</Button>
      </div>
    </form>
  );
}

export function WaiterPasswordForm({ api, isSet, onChange }: { api: TablesApi; isSet: boolean; onChange(set: boolean, notice: string): void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problem = waiterPasswordProblem(password);
    if (problem) return setError(problem);
    setBusy('save');
    try {
      await api.setWaiterPassword(password);
      setPassword('');
      onChange(true, X.waiterSaved);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    setBusy('remove');
    setError(null);
    try {
      await api.removeWaiterPassword();
      onChange(false, X.waiterRemoved);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <form className="tables__form card" onSubmit={(e) => void save(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{X.waiterTitle}</h3>
      <p>{X.waiterIntro}</p>
      <p className="tables__state">{isSet ? X.waiterIsSet : X.waiterNotSet}</p>
      <Field id={`${id}-pw`} label={X.waiterNew} hint={`Mindestens ${WAITER_PASSWORD_MIN_LENGTH} Zeichen.`} error={error}>
        <input
          id={`${id}-pw`} type="password" autoComplete="new-password" value={password}
          aria-invalid={error ? true : undefined} aria-describedby={described(`${id}-pw`, true, error)}
          onChange={(e) => { setPassword(e.target.value); setError(null); }}
        />
      </Field>
      <div className="card__actions">
        <Button type="submit" loading={busy === 'save'}>{X.waiterSave}</Button>
        {isSet && <Button variant="secondary" loading={busy === 'remove'} onClick={() => void remove()}>{X.waiterRemove}</Button>}
      </div>
    </form>
  );
}
