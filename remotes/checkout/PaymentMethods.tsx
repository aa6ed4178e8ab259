// The allowed payment methods of the active delivery type: an icon strip and a radio list.
import type { PaymentMethod } from '@shared/domain';
import { CHECKOUT_UI as T } from '@shared/checkout';
import { PAYMENT_METHOD_NAMES } from '@shared/i18n';
import { PaymentIcon } from './icons';

export interface PaymentMethodsProps {
  methods: PaymentMethod[];
  value: PaymentMethod | '';
  onChange: (m: PaymentMethod) => void;
  error?: string;
}

export function PaymentMethods({ methods, value, onChange, error }: PaymentMethodsProps) {
  return (
    <fieldset className="co-fieldset co-payment" id="co-field-paymentMethod" aria-describedby={error ? 'co-err-paymentMethod' : undefined}>
      <legend>{T.paymentLegend}</legend>
      <ul className="co-icons" aria-label="Akzeptierte Zahlungsmethoden">
        {methods.map((m) => (
          <li key={m} title={PAYMENT_METHOD_NAMES[m]} data-method={m}>
            <PaymentIcon method={m} />
            <span className="tl-visually-hidden">{PAYMENT_METHOD_NAMES[m]}</span>
          </li>
        ))}
      </ul>
      <div className="co-radios">
        {methods.map((m) => (
          <label key={m} className="co-radio" data-method={m}>
            <input type="radio" name="paymentMethod" value={m} checked={value === m} onChange={() => onChange(m)} />
            <PaymentIcon method={m} />
            <span>{PAYMENT_METHOD_NAMES[m]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="co-error" id="co-err-paymentMethod" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
