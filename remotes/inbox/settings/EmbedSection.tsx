// 'Einbinden' (owner): the code of each widget to paste into the restaurant's own page (with a copy
// button), a live preview of the menu widget, the restaurant's own web addresses (allowedOrigins,
// saved whole or not at all, the German message at the field), the check "does my page load the
// widget?" (from the widgets' own calls: the server never opens the owner's URL), and the shop's
// export and import as a data file.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { originOfPage, originsProblems, seenText } from '@shared/settings/embed';
import { Button } from '@shared/ui';
import { SaveRow } from '../Field';
import type { SectionProps } from '../sectionProps';
import { embedApi, ImportError, SettingsError, type EmbedInfo } from './api';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Snippet({ label, snippet, id }: { label: string; snippet: string; id: string }) {
  const [copied, setCopied] = useState('');
  const codeRef = useRef<HTMLPreElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('Kopiert');
    } catch {
      // no clipboard (an old browser, no permission): the code is selected for Strg+C
      const range = document.createRange();
      if (codeRef.current) range.selectNodeContents(codeRef.current);
      const sel = window.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
      setCopied('Bitte mit Strg+C (Mac: ⌘+C) kopieren: der Code ist markiert.');
    }
  };
  return (
    <li className="embed__widget">
      <h4 id={`${id}-h`}>{label}</h4>
      <pre ref={codeRef} className="embed__code" id={`${id}-code`} aria-labelledby={`${id}-h`}>
        <code>{snippet}</code>
      </pre>
      <div className="embed__copy">
        <Button type="button" variant="secondary" aria-describedby={`${id}-h`} onClick={() => void copy()}>
          Code kopieren
        </Button>
        <span role="status" className="embed__copied">{copied}</span>
      </div>
    </li>
  );
}

