// 'Zahlung & Seiten' (owner): which payment methods the shop offers and for which delivery type,
// the pickup minimum per method (euro with a comma), the legal pages (Impressum, Datenschutz, AGB),
// 'Über uns' and the shop's options. 'Speichern' saves the whole section or nothing (the server checks
// again with the same rule and answers with the German message at the field).
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '@shared/domain/shop';
import { PAYMENT_METHOD_NAMES } from '@shared/i18n/messages';
import { LEGAL_PAGES, OWNER_FLAGS, paragraphsOf, PAYMENT_METHODS, shopInfoProblems, SHOP_INFO_TEXTS, type OwnerFlag, type ShopInfoSection as Section } from '@shared/settings/shopInfo';
import { centsToEuro } from '@shared/domain';
import { parseEuro } from '@shared/domain/euroInput';
import { SaveRow } from '../Field';
import type { SectionProps } from '../sectionProps';
import { SettingsError, shopInfoApi } from './api';

type Offer = 'off' | 'both' | 'pickup' | 'delivery';
interface Form {
  offer: Record<PaymentMethod, Offer>;
  minimum: Record<PaymentMethod, string>;
  pages: Record<string, string>;
  about: string;
  flags: Record<OwnerFlag, boolean>;
}
const OFFERS: [Offer, string][] = [['off', 'nicht angeboten'], ['both', 'Lieferung und Abholung'], ['pickup', 'nur Abholung'], ['delivery', 'nur Lieferung']];
const FLAG_LABELS: Record<OwnerFlag, string> = {
  enableDishPictures: 'Bilder der Gerichte zeigen',
  showDishNumbers: 'Nummern der Gerichte zeigen',
  enableLogin: 'Kundenkonto anbieten (Anmelden / Mein Konto)',
  enableReservations: 'Tischreservierung anbieten',
};
// one entry per name: the spec's list has several providers of the same kind
const METHODS = PAYMENT_METHODS.filter((m) => !['Heidelpay_PayPal', 'Heidelpay_Sofort', 'Sofort'].includes(m));
const euroText = (euro: number | undefined) => (euro ? euro.toFixed(2).replace('.', ',') : '');
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function formOf(s: Section): Form {
  const offer = {} as Form['offer'];
  const minimum = {} as Form['minimum'];
  for (const m of PAYMENT_METHODS) {
    offer[m] = !s.paymentMethods.includes(m) ? 'off' : s.paymentMethodsOnlyPickup.includes(m) ? 'pickup' : s.paymentMethodsOnlyDelivery.includes(m) ? 'delivery' : 'both';
    minimum[m] = euroText(s.paymentMethodsPickupMinimumOrderValue[m]);
  }
  return { offer, minimum, pages: Object.fromEntries(LEGAL_PAGES.map((p) => [p.id, s.pages[p.id].join('\n\n')])), about: s.about.join('\n\n'), flags: { ...s.flags } };
}

function sectionOf(f: Form): { section: Section; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const on = PAYMENT_METHODS.filter((m) => f.offer[m] !== 'off');
  const minimums: Section['paymentMethodsPickupMinimumOrderValue'] = {};
  for (const m of on) {
    if (!f.minimum[m].trim()) continue;
    const e = parseEuro(f.minimum[m]);
    if (!e.ok) fields[`paymentMethodsPickupMinimumOrderValue.${m}`] = SHOP_INFO_TEXTS.minimum;
    else if (e.cents > 0) minimums[m] = centsToEuro(e.cents);
  }
  const section: Section = {
    paymentMethods: on,
    paymentMethodsOnlyPickup: on.filter((m) => f.offer[m] === 'pickup'),
    paymentMethodsOnlyDelivery: on.filter((m) => f.offer[m] === 'delivery'),
    paymentMethodsPickupMinimumOrderValue: minimums,
    pages: Object.fromEntries(LEGAL_PAGES.map((p) => [p.id, paragraphsOf(f.pages[p.id])])) as Section['pages'],
    about: paragraphsOf(f.about),
    flags: f.flags,
  };
  // the fields in the page's order: the payment methods come first
  return { section, fields: { ...fields, ...shopInfoProblems(section) } };
}

