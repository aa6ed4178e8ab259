// 'Öffnungszeiten' (owner): opening and delivery times per weekday (several ranges; 18:00–02:00
// runs past midnight), special closures with the reopening day the guest sees, delivery and pickup
// on/off, delivery zones (postal codes or a radius; money in euro with a comma). 'Speichern' saves
// the whole section or nothing; each problem is shown at its field (shared/settings/hours.ts, and
// the server checks again with the same rule).
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { centsToEuro } from '@shared/domain';
import { hoursProblems, HOURS_TEXTS, typedTime, type HoursSection as Hours } from '@shared/settings/hours';
import { parseEuro } from '@shared/domain/euroInput';
import { Button } from '@shared/ui';
import { describedBy, Field, SaveRow } from '../Field';
import type { SectionProps } from '../sectionProps';
import { hoursApi, SettingsError } from './api';

const DAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const REASONS = { holiday: 'Feiertag', vacation: 'Urlaub', renovation: 'Renovierung', other: 'Sonstiges' } as const;
type Reason = keyof typeof REASONS;
type Range = { dayIndex: number; from: string; to: string };
type Closure = { reason: Reason; name: string; from: string; until: string };
type Zone = { id: string; name: string; kind: 'postal' | 'radius'; postalCodes: string; km: string; fee: string; min: string; freeAfter: string };
interface Form { openingTimes: Range[]; deliveryOwn: boolean; deliveryTimes: Range[]; closures: Closure[]; supportDelivery: boolean; supportPickup: boolean; zones: Zone[] }

const euroText = (cents: number | undefined) => centsToEuro(cents ?? 0).toFixed(2).replace('.', ',');
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const fid = (uid: string, path: string) => `${uid}-${path.replace(/\./g, '-')}`;

function formOf(h: Hours): Form {
  return {
    openingTimes: h.openingTimes.map((r) => ({ ...r })),
    // 'wie Öffnungszeiten' (null): a switch to own times starts from a copy of the opening times
    deliveryOwn: h.deliveryTimes !== null,
    deliveryTimes: (h.deliveryTimes ?? h.openingTimes).map((r) => ({ ...r })),
    closures: h.specialOpeningTimes.map((c) => ({ reason: c.reason, name: c.name ?? '', from: c.from, until: c.until })),
    supportDelivery: h.supportDelivery,
    supportPickup: h.supportPickup,
    zones: h.deliveryZones.map((z) => ({
      id: z.id, name: z.name, kind: z.postalCodes ? 'postal' : 'radius', postalCodes: (z.postalCodes ?? []).join(', '),
      km: z.maxDistanceKm === undefined ? '' : String(z.maxDistanceKm).replace('.', ','), fee: euroText(z.deliveryFee), min: euroText(z.minimumOrderValue), freeAfter: euroText(z.freeAfter),
    })),
  };
}

/** The form as the section, and the fields whose text is no number */
function sectionOf(f: Form): { hours: Hours; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const money = (raw: string, path: string) => {
    const e = parseEuro(raw, { empty: 0 });
    if (!e.ok) fields[path] = HOURS_TEXTS.money;
    return e.ok ? e.cents : 0;
  };
  // '9:00', '22.30', '21 Uhr' as typed: saved as 'HH:MM'; what is no time stays for its message
  const times = (entries: Hours['openingTimes']) => entries.map((e) => ({ ...e, from: typedTime(e.from) ?? e.from, to: typedTime(e.to) ?? e.to }));
  const hours: Hours = {
    openingTimes: times(f.openingTimes),
    deliveryTimes: f.deliveryOwn ? times(f.deliveryTimes) : null,
    specialOpeningTimes: f.closures.map((c) => ({ reason: c.reason, name: c.name.trim() || null, from: c.from, until: c.until, openingTimes: [] })),
    supportDelivery: f.supportDelivery,
    supportPickup: f.supportPickup,
    deliveryZones: f.zones.map((z, i) => {
      const p = `deliveryZones.${i}`;
      const km = Number(z.km.replace(',', '.'));
      if (z.kind === 'radius' && (z.km.trim() === '' || !Number.isFinite(km))) fields[`${p}.maxDistanceKm`] = HOURS_TEXTS.distance;
      return {
        id: z.id, name: z.name,
        ...(z.kind === 'postal' ? { postalCodes: z.postalCodes.split(/[\s,;]+/).filter(Boolean) } : { maxDistanceKm: km }),
        deliveryFee: money(z.fee, `${p}.deliveryFee`), minimumOrderValue: money(z.min, `${p}.minimumOrderValue`), freeAfter: money(z.freeAfter, `${p}.freeAfter`),
      };
    }),
  };
  return { hours, fields };
}

