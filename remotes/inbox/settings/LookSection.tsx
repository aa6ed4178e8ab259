// 'Aussehen' (owner): primary and accent colour (colour picker and hex text), logo and header
// picture (ids of the media pipeline), a live preview with a real button in the chosen colours and
// the contrast of its text. The contrast rule warns while choosing; 'Speichern' saves the whole look
// or nothing (the server checks again and answers with the German message at the field).
import { useEffect, useId, useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { contrastRatio, lookProblems, normalHex, readableTextOn, LOOK_TEXTS, MIN_TEXT_CONTRAST, type ShopLook } from '@shared/look/contrast';
import { Button } from '@shared/ui';
import { menuApi } from '../menu-editor/api';
import { describedBy, Field, SaveRow } from '../Field';
import type { SectionProps } from '../sectionProps';
import { settingsApi, SettingsError, type StoredLook } from './api';

type Errors = Partial<Record<keyof ShopLook | 'form', string>>;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function ColourField({ id, label, value, error, hint, onChange }: { id: string; label: string; value: string; error?: string; hint?: string; onChange(v: string): void }) {
  const hex = normalHex(value);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="look__colour">
        <input
          type="color" aria-label={`${label} (Farbwähler)`} value={hex ?? '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id} type="text" autoComplete="off" spellCheck={false} value={value} maxLength={7}
          aria-invalid={error ? true : undefined} aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </Field>
  );
}

export function LookSection({ api, shopId }: SectionProps) {
  const s = useMemo(() => settingsApi(api.base), [api.base]);
  const id = useId();
  const [stored, setStored] = useState<StoredLook | null>(null);
  const [look, setLook] = useState<ShopLook | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<'logo' | 'header' | null>(null);
  // the pictures go through the menu editor's upload (POST …/menu/images: checked, into the media pipeline)
  const media = useMemo(() => menuApi(shopId), [shopId]);

  useEffect(() => {
    s.look().then(
      (r) => {
        setStored(r.look);
        setLook({ primary: r.look.primary, accent: r.look.accent, logo: r.look.logo, header: r.look.header });
      },
      (e) => setErrors({ form: messageOf(e) }),
    );
  }, [s]);

  if (!look || !stored) return errors.form ? <p className="error" role="alert">{errors.form}</p> : <p>Wird geladen …</p>;

  const set = (k: keyof ShopLook, value: string | null) => {
    setLook({ ...look, [k]: value });
    setErrors((e) => ({ ...e, [k]: undefined, form: undefined }));
    setNotice('');
  };
  const upload = async (k: 'logo' | 'header', file: File | undefined) => {
    if (!file) return;
    setUploading(k);
    setErrors((e) => ({ ...e, [k]: undefined }));
    try {
      const { imageName } = await media.upload(file);
      set(k, imageName);
      setNotice(k === 'logo' ? 'Logo hochgeladen. Zum Übernehmen bitte speichern.' : 'Titelbild hochgeladen. Zum Übernehmen bitte speichern.');
    } catch (err) {
      setErrors((e) => ({ ...e, [k]: messageOf(err) }));
    } finally {
      setUploading(null);
    }
  };
  const primary = normalHex(look.primary);
  const accent = normalHex(look.accent);
  const ratio = primary ? contrastRatio(primary, stored.onPrimary) : null;
  const contrastBad = ratio !== null && ratio < MIN_TEXT_CONTRAST;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = lookProblems(look, stored.onPrimary);
    if (Object.keys(problems).length) {
      setErrors(problems);
      // the staff app lives in a shadow root: the field is looked up in the form, not the document
      (e.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[id="${id}-${Object.keys(problems)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const r = await s.saveLook(look);
      setStored(r.look);
      setLook({ primary: r.look.primary, accent: r.look.accent, logo: r.look.logo, header: r.look.header });
      setErrors({});
      setNotice('Gespeichert. Shop und Widgets zeigen das neue Aussehen.');
    } catch (err) {
      setErrors(err instanceof SettingsError && Object.keys(err.fields).length ? err.fields : { form: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const sampleStyle = { '--tl-primary': primary ?? stored.primary, '--tl-accent': accent ?? stored.accent, '--tl-on-primary': stored.onPrimary } as CSSProperties;
  const img = (imageId: string | null, w: number, h: number) =>
    imageId && /^[A-Za-z0-9._-]{1,128}$/.test(imageId) ? `/media/${encodeURIComponent(shopId)}/${encodeURIComponent(imageId)}/${w}x${h}.png` : null;
  const header = img(look.header, 640, 160);
  const logo = img(look.logo, 192, 96);

  return (
    <div className="look">
      <form className="look__form card" onSubmit={(e) => void save(e)} noValidate aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Farben und Bilder</h3>
        <ColourField
          id={`${id}-primary`} label="Hauptfarbe (Knöpfe, z. B. ‚ZUR KASSE‘)" value={look.primary} error={errors.primary}
          hint="Die Schrift auf dieser Farbe muss gut lesbar bleiben (mindestens 4,5 : 1)." onChange={(v) => set('primary', v)}
        />
        <p className={`look__contrast ${contrastBad ? 'look__contrast--bad' : 'look__contrast--ok'}`} aria-live="polite">
          {ratio === null ? '' : contrastBad ? `Achtung: ${LOOK_TEXTS.tooLittleContrast(ratio)}` : LOOK_TEXTS.contrastOk(ratio)}
        </p>
        <ColourField id={`${id}-accent`} label="Akzentfarbe (Hervorhebungen)" value={look.accent} error={errors.accent} onChange={(v) => set('accent', v)} />
        <Field id={`${id}-logo`} label="Logo (Bild-Kennung)" hint="Leer lassen für kein Logo." error={errors.logo}>
          <input
            id={`${id}-logo`} type="text" autoComplete="off" value={look.logo ?? ''}
            aria-invalid={errors.logo ? true : undefined} aria-describedby={describedBy(`${id}-logo-hint`, errors.logo && `${id}-logo-error`)}
            onChange={(e) => set('logo', e.target.value.trim() || null)}
          />
        </Field>
        <div className="field">
          <label htmlFor={`${id}-logo-file`}>Logo hochladen (JPEG, PNG oder WebP)</label>
          <input
            id={`${id}-logo-file`} type="file" accept="image/jpeg,image/png,image/webp" disabled={uploading !== null}
            aria-describedby={errors.logo ? `${id}-logo-error` : undefined} onChange={(e) => void upload('logo', e.target.files?.[0])}
          />
          {uploading === 'logo' && <p role="status">Wird hochgeladen …</p>}
        </div>
        <Field id={`${id}-header`} label="Titelbild (Bild-Kennung)" hint="Leer lassen für kein Titelbild." error={errors.header}>
          <input
            id={`${id}-header`} type="text" autoComplete="off" value={look.header ?? ''}
            aria-invalid={errors.header ? true : undefined} aria-describedby={describedBy(`${id}-header-hint`, errors.header && `${id}-header-error`)}
            onChange={(e) => set('header', e.target.value.trim() || null)}
          />
        </Field>
        <div className="field">
          <label htmlFor={`${id}-header-file`}>Titelbild hochladen (JPEG, PNG oder WebP)</label>
          <input
            id={`${id}-header-file`} type="file" accept="image/jpeg,image/png,image/webp" disabled={uploading !== null}
            aria-describedby={errors.header ? `${id}-header-error` : undefined} onChange={(e) => void upload('header', e.target.files?.[0])}
          />
          {uploading === 'header' && <p role="status">Wird hochgeladen …</p>}
        </div>
        <SaveRow error={errors.form} notice={notice} busy={busy} />
      </form>
      <section className="look__preview card" aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`}>Vorschau</h3>
        <div className="look__sample" style={sampleStyle}>
          {header && <img className="look__header" src={header} alt="Titelbild" />}
          {logo && <img className="look__logo" src={logo} alt="Logo" />}
          <span className="look__accent" style={{ color: readableTextOn(accent ?? stored.accent) }}>Beliebt</span>
          <Button type="button" tabIndex={-1} aria-hidden="true">ZUR KASSE</Button>
        </div>
      </section>
    </div>
  );
}
