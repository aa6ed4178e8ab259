// Form fields of the menu editor: a label, the control, and the German message at the field
// (aria-invalid, aria-describedby), whether the message comes from typing ('8,5x'), from the
// shared checks before saving, or from the server's answer. Prices are typed in euro with a comma.
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { centsToInput, MENU_EDIT_TEXTS, parseEuro } from '@shared/menuedit';

export interface Problems {
  /** the message at a path, or undefined */
  at(path: string): string | undefined;
  /** a message from typing (null clears it) */
  setInput(path: string, message: string | null): void;
  /** drops every message at or below `prefix` (a removed row: its fields start again from the saved amounts) */
  clearUnder(prefix: string): void;
}

export const ProblemsContext = createContext<Problems>({ at: () => undefined, setInput: () => undefined, clearUnder: () => undefined });

interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its message; `children` renders the control with the given props.
 * `notice`: a message of the field's own that holds up no saving (a picture the server refused:
 * the dish keeps the one it had). It comes after an action's wait, away from any save, so it is
 * announced (role=alert) like the app's other errors.
 */
export function Field({ path, label, hint, className, notice, children }: { path: string; label: ReactNode; hint?: string; className?: string; notice?: string | null; children: (p: ControlProps) => ReactNode }) {
  const id = useId();
  const checked = useContext(ProblemsContext).at(path);
  const problem = checked ?? notice ?? undefined;
  const described = [problem ? `${id}-e` : '', hint ? `${id}-h` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`me-field${problem ? ' me-field--bad' : ''}${className ? ` ${className}` : ''}`} data-path={path}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <span className="me-hint" id={`${id}-h`}>
          {hint}
        </span>
      )}
      {problem && (
        <span className="me-error" id={`${id}-e`} role={checked === undefined ? 'alert' : undefined}>
          {problem}
        </span>
      )}
    </div>
  );
}

export function TextField({ path, label, value, onChange, multiline, hint, required }: { path: string; label: string; value: string; onChange(v: string): void; multiline?: boolean; hint?: string; required?: boolean }) {
  return (
    <Field path={path} label={label} hint={hint}>
      {(p) =>
        multiline ? (
          <textarea {...p} value={value} rows={3} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...p} type="text" value={value} aria-required={required || undefined} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/**
 * A price in euro ('8,50'): the typed text stays as typed; a valid amount goes to `onCents`, an
 * invalid one leaves the last good amount and shows the message until corrected (saving waits).
 */
export function EuroField({ path, label, cents, onCents, optional, disabled }: { path: string; label: string; cents: number; onCents(c: number): void; optional?: boolean; disabled?: boolean }) {
  const problems = useContext(ProblemsContext);
  // a new price starts empty (its message asks for one), an existing one shows its amount
  const [text, setText] = useState(() => (problems.at(path) === MENU_EDIT_TEXTS.priceMissing ? '' : centsToInput(cents)));
  return (
    <Field path={path} label={label} className="me-field--euro">
      {(p) => (
        <span className="me-euro">
          <input
            {...p}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={disabled ? '' : text}
            disabled={disabled}
            onChange={(e) => {
              setText(e.target.value);
              const r = parseEuro(e.target.value, optional ? { empty: 0 } : {});
              if (r.ok) {
                problems.setInput(path, null);
                onCents(r.cents);
              } else problems.setInput(path, r.message);
            }}
          />
          <span aria-hidden="true">€</span>
        </span>
      )}
    </Field>
  );
}

type IntFieldProps = { path: string; label: string; min: number; hint?: string; /** at most this many digits (4) */ digits?: number } & (
  | { optional?: false; value: number; onValue(n: number): void }
  | { /** empty is none (null) */ optional: true; value: number | null; onValue(n: number | null): void }
);

/** A whole number (min, limit, amounts, a coupon's uses): kept as typed, checked like a price */
export function IntField(props: IntFieldProps) {
  const { path, label, min, hint, digits = 4 } = props;
  const problems = useContext(ProblemsContext);
  const [text, setText] = useState(props.value === null ? '' : String(props.value));
  return (
    <Field path={path} label={label} hint={hint} className="me-field--int">
      {(p) => (
        <input
          {...p}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const s = e.target.value.trim();
            if (props.optional && s === '') {
              problems.setInput(path, null);
              props.onValue(null);
            } else if (!/^\d+$/.test(s) || s.length > digits || Number(s) < min) problems.setInput(path, MENU_EDIT_TEXTS.atLeast(min));
            else {
              problems.setInput(path, null);
              props.onValue(Number(s));
            }
          }}
        />
      )}
    </Field>
  );
}
