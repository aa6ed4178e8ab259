// One labelled form field of the staff app's forms: the label, the control (children: it carries
// `id`, and `aria-describedby` naming `{id}-hint` / `{id}-error` where those are shown), the hint
// and the German error at the field (role=alert).
import type { ReactNode } from 'react';

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | null; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="error" role="alert">{error}</p>}
    </div>
  );
}
