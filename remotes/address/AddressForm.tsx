import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { lookupAddress } from '@shared/api';
import type { DeliveryType, ShopConfig } from '@shared/domain';
import { ADDRESS_ERRORS, ADDRESS_TEXT, deliveryFeeText, freeAfterText, minimumOrderText, type AddressErrorCode } from '@shared/i18n';
import { $deliveryZone, track } from '@shared/stores';
import { Button } from '@shared/ui';
import { formatAddress, loadAddress, saveAddress, submitAddress, type Lookup, type ResolvedAddress } from './flow';

export interface AddressFormProps {
  config: ShopConfig;
  deliveryType: DeliveryType;
  /** injected in tests; default POST /geo */
  lookup?: Lookup;
}

/** The location field, its OK button and the resolved address with fee and minimum. */
export function AddressForm({ config, deliveryType, lookup = lookupAddress }: AddressFormProps) {
  const shopId = config.id;
  const [input, setInput] = useState('');
  const [resolved, setResolved] = useState<ResolvedAddress | null>(null);
  const [error, setError] = useState<AddressErrorCode | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // Remembered per shop: restore the address and its zone when the shop (re)loads.
  useEffect(() => {
    seq.current++;
    const saved = loadAddress(shopId);
    setResolved(saved?.addr ? saved : null);
    setInput(saved?.addr ? formatAddress(saved.addr) : (saved?.input ?? ''));
    setError(null);
    setLoading(false);
    $deliveryZone.set(saved?.zone ?? null);
  }, [shopId]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    setError(null);
    const mine = ++seq.current;
    setLoading(true);
    const outcome = await submitAddress(input, deliveryType, lookup, !!config.franchiseId);
    if (mine !== seq.current) return;
    setLoading(false);
    if (!outcome.ok) {
      setError(outcome.code);
      void track('address-error', { code: outcome.code });
      return;
    }
    const a = outcome.address;
    if (a.zone) $deliveryZone.set(a.zone);
    saveAddress(shopId, a);
    setResolved(a.addr ? a : null);
    if (a.addr) setInput(formatAddress(a.addr));
  }

  const clearError = () => setError(null);
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') clearError();
  };

  const pickupInSingleShop = deliveryType === 'pickup' && !config.franchiseId;

  // A pickup address outside the zones is no delivery address: then the field shows again.
  if (resolved?.addr && (deliveryType === 'pickup' || resolved.zone)) {
    const shownZone = deliveryType === 'delivery' ? resolved.zone : null;
    return (
      <div className="address-resolved" data-address="resolved">
        <p className="address-label">{ADDRESS_TEXT.locationLabel}</p>
        <p className="address-value">{formatAddress(resolved.addr)}</p>
        {shownZone && (
          <ul className="address-zone" data-fee={shownZone.fee} data-minimum={shownZone.minimumOrderValue}>
            <li>{minimumOrderText(shownZone.minimumOrderValue)}</li>
            <li>{deliveryFeeText(shownZone.fee)}</li>
            {shownZone.freeAfter > 0 && <li>{freeAfterText(shownZone.freeAfter)}</li>}
          </ul>
        )}
        {pickupInSingleShop && <OurLocation config={config} />}
        <Button
          variant="secondary"
          onClick={() => {
            setResolved(null);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          {ADDRESS_TEXT.change}
        </Button>
      </div>
    );
  }

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-location`} className="address-label">
        {ADDRESS_TEXT.locationLabel}
      </label>
      <div className="address-row">
        <input
          ref={inputRef}
          id={`${id}-location`}
          name="location"
          type="text"
          autoComplete="street-address"
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          placeholder={ADDRESS_TEXT.locationPlaceholder}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            clearError();
          }}
          onFocus={clearError}
          onKeyUp={onKeyUp}
        />
        <Button type="submit" loading={loading}>
          {ADDRESS_TEXT.ok}
        </Button>
      </div>
      <p id={`${id}-help`} className="address-help">
        {ADDRESS_TEXT.locationHelp}
      </p>
      {error && (
        <p id={`${id}-error`} className="address-error" role="alert">
          {ADDRESS_ERRORS[error]}
        </p>
      )}
      {pickupInSingleShop && <OurLocation config={config} />}
    </form>
  );
}

function OurLocation({ config }: { config: ShopConfig }) {
  return (
    <div className="address-ours">
      <p className="address-label">{ADDRESS_TEXT.ourLocation}</p>
      <p>
        {config.restaurantName}
        <br />
        {config.restaurantStreet}, {config.restaurantZip} {config.restaurantCity}
      </p>
    </div>
  );
}
