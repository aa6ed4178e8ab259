// The checkout's check boxes: terms and privacy, the pickup confirmation, advertising, a new account.
import { CHECKOUT_UI as T, type CheckoutFormState } from '@shared/checkout';
import type { SetField } from './CustomerFields';

export interface ConsentChecksProps {
  form: CheckoutFormState;
  set: SetField;
  pickup: boolean;
  shopUrl: string;
  legal: { terms: string | null; privacy: string | null };
  adText: string;
  loggedIn: boolean;
}

export function ConsentChecks({ form, set, pickup, shopUrl, legal, adText, loggedIn }: ConsentChecksProps) {
  return (
    <div className="co-checks">
      <label className="co-check" id="co-field-legalAccepted">
        <input type="checkbox" checked={form.legalAccepted} onChange={(e) => set('legalAccepted', e.target.checked)} />
        <span>
          {T.legalBefore}
          {legal.terms ? <a href={`${shopUrl}/static/${legal.terms}`} target="_blank" rel="noopener">{T.terms}</a> : T.terms}
          {T.legalMiddle}
          {legal.privacy ? <a href={`${shopUrl}/static/${legal.privacy}`} target="_blank" rel="noopener">{T.privacy}</a> : T.privacy}
          {T.legalAfter}
        </span>
      </label>
      {pickup && (
        <label className="co-check" id="co-field-pickupConfirmed">
          <input type="checkbox" checked={form.pickupConfirmed} onChange={(e) => set('pickupConfirmed', e.target.checked)} />
          <span>{T.pickupConfirm}</span>
        </label>
      )}
      <label className="co-check" id="co-field-acceptAdvertising">
        <input type="checkbox" checked={form.acceptAdvertising} onChange={(e) => set('acceptAdvertising', e.target.checked)} />
        <span>{adText}</span>
      </label>
      {!loggedIn && (
        <>
          <label className="co-check">
            <input type="checkbox" checked={form.createAccount} onChange={(e) => set('createAccount', e.target.checked)} aria-describedby="co-account-hint" />
            <span>{T.createAccount}</span>
          </label>
          <p id="co-account-hint" className="co-hint">{T.createAccountHint}</p>
        </>
      )}
    </div>
  );
}
