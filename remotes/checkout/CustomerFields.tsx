// The checkout's first fieldsets: delivery or pickup (when the shop offers both) and who orders
// where (name, address, company, e-mail, phone).
import { CHECKOUT_UI as T, type CheckoutFormState, type FormErrors } from '@shared/checkout';
import type { ShopConfig } from '@shared/domain';
import { setDeliveryType } from '@shared/stores';
import { Field } from './Field';

export type SetField = <K extends keyof CheckoutFormState>(k: K, v: CheckoutFormState[K]) => void;

export interface CustomerFieldsProps {
  config: ShopConfig;
  deliveryType: 'delivery' | 'pickup';
  form: CheckoutFormState;
  errors: FormErrors;
  set: SetField;
}

export function CustomerFields({ config, deliveryType, form, errors, set }: CustomerFieldsProps) {
  const pickup = deliveryType === 'pickup';
  return (
    <>
    {config.flags.supportDelivery && config.flags.supportPickup && (
      <fieldset className="co-fieldset co-type">
        <legend>Bestellart</legend>
        <div className="co-toggle">
          {(['delivery', 'pickup'] as const).map((t) => (
            <label key={t} className="co-radio">
              <input type="radio" name="deliveryType" value={t} checked={deliveryType === t} onChange={() => setDeliveryType(t)} />
              <span>{t === 'delivery' ? 'Lieferung' : 'Abholung'}</span>
            </label>
          ))}
        </div>
      </fieldset>
    )}
    <fieldset className="co-fieldset">
      <legend>{pickup ? T.addressLegend : T.deliveryLegend}</legend>
      {pickup && <p className="co-hint">{T.pickupNote}</p>}
      <div className="co-field co-salutation">
        <label htmlFor="co-field-salutation">{T.salutation}</label>
        <select id="co-field-salutation" name="salutation" value={form.salutation} onChange={(e) => set('salutation', e.target.value)}>
          {T.salutationOptions.map((s) => (
            <option key={s} value={s}>
              {s || T.salutationNone}
            </option>
          ))}
        </select>
      </div>
      <Field name="name" label={T.name} value={form.name} error={errors.name} onValue={(v) => set('name', v)} autoComplete="name" maxLength={100} />
      {!pickup && (
        <div className="co-row">
          <Field name="street" className="co-grow" label={T.street} value={form.street} error={errors.street} onValue={(v) => set('street', v)} autoComplete="address-line1" maxLength={100} />
          <Field name="streetNumber" className="co-small" label={T.streetNumber} value={form.streetNumber} error={errors.streetNumber} onValue={(v) => set('streetNumber', v)} maxLength={20} />
        </div>
      )}
      {!pickup && (
        <div className="co-row">
          <Field name="zip" className="co-small" label={T.zip} value={form.zip} error={errors.zip} onValue={(v) => set('zip', v)} autoComplete="postal-code" inputMode="numeric" maxLength={5} />
          <Field name="city" className="co-grow" label={T.city} value={form.city} error={errors.city} onValue={(v) => set('city', v)} autoComplete="address-level2" maxLength={80} />
        </div>
      )}
      {!pickup && <Field name="floor" label={T.floor} value={form.floor} error={errors.floor} onValue={(v) => set('floor', v)} maxLength={40} />}
      <Field name="company" label={T.company} value={form.company} error={errors.company} onValue={(v) => set('company', v)} autoComplete="organization" maxLength={100} />
      <Field name="email" type="email" label={T.email} value={form.email} error={errors.email} onValue={(v) => set('email', v)} autoComplete="email" maxLength={200} />
      <Field name="phone" type="tel" label={T.phone} value={form.phone} error={errors.phone} onValue={(v) => set('phone', v)} autoComplete="tel" maxLength={40} />
    </fieldset>
    </>
  );
}