export function EmbedSection({ api }: SectionProps) {
  const e = useMemo(() => embedApi(api.base), [api.base]);
  const id = useId();
  const [info, setInfo] = useState<EmbedInfo | null>(null);
  const [loadError, setLoadError] = useState('');
  const [origins, setOrigins] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const [pageUrl, setPageUrl] = useState('');
  const [check, setCheck] = useState<{ text: string; error?: boolean } | null>(null);
  const [importState, setImportState] = useState<{ message: string; problems: string[]; ok: boolean } | null>(null);
  const [importBusy, setImportBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    e.info().then(
      (r) => {
        setInfo(r);
        setOrigins(r.origins);
      },
      (err) => setLoadError(messageOf(err)),
    );
  }, [e]);

  if (!info) return loadError ? <p className="error" role="alert">{loadError}</p> : <p>Wird geladen …</p>;

  const setOrigin = (i: number, value: string) => {
    setOrigins(origins.map((o, j) => (j === i ? value : o)));
    setErrors({});
    setNotice('');
  };
  const saveOrigins = async (ev: FormEvent) => {
    ev.preventDefault();
    const form = ev.currentTarget as HTMLFormElement;
    const list = origins.map((o) => o.trim()).filter(Boolean);
    const problems = originsProblems(list, info.httpsOnly);
    const focusFirst = (fields: Record<string, string>) => {
      const first = Object.keys(fields)[0]?.split('.')[1];
      // the staff app lives in a shadow root: the field is looked up in the form
      form.querySelector<HTMLElement>(`[id="${id}-origin-${first ?? 0}"]`)?.focus();
    };
    if (Object.keys(problems).length) {
      setOrigins(list);
      setErrors(problems);
      focusFirst(problems);
      return;
    }
    setBusy(true);
    try {
      const r = await e.saveOrigins(list);
      setOrigins(r.origins);
      setErrors({});
      setNotice(r.origins.length ? 'Gespeichert. Nur diese Websites dürfen die Widgets zeigen.' : 'Gespeichert. Jede Website darf die Widgets zeigen.');
    } catch (err) {
      const fields = err instanceof SettingsError && Object.keys(err.fields).length ? err.fields : { form: messageOf(err) };
      setErrors(fields);
      focusFirst(fields);
    } finally {
      setBusy(false);
    }
  };
  const runCheck = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!originOfPage(pageUrl)) {
      setCheck({ text: 'Bitte die Adresse der Seite angeben, z. B. https://www.mein-restaurant.de/speisekarte', error: true });
      return;
    }
    try {
      const r = await e.seen(pageUrl);
      setCheck({ text: seenText(r.origin, r.lastSeenAt, new Date()) });
    } catch (err) {
      setCheck({ text: messageOf(err), error: true });
    }
  };
  const runImport = async (ev: FormEvent) => {
    ev.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setImportState({ ok: false, message: 'Bitte zuerst eine Datei wählen.', problems: [] });
      fileRef.current?.focus();
      return;
    }
    setImportBusy(true);
    try {
      const r = await e.importFile(await file.text());
      setImportState({ ok: true, message: r.newVersion ? 'Importiert. Die Speisekarte aus der Datei ist jetzt veröffentlicht.' : 'Importiert.', problems: [] });
      const fresh = await e.info();
      setInfo(fresh);
      setOrigins(fresh.origins);
    } catch (err) {
      setImportState({ ok: false, message: messageOf(err), problems: err instanceof ImportError ? err.problems : [] });
    } finally {
      setImportBusy(false);
    }
  };
  const menu = info.widgets.find((w) => w.id === 'menu');
  const previewDoc = menu
    ? `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Vorschau</title></head><body style="margin:0;font-family:system-ui,sans-serif"><main><h1 style="font:600 1rem system-ui,sans-serif;margin:0;padding:8px 16px;background:#fff3cd;color:#3d2f00">Vorschau – so zeigt Ihre Seite die Speisekarte</h1>${menu.snippet}</main></body></html>`
    : '';

  return (
    <div className="embed">
      <section className="card embed__part" aria-labelledby={`${id}-code`}>
        <h3 id={`${id}-code`}>Code für Ihre Website</h3>
        <p>
          Kopieren Sie den Code eines Widgets und fügen Sie ihn in Ihre Seite ein (im Baukasten Ihrer Website meist als „HTML“- oder „Code“-Block).
          Die Zeile mit <code>&lt;script&gt;</code> braucht jede Seite nur einmal.
        </p>
        <ul className="embed__list">
          {info.widgets.map((w) => (
            <Snippet key={w.id} id={`${id}-${w.id}`} label={w.label} snippet={w.snippet} />
          ))}
        </ul>
        <div>
          <Button type="button" variant="secondary" aria-expanded={preview} aria-controls={`${id}-preview`} onClick={() => setPreview(!preview)}>
            {preview ? 'Vorschau schließen' : 'Vorschau der Speisekarte zeigen'}
          </Button>
        </div>
        <div id={`${id}-preview`}>
          {preview && <iframe className="embed__preview" title="Vorschau: die Speisekarte als Widget" srcDoc={previewDoc} />}
        </div>
      </section>

      <form className="card embed__part" onSubmit={(ev) => void saveOrigins(ev)} noValidate aria-labelledby={`${id}-origins`}>
        <h3 id={`${id}-origins`}>Ihre Websites</h3>
        <p id={`${id}-origins-hint`}>
          Leer: Jede Website darf Ihre Widgets zeigen. Mit Einträgen: nur diese — und Anmelde-Links aus E-Mails führen dorthin zurück.
          Bitte nur die Adresse ohne Pfad, z. B. https://www.mein-restaurant.de{info.httpsOnly ? ' (nur https://)' : ''}.
        </p>
        {origins.length === 0 && <p>Noch keine Website eingetragen.</p>}
        {origins.map((o, i) => {
          const err = errors[`allowedOrigins.${i}`];
          const fid = `${id}-origin-${i}`;
          return (
            <div className="field embed__origin" key={i}>
              <label htmlFor={fid}>Website {i + 1}</label>
              <div className="embed__row">
                <input
                  id={fid} type="url" inputMode="url" autoComplete="url" spellCheck={false} value={o}
                  aria-invalid={err ? true : undefined} aria-describedby={err ? `${fid}-error` : `${id}-origins-hint`}
                  onChange={(ev) => setOrigin(i, ev.target.value)}
                />
                <Button type="button" variant="secondary" aria-label={`Website ${i + 1} entfernen`} onClick={() => setOrigins(origins.filter((_, j) => j !== i))}>
                  Entfernen
                </Button>
              </div>
              {err && <p id={`${fid}-error`} className="error" role="alert">{err}</p>}
            </div>
          );
        })}
        {errors.allowedOrigins && <p className="error" role="alert">{errors.allowedOrigins}</p>}
        <SaveRow error={errors.form} notice={notice} busy={busy}>
          <Button type="button" variant="secondary" onClick={() => setOrigins([...origins, 'https://'])}>Website hinzufügen</Button>
        </SaveRow>
      </form>

      <form className="card embed__part" onSubmit={(ev) => void runCheck(ev)} noValidate aria-labelledby={`${id}-check`}>
        <h3 id={`${id}-check`}>Lädt meine Seite die Widgets?</h3>
        <p id={`${id}-check-hint`}>
          Öffnen Sie Ihre Seite mit dem eingefügten Code einmal im Browser, dann hier ihre Adresse eingeben und prüfen.
          Die Widgets melden selbst, auf welcher Website sie liefen.
        </p>
        <div className="field">
          <label htmlFor={`${id}-page`}>Adresse Ihrer Seite</label>
          <input
            id={`${id}-page`} type="url" inputMode="url" spellCheck={false} value={pageUrl} placeholder="https://www.mein-restaurant.de/speisekarte"
            aria-describedby={`${id}-check-hint`} onChange={(ev) => { setPageUrl(ev.target.value); setCheck(null); }}
          />
        </div>
        <p className={check?.error ? 'error' : 'embed__seen'} role="status">{check?.text ?? ''}</p>
        <div className="card__actions">
          <Button type="submit">Prüfen</Button>
        </div>
      </form>

      <form className="card embed__part" onSubmit={(ev) => void runImport(ev)} noValidate aria-labelledby={`${id}-data`}>
        <h3 id={`${id}-data`}>Sichern und übertragen</h3>
        <p>
          Der Export ist eine Datei mit Ihrem ganzen Shop: Speisekarte, Öffnungszeiten, Zonen, Aussehen, Gutscheine — ohne Passwörter und Zugangsdaten.
        </p>
        <p>
          <a className="embed__download" href={e.exportUrl} download>Export herunterladen</a>
        </p>
        <div className="field">
          <label htmlFor={`${id}-file`}>Datei importieren</label>
          <input id={`${id}-file`} ref={fileRef} type="file" accept="application/json,.json" aria-describedby={`${id}-file-hint`} onChange={() => setImportState(null)} />
          <p id={`${id}-file-hint`} className="field__hint">
            Ersetzt die Daten Ihres Shops durch die der Datei. Eine fehlerhafte Datei ändert nichts.
          </p>
        </div>
        {importState && (
          <div role={importState.ok ? 'status' : 'alert'} className={importState.ok ? 'look__notice' : 'embed__problems'}>
            <p className={importState.ok ? undefined : 'error'}>{importState.message}</p>
            {importState.problems.length > 0 && (
              <ul>
                {importState.problems.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="card__actions">
          <Button type="submit" loading={importBusy}>Importieren</Button>
        </div>
      </form>
    </div>
  );
}
