// Building blocks of the shell's pages: the page frame (title gets focus), the not-found page,
// labelled fields with their German error under them, and loading of a page's data by id.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { answerMessage, formErrors, isNotFound, PAGE_TEXTS } from '@shared/pages';
import type { Checked, FieldErrors } from '@shared/pages';
import { Link } from '../Link';

export function Page({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    ref.current?.focus();
  }, [title]);
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <h2 id="page-title" tabIndex={-1} ref={ref}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function NotFound() {
  return (
    <Page title="Seite nicht gefunden">
      <p>Diese Seite gibt es leider nicht.</p>
      <p>
        <Link to="/">Zur Speisekarte</Link>
      </p>
    </Page>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  defaultValue?: string;
  min?: string;
  max?: string;
  required?: boolean;
  multiline?: boolean;
  /** several forms on one page: ids stay unique */
  idPrefix?: string;
}

/** A labelled input; its error is tied to it (aria-invalid, aria-describedby). */
export function Field({ name, label, error, type = 'text', multiline, required = true, idPrefix = 'f', ...rest }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const errId = `${id}-error`;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errId : undefined,
    'aria-required': required || undefined,
  } as const;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {!required && <span className="form-optional"> (freiwillig)</span>}
      </label>
      {multiline ? <textarea {...common} rows={4} defaultValue={rest.defaultValue} /> : <input {...common} type={type} {...rest} />}
      {error && (
        <p className="form-error" id={errId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Values of a form as strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  new FormData(form).forEach((v, k) => {
    out[k] = typeof v === 'string' ? v : '';
  });
  return out;
}

/** After a failed submit (a new errors object): focus the first field with an error, in form order. */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}

/**
 * The submit of a page form, written once: the shared rule's answer first (its field errors go to
 * the fields, the first one gets focus), then `send`; field errors the server answers go to their
 * fields, any other failure to one German alert. One submit at a time.
 */
export function usePageForm() {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstError(form, errors);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const submit = async <V, K extends string>(checked: Checked<V, K>, send: (value: V) => Promise<void>) => {
    if (busy) return;
    setFailed(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(checked.value);
    } catch (err) {
      const fields = formErrors(err);
      if (fields) setErrors(fields);
      else setFailed(answerMessage(err) ?? PAGE_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };
  return { form, errors, busy, failed, submit };
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'notFound' } | { state: 'error' };

/** Loads a page's data; a 404 answer shows the not-found page. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [Loaded<T>, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ state: 'loading' });
    load().then(
      (data) => live && setState({ state: 'ready', data }),
      (e) => live && setState(isNotFound(e) ? { state: 'notFound' } : { state: 'error' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return [state, (data: T) => setState({ state: 'ready', data })];
}

/** Loading / failure states of a loaded page. */
export function LoadState({ state, title }: { state: Loaded<unknown>; title: string }) {
  if (state.state === 'notFound') return <NotFound />;
  return (
    <Page title={title}>
      {state.state === 'loading' ? (
        <p role="status">Wird geladen …</p>
      ) : (
        <p role="alert">{PAGE_TEXTS.failed}</p>
      )}
    </Page>
  );
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p className="form-done" role="status">
      {children}
    </p>
  );
}

export function FormAlert({ text }: { text: string | null }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}