/** the day after the closure's last day: when the guest may order again */
function reopening(until: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return null;
  const d = new Date(`${until}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toLocaleDateString('de-DE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function Input({ id, label, error, value, onChange, type = 'text', hint, inputMode }: { id: string; label: string; error?: string; value: string; onChange(v: string): void; type?: string; hint?: string; inputMode?: 'numeric' | 'decimal' }) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} type={type} inputMode={inputMode} autoComplete="off" value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="hours__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

function Timetable({ uid, path, ranges, errors, onChange }: { uid: string; path: 'openingTimes' | 'deliveryTimes'; ranges: Range[]; errors: Record<string, string>; onChange(r: Range[]): void }) {
  return (
    <div className="hours__days">
      {DAYS.map((day, dayIndex) => (
        <div key={day} className="hours__day">
          <h3>{day}</h3>
          {ranges.map((r, i) =>
            r.dayIndex !== dayIndex ? null : (
              <div key={i} className="hours__range">
                <Input id={fid(uid, `${path}.${i}.from`)} label={`${day} von`} inputMode="numeric" value={r.from} error={errors[`${path}.${i}.from`]} onChange={(v) => onChange(ranges.map((x, j) => (j === i ? { ...x, from: v } : x)))} />
                <Input id={fid(uid, `${path}.${i}.to`)} label={`${day} bis`} inputMode="numeric" value={r.to} error={errors[`${path}.${i}.to`]} onChange={(v) => onChange(ranges.map((x, j) => (j === i ? { ...x, to: v } : x)))} />
                <Button variant="secondary" onClick={() => onChange(ranges.filter((_, j) => j !== i))} aria-label={`${day} ${r.from}–${r.to} entfernen`}>Entfernen</Button>
              </div>
            ),
          )}
          {!ranges.some((r) => r.dayIndex === dayIndex) && <p className="field__hint">Geschlossen</p>}
          <Button variant="secondary" onClick={() => onChange([...ranges, { dayIndex, from: '11:00', to: '22:00' }])} aria-label={`${day}: Zeit hinzufügen`}>Zeit hinzufügen</Button>
        </div>
      ))}
    </div>
  );
}

export function HoursSection({ api }: SectionProps) {
  const h = useMemo(() => hoursApi(api.base), [api.base]);
  const uid = useId();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    h.get().then((r) => setForm(formOf(r.hours)), (e) => setFailure(messageOf(e)));
  }, [h]);
  if (!form) return failure ? <p className="error" role="alert">{failure}</p> : <p>Wird geladen …</p>;

  const change = (next: Partial<Form>) => {
    setForm({ ...form, ...next });
    setNotice('');
  };
  const clear = (path: string) => setErrors(({ [path]: _gone, ...rest }) => rest);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const { hours, fields } = sectionOf(form);
    const problems = { ...hoursProblems(hours), ...fields };
    // the staff app lives in a shadow root: the field is looked up in the form, not the document
    const root = e.currentTarget as HTMLFormElement;
    const focus = (p: Record<string, string>) => {
      const first = Object.keys(p)[0];
      if (first) requestAnimationFrame(() => root.querySelector<HTMLElement>(`[id="${fid(uid, first)}"]`)?.focus());
    };
    if (Object.keys(problems).length) {
      setErrors(problems);
      return focus(problems);
    }
    setBusy(true);
    try {
      const r = await h.save(hours);
      setForm(formOf(r.hours));
      setErrors({});
      setNotice('Gespeichert. Gäste sehen die neuen Zeiten sofort.');
    } catch (err) {
      if (err instanceof SettingsError && Object.keys(err.fields).length) {
        setErrors(err.fields);
        focus(err.fields);
      } else setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const setClosure = (i: number, c: Partial<Closure>, path: string) => {
    change({ closures: form.closures.map((x, j) => (j === i ? { ...x, ...c } : x)) });
    clear(path);
  };
  const setZone = (i: number, z: Partial<Zone>, path: string) => {
    change({ zones: form.zones.map((x, j) => (j === i ? { ...x, ...z } : x)) });
    clear(path);
  };

  return (
    <form className="hours card" onSubmit={(e) => void save(e)} noValidate aria-label="Öffnungszeiten und Lieferung">
      <Group legend="Öffnungszeiten">
        <Timetable uid={uid} path="openingTimes" ranges={form.openingTimes} errors={errors} onChange={(r) => change({ openingTimes: r })} />
      </Group>
      <Group legend="Lieferzeiten">
        <label className="hours__check">
          <input type="radio" name={`${uid}-delivery`} checked={!form.deliveryOwn} aria-describedby={form.deliveryOwn ? undefined : `${uid}-delivery-hint`} onChange={() => change({ deliveryOwn: false })} /> Wie Öffnungszeiten
        </label>
        <label className="hours__check">
          <input type="radio" name={`${uid}-delivery`} checked={form.deliveryOwn} onChange={() => change({ deliveryOwn: true, deliveryTimes: form.deliveryOwn ? form.deliveryTimes : form.openingTimes.map((r) => ({ ...r })) })} /> Eigene Lieferzeiten
        </label>
        {form.deliveryOwn ? (
          <Timetable uid={uid} path="deliveryTimes" ranges={form.deliveryTimes} errors={errors} onChange={(r) => change({ deliveryTimes: r })} />
        ) : (
          <p id={`${uid}-delivery-hint`} className="field__hint">Geliefert wird, solange geöffnet ist. Ändern sich die Öffnungszeiten, ändern sich die Lieferzeiten mit.</p>
        )}
      </Group>
      <Group legend="Lieferung und Abholung">
        <label className="hours__check"><input id={fid(uid, 'supportDelivery')} type="checkbox" checked={form.supportDelivery} aria-describedby={errors.supportDelivery ? `${fid(uid, 'supportDelivery')}-error` : undefined} onChange={(e) => { change({ supportDelivery: e.target.checked }); clear('supportDelivery'); }} /> Lieferung anbieten</label>
        <label className="hours__check"><input type="checkbox" checked={form.supportPickup} onChange={(e) => { change({ supportPickup: e.target.checked }); clear('supportDelivery'); }} /> Abholung anbieten</label>
        {errors.supportDelivery && <p id={`${fid(uid, 'supportDelivery')}-error`} className="error" role="alert">{errors.supportDelivery}</p>}
      </Group>
      <Group legend="Schließtage">
        {form.closures.map((c, i) => {
          const p = `specialOpeningTimes.${i}`;
          const again = reopening(c.until);
          return (
            <div key={i} className="hours__item">
              <Field id={fid(uid, `${p}.reason`)} label="Grund">
                <select id={fid(uid, `${p}.reason`)} value={c.reason} onChange={(e) => setClosure(i, { reason: e.target.value as Reason }, `${p}.reason`)}>
                  {Object.entries(REASONS).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
                </select>
              </Field>
              <Input id={fid(uid, `${p}.name`)} label="Bezeichnung (für Gäste, freiwillig)" value={c.name} onChange={(v) => setClosure(i, { name: v }, `${p}.name`)} />
              <Input id={fid(uid, `${p}.from`)} type="date" label="Erster geschlossener Tag" value={c.from} error={errors[`${p}.from`]} onChange={(v) => setClosure(i, { from: v }, `${p}.from`)} />
              <Input id={fid(uid, `${p}.until`)} type="date" label="Letzter geschlossener Tag" value={c.until} error={errors[`${p}.until`]} onChange={(v) => setClosure(i, { until: v }, `${p}.until`)}
                hint={again ? `Gäste sehen: Wieder geöffnet ab ${again}.` : undefined} />
              <Button variant="secondary" onClick={() => change({ closures: form.closures.filter((_, j) => j !== i) })}>Schließung entfernen</Button>
            </div>
          );
        })}
        <Button variant="secondary" onClick={() => change({ closures: [...form.closures, { reason: 'holiday', name: '', from: '', until: '' }] })}>Schließung hinzufügen</Button>
      </Group>
      <Group legend="Liefergebiete">
        {form.zones.map((z, i) => {
          const p = `deliveryZones.${i}`;
          return (
            <div key={z.id} className="hours__item">
              <Input id={fid(uid, `${p}.name`)} label="Name der Zone" value={z.name} error={errors[`${p}.name`]} onChange={(v) => setZone(i, { name: v }, `${p}.name`)} />
              <Field id={fid(uid, `${p}.kind`)} label="Gebiet nach">
                <select id={fid(uid, `${p}.kind`)} value={z.kind} onChange={(e) => setZone(i, { kind: e.target.value as Zone['kind'] }, `${p}.postalCodes`)}>
                  <option value="postal">Postleitzahlen</option>
                  <option value="radius">Umkreis um das Restaurant</option>
                </select>
              </Field>
              {z.kind === 'postal' ? (
                <Input id={fid(uid, `${p}.postalCodes`)} label="Postleitzahlen" hint="Mit Komma getrennt, z. B. 01067, 01069." inputMode="numeric" value={z.postalCodes} error={errors[`${p}.postalCodes`]} onChange={(v) => setZone(i, { postalCodes: v }, `${p}.postalCodes`)} />
              ) : (
                <Input id={fid(uid, `${p}.maxDistanceKm`)} label="Umkreis in km" inputMode="decimal" value={z.km} error={errors[`${p}.maxDistanceKm`] ?? errors[`${p}.postalCodes`]} onChange={(v) => setZone(i, { km: v }, `${p}.maxDistanceKm`)} />
              )}
              <Input id={fid(uid, `${p}.deliveryFee`)} label="Liefergebühr in €" inputMode="decimal" value={z.fee} error={errors[`${p}.deliveryFee`]} onChange={(v) => setZone(i, { fee: v }, `${p}.deliveryFee`)} />
              <Input id={fid(uid, `${p}.minimumOrderValue`)} label="Mindestbestellwert in €" inputMode="decimal" value={z.min} error={errors[`${p}.minimumOrderValue`]} onChange={(v) => setZone(i, { min: v }, `${p}.minimumOrderValue`)} />
              <Input id={fid(uid, `${p}.freeAfter`)} label="Lieferung kostenlos ab € (0 = nie)" inputMode="decimal" value={z.freeAfter} error={errors[`${p}.freeAfter`]} onChange={(v) => setZone(i, { freeAfter: v }, `${p}.freeAfter`)} />
              <Button variant="secondary" onClick={() => change({ zones: form.zones.filter((_, j) => j !== i) })}>Zone entfernen</Button>
            </div>
          );
        })}
        <Button variant="secondary" onClick={() => change({ zones: [...form.zones, { id: `zone-${Date.now().toString(36)}`, name: '', kind: 'postal', postalCodes: '', km: '', fee: '0,00', min: '0,00', freeAfter: '0,00' }] })}>Zone hinzufügen</Button>
      </Group>
      <SaveRow error={failure} notice={notice} busy={busy} />
    </form>
  );
}