export function ShopInfoSection({ api }: SectionProps) {
  const s = useMemo(() => shopInfoApi(api.base), [api.base]);
  const id = useId();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    s.get().then((r) => setForm(formOf(r.shop)), (e) => setErrors({ form: messageOf(e) }));
  }, [s]);
  if (!form) return errors.form ? <p className="error" role="alert">{errors.form}</p> : <p>Wird geladen …</p>;

  const change = (next: Form) => {
    setForm(next);
    setErrors({});
    setNotice('');
  };
  const fid = (path: string) => `${id}-${path.replace(/\./g, '-')}`;
  const err = (path: string) => errors[path];
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const { section, fields } = sectionOf(form);
    const focus = (f: Record<string, string>) => {
      const first = Object.keys(f)[0];
      const target = first === 'paymentMethods' ? 'paymentMethods' : first;
      // the staff app lives in a shadow root: the field is looked up in the form
      el.querySelector<HTMLElement>(`[id="${fid(target)}"]`)?.focus();
    };
    if (Object.keys(fields).length) {
      setErrors(fields);
      focus(fields);
      return;
    }
    setBusy(true);
    try {
      const r = await s.save(section);
      setForm(formOf(r.shop));
      setNotice('Gespeichert. Shop und Widgets zeigen die neuen Angaben.');
    } catch (x) {
      const f = x instanceof SettingsError && Object.keys(x.fields).length ? x.fields : { form: messageOf(x) };
      setErrors(f);
      focus(f);
    } finally {
      setBusy(false);
    }
  };
  const described = (path: string, hint?: string) => [hint, err(path) && `${fid(path)}-error`].filter(Boolean).join(' ') || undefined;
  const errorLine = (path: string) => err(path) && <p id={`${fid(path)}-error`} className="error" role="alert">{err(path)}</p>;

  return (
    <form className="hours" onSubmit={(e) => void save(e)} noValidate aria-label="Zahlung und Seiten">
      <fieldset className="hours__group">
        <legend id={fid('paymentMethods')} tabIndex={-1}>Zahlungsarten</legend>
        <p id={`${id}-pay-hint`} className="field__hint">
          Für jede Zahlungsart: wofür sie gilt, und bei Abholung ein Mindestbestellwert (leer: keiner).
        </p>
        {errorLine('paymentMethods')}
        {METHODS.map((m) => {
          const minPath = `paymentMethodsPickupMinimumOrderValue.${m}`;
          const offerPath = `paymentMethodsOnlyPickup.${m}`;
          return (
            <div className="hours__item" key={m}>
              <div className="field">
                <label htmlFor={fid(offerPath)}>{PAYMENT_METHOD_NAMES[m]}</label>
                <select
                  id={fid(offerPath)} value={form.offer[m]} aria-invalid={err(offerPath) ? true : undefined} aria-describedby={described(offerPath, `${id}-pay-hint`)}
                  onChange={(e) => change({ ...form, offer: { ...form.offer, [m]: e.target.value as Offer } })}
                >
                  {OFFERS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
                </select>
                {errorLine(offerPath)}
              </div>
              {form.offer[m] !== 'off' && form.offer[m] !== 'delivery' && (
                <div className="field">
                  <label htmlFor={fid(minPath)}>Mindestwert bei Abholung (€)</label>
                  <input
                    id={fid(minPath)} type="text" inputMode="decimal" autoComplete="off" value={form.minimum[m]} placeholder="0,00"
                    aria-invalid={err(minPath) ? true : undefined} aria-describedby={described(minPath)}
                    onChange={(e) => change({ ...form, minimum: { ...form.minimum, [m]: e.target.value } })}
                  />
                  {errorLine(minPath)}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="hours__group">
        <legend>Seiten</legend>
        <p id={`${id}-pages-hint`} className="field__hint">Absätze mit einer Leerzeile trennen. Eine leere Seite wird im Shop nicht verlinkt (das Impressum ist Pflicht).</p>
        {LEGAL_PAGES.map((p) => {
          const path = `pages.${p.id}`;
          return (
            <div className="field" key={p.id}>
              <label htmlFor={fid(path)}>{p.name}</label>
              <textarea
                id={fid(path)} rows={6} value={form.pages[p.id]} aria-invalid={err(path) ? true : undefined} aria-describedby={described(path, `${id}-pages-hint`)}
                onChange={(e) => change({ ...form, pages: { ...form.pages, [p.id]: e.target.value } })}
              />
              {errorLine(path)}
            </div>
          );
        })}
        <div className="field">
          <label htmlFor={fid('about')}>Über uns</label>
          <textarea
            id={fid('about')} rows={5} value={form.about} aria-invalid={err('about') ? true : undefined} aria-describedby={described('about', `${id}-pages-hint`)}
            onChange={(e) => change({ ...form, about: e.target.value })}
          />
          {errorLine('about')}
        </div>
      </fieldset>

      <fieldset className="hours__group">
        <legend>Optionen</legend>
        {OWNER_FLAGS.map((f) => (
          <label className="hours__check" key={f}>
            <input type="checkbox" checked={form.flags[f]} onChange={(e) => change({ ...form, flags: { ...form.flags, [f]: e.target.checked } })} />
            {FLAG_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <SaveRow error={errors.form} notice={notice} busy={busy} />
    </form>
  );
}
