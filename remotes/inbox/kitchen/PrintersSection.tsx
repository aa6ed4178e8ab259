// 'Drucker' (owner): Star CloudPRNT printers of the shop. Adding one shows its secret server URL
// once (to type into the printer's CloudPRNT settings); removing it makes that URL dead at once.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@shared/dialog';
import { Button } from '@shared/ui';
import type { SectionProps } from '../sectionProps';
import { kitchenApi, type Printer } from './api';
import { INBOX_TEXTS } from '@shared/inbox';

const PRINTS_ON: Record<Printer['printsOn'], string> = {
  accept: 'Bei Annahme (empfohlen: die Küche kocht, was angenommen ist)',
  arrival: 'Beim Eingang jeder Bestellung',
};
const time = (iso: string) => new Date(iso).toLocaleString('de-DE', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

export function PrintersSection({ shopId }: SectionProps) {
  const api = useMemo(() => kitchenApi(shopId), [shopId]);
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [printsOn, setPrintsOn] = useState<Printer['printsOn']>('accept');
  const [created, setCreated] = useState<{ label: string; url: string } | null>(null);
  const [removing, setRemoving] = useState<Printer | null>(null);
  const [busy, setBusy] = useState(false);
  // the add form's message sits at its field (the section's message is at the top, out of sight on a phone)
  const [labelError, setLabelError] = useState<string | null>(null);
  const labelInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setPrinters((await api.printers()).printers.filter((p) => !p.revokedAt));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const name = label.trim();
    if (name.length < 1 || name.length > 80) {
      setLabelError(INBOX_TEXTS.printerName);
      labelInput.current?.focus();
      return;
    }
    setBusy(true);
    setLabelError(null);
    try {
      const p = await api.addPrinter(name, printsOn);
      setCreated({ label: label.trim(), url: p.url });
      setLabel('');
      await load();
    } catch (err) {
      setLabelError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (p: Printer) => {
    setBusy(true);
    try {
      await api.removePrinter(p.id);
      setRemoving(null);
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="printers">
      <p>
        Küchendrucker mit Star CloudPRNT holen sich die Bons selbst ab. Auf diesem Gerät druckt „Bon drucken“ an jeder Bestellung über den
        Drucker des Geräts.
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {created && (
        <div className="printers__created" role="status">
          <p>
            <strong>{created.label}</strong> ist eingerichtet. Diese Adresse im Drucker als CloudPRNT-Server eintragen – sie wird nur jetzt angezeigt:
          </p>
          <label className="field">
            Server-Adresse
            <input type="text" readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} />
          </label>
        </div>
      )}
      <h3>Eingerichtete Drucker</h3>
      {printers === null ? (
        <p>{INBOX_TEXTS.loading}</p>
      ) : printers.length === 0 ? (
        <p>Noch kein Drucker eingerichtet.</p>
      ) : (
        <ul className="printers__list">
          {printers.map((p) => (
            <li key={p.id} className="card">
              <h4>{p.label}</h4>
              <p>{PRINTS_ON[p.printsOn]}</p>
              <p>{p.lastPollAt ? `Zuletzt gemeldet: ${time(p.lastPollAt)}${p.lastStatus ? ` (${p.lastStatus})` : ''}` : 'Hat sich noch nicht gemeldet.'}</p>
              <p>
                Gedruckt: {p.printedJobs} · Wartend: {p.openJobs}
                {p.failedJobs > 0 && <strong className="error"> · Nicht gedruckt: {p.failedJobs}</strong>}
              </p>
              <Button variant="secondary" onClick={() => setRemoving(p)} aria-label={`${p.label} entfernen`}>
                Entfernen
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="printers__add" onSubmit={(e) => void add(e)} aria-labelledby="printer-add" noValidate>
        <h3 id="printer-add">Drucker hinzufügen</h3>
        <label className="field">
          Name
          <input
            ref={labelInput} type="text" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} required placeholder="z. B. Küche"
            aria-invalid={labelError ? true : undefined} aria-describedby={labelError ? 'printer-label-error' : undefined}
          />
        </label>
        {labelError && <p id="printer-label-error" className="error" role="alert">{labelError}</p>}
        <fieldset className="choices">
          <legend>Druckt</legend>
          {(Object.keys(PRINTS_ON) as Printer['printsOn'][]).map((k) => (
            <label key={k} className="choice">
              <input type="radio" name="printsOn" value={k} checked={printsOn === k} onChange={() => setPrintsOn(k)} /> {PRINTS_ON[k]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" loading={busy}>
          Hinzufügen
        </Button>
      </form>
      {removing && (
        <ConfirmDialog open title={`${removing.label} entfernen?`} confirmLabel="Entfernen" busy={busy} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)}>
          <p>Der Drucker bekommt danach keine Bons mehr; seine Adresse gilt nicht mehr.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
