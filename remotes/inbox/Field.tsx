// The staff app's form parts. Field: the label, the control (children: it carries `id`, and
// `aria-describedby` naming `{id}-hint` / `{id}-error` where those are shown), the hint and the
// German error at the field (role=alert). SaveRow: the end of a section's form.
import type { ReactNode } from 'react';
import { Button } from '@shared/ui';

/** `aria-describedby` of the ids given (hint, error), or none */
export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

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

/** The end of a section's form: the form's German error, the status line ('Gespeichert.'), other buttons, 'Speichern'. */
export function SaveRow({ error, notice, busy, children }: { error?: string | null; notice: string; busy: boolean; children?: ReactNode }) {
  return (
    <>
      {error && <p className="error" role="alert">{error}</p>}
      <p className="look__notice" role="status">{notice}</p>
      <div className="card__actions">
        {children}
        <Button type="submit" loading={busy}>Speichern</Button>
      </div>
    </>
  );
}
