// 'Gutscheine': the owner's coupons. They live in their own table, not in the catalog: saved here
// they count at once (no 'Veröffentlichen'). Checked by the same shared check as the server's
// (checkCoupon) with the German message at the field; the server's answer shows the same way.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkCoupon, type CouponForm } from '@shared/menuedit';
import { formatEuro } from '@shared/i18n';
import { Button } from '@shared/ui';
import { EuroField, Field, IntField, ProblemsContext, TextField, type Problems } from '../fields';
import { couponsApi, MenuApiError, type CouponRow } from '../api';
import { Choice } from './controls';
import { COUPON_UI as T } from './couponTexts';

const EMPTY: CouponForm = { code: '', type: 'percent', value: 10, minimumOrderValue: 0, validFrom: null, validUntil: null, maxUses: null };

/** One coupon's value as the list shows it: '10 %' or '5,00 €' */
export const couponValue = (c: Pick<CouponForm, 'type' | 'value'>) => (c.type === 'percent' ? `${c.value} %` : formatEuro(c.value));

export function Coupons({ shopId }: { shopId: string }) {
  const api = useMemo(() => couponsApi(shopId), [shopId]);
  const [list, setList] = useState<CouponRow[] | null>(null);
  const [form, setForm] = useState<CouponForm | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [msgs, setMsgs] = useState<Record<string, string>>({});
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setList((await api.list()).coupons);
    } catch (e) {
      setNote({ kind: 'error', text: (e as Error).message });
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const problems: Problems = useMemo(
    () => ({
      at: (path) => msgs[path],
      setInput: (path, message) =>
        setMsgs((old) => {
          const next = { ...old };
          if (message === null) delete next[path];
          else next[path] = message;
          return next;
        }),
      clearUnder: () => setMsgs({}),
    }),
    [msgs],
  );

  const open = (c: CouponForm | null) => {
    const f = c ?? EMPTY;
    setForm(f);
    setMsgs({});
    setNote(null);
    setFormKey((k) => k + 1);
  };
  const set = (patch: Partial<CouponForm>, touched?: string) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    if (touched) problems.setInput(touched, null);
  };

  const save = async () => {
    if (!form) return;
    if (Object.keys(msgs).length) return setNote({ kind: 'error', text: T.fixFirst });
    const checked = checkCoupon(form);
    if (!checked.ok) {
      setMsgs(Object.fromEntries(checked.problems.map((x) => [x.path, x.de])));
      return setNote({ kind: 'error', text: T.fixFirst });
    }
    try {
      await api.save(checked.coupon);
      setForm(null);
      setNote({ kind: 'ok', text: T.saved(checked.coupon.code) });
      await load();
    } catch (e) {
      const ps = e instanceof MenuApiError ? e.problems : [];
      if (ps.length) setMsgs(Object.fromEntries(ps.map((x) => [x.path, x.message])));
      setNote({ kind: 'error', text: (e as Error).message });
    }
  };

  const remove = async (code: string) => {
    if (!confirm(T.deleteConfirm(code))) return;
    try {
      await api.remove(code);
      setNote({ kind: 'ok', text: T.deleted(code) });
      await load();
    } catch (e) {
      setNote({ kind: 'error', text: (e as Error).message });
    }
  };

  return (
    <ProblemsContext.Provider value={problems}>
      <div className="me-area">
        <p className="me-hint">{T.intro}</p>
        {note && (
          <p className={`me-note me-note--${note.kind}`} role={note.kind === 'error' ? 'alert' : 'status'}>
            {note.text}
          </p>
        )}
        {list === null ? (
          <p>{T.loading}</p>
        ) : list.length === 0 ? (
          <p>{T.none}</p>
        ) : (
          <ul className="me-vlist" aria-label={T.listLabel}>
            {list.map((c) => (
              <li key={c.code}>
                <span>
                  <strong>{c.code}</strong> – {couponValue(c)}
                  {c.minimumOrderValue > 0 ? `, ${T.from(formatEuro(c.minimumOrderValue))}` : ''}
                  {c.validFrom || c.validUntil ? `, ${T.period(c.validFrom, c.validUntil)}` : ''}, {T.uses(c.uses, c.maxUses)}
                  {c.reserved ? `, ${T.reserved}` : ''}
                </span>
                <span className="me-catbtns">
                  <button type="button" className="me-small" aria-label={T.editLabel(c.code)} onClick={() => open(c)}>
                    {T.edit}
                  </button>
                  <button type="button" className="me-small me-danger" aria-label={T.deleteLabel(c.code)} onClick={() => void remove(c.code)}>
                    {T.delete}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        {form ? (
          <form
            key={formKey}
            className="me-entry"
            aria-label={T.formLabel}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <div className="me-row me-row--wrap">
              <TextField path="code" label={T.code} hint={T.codeHint} value={form.code} required onChange={(v) => set({ code: v.trim() }, 'code')} />
              <Choice
                path="type"
                label={T.type}
                value={form.type}
                options={[
                  { value: 'percent', label: T.percent },
                  { value: 'value', label: T.euro },
                ]}
                onChange={(t) => {
                  problems.setInput('value', null);
                  set({ type: t, value: t === 'percent' ? 10 : 500 });
                  setFormKey((k) => k + 1);
                }}
              />
              {form.type === 'percent' ? (
                <IntField path="value" label={T.percentValue} value={form.value} min={0} onValue={(n) => set({ value: n }, 'value')} />
              ) : (
                <EuroField path="value" label={T.euroValue} cents={form.value} onCents={(n) => set({ value: n }, 'value')} />
              )}
              <EuroField path="minimumOrderValue" label={T.minimum} cents={form.minimumOrderValue} optional onCents={(n) => set({ minimumOrderValue: n })} />
            </div>
            <div className="me-row me-row--wrap">
              <Field path="validFrom" label={T.validFrom}>
                {(p) => <input {...p} type="date" value={form.validFrom ?? ''} onChange={(e) => set({ validFrom: e.target.value || null }, 'validFrom')} />}
              </Field>
              <Field path="validUntil" label={T.validUntil}>
                {(p) => <input {...p} type="date" value={form.validUntil ?? ''} onChange={(e) => set({ validUntil: e.target.value || null }, 'validUntil')} />}
              </Field>
              <IntField path="maxUses" label={T.maxUses} hint={T.maxUsesHint} optional digits={7} min={1} value={form.maxUses} onValue={(n) => set({ maxUses: n })} />
            </div>
            <div className="me-row me-row--wrap">
              <Button type="submit">{T.save}</Button>
              <Button variant="secondary" onClick={() => setForm(null)}>
                {T.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="secondary" onClick={() => open(null)}>
            {T.add}
          </Button>
        )}
      </div>
    </ProblemsContext.Provider>
  );
}
