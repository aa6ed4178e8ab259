// The info dialog's first page: delivery or pickup, the address (typed or located), the order time
// in a franchise, and the submit that resolves the address (franchise: franchiseSubmit.ts).
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { lookupAddress, reverseGeolocation } from '@shared/checkout';
import type { Bootstrap, DeliveryType } from '@shared/domain';
import { type AddressErrorCode, ADDRESS_ERRORS, ADDRESS_TEXT, INFO_DIALOG_TEXT, deliveryFeeText, freeAfterText, locationPlaceholder, minimumOrderText } from '@shared/checkout';
import {
  $deliveryPeriod,
  $deliveryType,
  $deliveryTypePreSelection,
  $serveAt,
  $serveAtChoices,
  $serveAtNotice,
  setServeAt,
  track,
  type FranchiseRequest,
} from '@shared/stores';
import { typeAvailableNow } from '@shared/time';
import { $user, locationLine } from '@shared/account';
import { Button } from '@shared/ui';
import { ServeAtSelect } from '@shared/dialog';
import type { AddressInfoDialogProps } from './dialogProps';
import { formatAddress, submitAddress, type ResolvedAddress } from './flow';
import { submitToFranchise } from './franchiseSubmit';
import { $address, $dialog, closeInfoDialog, setResolvedAddress, updateDialog, type DialogState } from './state';
import { useShopSwitch } from './useShopSwitch';

const TYPES: DeliveryType[] = ['delivery', 'pickup'];

export function AddressPage({
  boot,
  host,
  lookup = lookupAddress,
  geolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null,
  state,
  franchiseMode,
  request,
  ...rest
}: AddressInfoDialogProps & { state: DialogState; franchiseMode: boolean; request: FranchiseRequest | null }) {
  const { config, franchise } = boot;
  const type = useStore($deliveryType);
  const period = useStore($deliveryPeriod);
  const choices = useStore($serveAtChoices);
  const serveAt = useStore($serveAt);
  const notice = useStore($serveAtNotice);
  const saved = useStore($address);
  // a logged-in guest finds the saved address in the field (when nothing else is there)
  const user = useStore($user);
  const [input, setInputState] = useState(() => state.input ?? (saved?.addr ? formatAddress(saved.addr) : (saved?.input || locationLine($user.get()?.address))));
  const [error, setErrorState] = useState<AddressErrorCode | null>(() => state.error ?? null);
  // both survive the loading and list pages (the page unmounts meanwhile)
  const setInput = (value: string) => {
    setInputState(value);
    if ($dialog.get()?.input !== value) updateDialog({ input: value });
  };
  const setError = (code: AddressErrorCode | null) => {
    setErrorState(code);
    if (($dialog.get()?.error ?? null) !== code) updateDialog({ error: code });
  };
  useEffect(() => {
    const line = locationLine(user?.address);
    if (line && !input) setInput(line);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<ResolvedAddress | null>(null);
  const [loading, setLoading] = useState(false);
  const [locating, setLocating] = useState(false);
  const seq = useRef(0);
  const id = useId();
  const doSwitch = useShopSwitch({ boot, host, ...rest }, request);
  const supported: Record<DeliveryType, boolean> = { delivery: config.flags.supportDelivery, pickup: config.flags.supportPickup };

  const clear = () => {
    setError(null);
    setGeoMessage(null);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') clear();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    clear();
    setUnavailable(null);
    const mine = ++seq.current;
    setLoading(true);
    try {
      if (franchiseMode && franchise && config.franchiseId) {
        await submitToFranchise({
          franchiseId: config.franchiseId, fallbackShops: franchise.shops, shopId: config.id, input, type, serveAt,
          isCurrent: () => mine === seq.current, fail, switchTo: doSwitch,
        });
      } else {
        await submitSingle(mine);
      }
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }

  function fail(code: AddressErrorCode) {
    setError(code);
    void track('geo', { error: code, type });
  }

  async function submitSingle(mine: number) {
    const outcome = await submitAddress(input, type, lookup, false);
    if (mine !== seq.current) return;
    if (!outcome.ok) return fail(outcome.code);
    const a = outcome.address;
    setResolvedAddress(config.id, a);
    if (a.addr) setInput(formatAddress(a.addr));
    if (!typeAvailableNow(period, type)) {
      setUnavailable(a);
      return fail('currentlyUnavailable');
    }
    closeInfoDialog();
  }

  function locate() {
    if (!geolocation) return;
    clear();
    setLocating(true);
    geolocation.getCurrentPosition(
      async (pos) => {
        try {
          const r = await reverseGeolocation(pos.coords.latitude, pos.coords.longitude, Math.round(pos.coords.accuracy ?? 0));
          setInput(`${r.streetName} ${r.streetNumber}, ${r.postalCode} ${r.locality}`.trim());
        } catch {
          setGeoMessage(INFO_DIALOG_TEXT.geoFailed);
        } finally {
          setLocating(false);
        }
      },
      (err) => {
        setLocating(false);
        setGeoMessage(err && err.code === 1 ? INFO_DIALOG_TEXT.geoDenied : INFO_DIALOG_TEXT.geoFailed);
      },
      { timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const pickupInSingleShop = type === 'pickup' && !franchiseMode;
  const message = error ? ADDRESS_ERRORS[error] : geoMessage;
  const shownZone = unavailable?.zone ?? null;

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      <div className="toggle" role="group" aria-label={ADDRESS_TEXT.toggleLabel}>
        {TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className="toggle__button"
            aria-pressed={type === t}
            disabled={!supported[t]}
            onClick={() => {
              $deliveryTypePreSelection.set(t);
              clear();
            }}
          >
            {t === 'delivery' ? ADDRESS_TEXT.delivery : ADDRESS_TEXT.pickup}
            {!supported[t] && ` ${ADDRESS_TEXT.notPossible}`}
          </button>
        ))}
      </div>
      {pickupInSingleShop && <OurLocation boot={boot} />}
      <label htmlFor={`${id}-location`} className="address-label">
        {ADDRESS_TEXT.locationLabel}
      </label>
      <div className="address-row">
        <input
          id={`${id}-location`}
          name="location"
          type="text"
          autoComplete="street-address"
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${message ? ` ${id}-error` : ''}`}
          placeholder={locationPlaceholder(config)}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            clear();
          }}
          onFocus={clear}
          onKeyUp={onKeyUp}
        />
        {geolocation && (
          <Button variant="secondary" className="address-locate" onClick={locate} loading={locating} aria-label={INFO_DIALOG_TEXT.geolocate}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="12" cy="12" r="7" />
              <circle cx="12" cy="12" r="2" fill="currentColor" />
              <path d="M12 1v4M12 19v4M1 12h4M19 12h4" />
            </svg>
          </Button>
        )}
      </div>
      <p id={`${id}-help`} className="address-help">
        {ADDRESS_TEXT.locationHelp}
      </p>
      {message && (
        <div id={`${id}-error`} className="address-error" role="alert" data-error={error ?? 'geolocation'}>
          <p>{message}</p>
          {error === 'currentlyUnavailable' && (
            <>
              {shownZone && (
                <ul className="address-zone">
                  <li>{minimumOrderText(shownZone.minimumOrderValue)}</li>
                  {shownZone.fee > 0 && <li>{deliveryFeeText(shownZone.fee)}</li>}
                  {shownZone.freeAfter > 0 && <li>{freeAfterText(shownZone.freeAfter)}</li>}
                </ul>
              )}
              <a
                href={`${host.shopUrl}/oeffnungszeiten`}
                onClick={(e) => {
                  e.preventDefault();
                  closeInfoDialog();
                  host.navigate('/oeffnungszeiten');
                }}
              >
                {INFO_DIALOG_TEXT.openingHoursLink}
              </a>
            </>
          )}
        </div>
      )}
      {franchiseMode && (
        <ServeAtSelect
          asap={choices.asap}
          times={choices.times}
          value={serveAt}
          onChange={setServeAt}
          label={INFO_DIALOG_TEXT.serveAtLabel}
          hint={INFO_DIALOG_TEXT.serveAtHint}
          notice={notice}
        />
      )}
      <div className="info-actions">
        {franchiseMode && (
          <Button
            variant="ghost"
            onClick={() => updateDialog({ page: 'list_franchises', back: 'initial', shops: state.shops.length ? state.shops : (franchise?.shops ?? []), selected: state.selected ?? config.id })}
          >
            {INFO_DIALOG_TEXT.otherShop}
          </Button>
        )}
        <Button type="submit" loading={loading}>
          {ADDRESS_TEXT.ok}
        </Button>
      </div>
    </form>
  );
}

function OurLocation({ boot }: { boot: Bootstrap }) {
  const c = boot.config;
  return (
    <div className="address-ours">
      <p className="address-label">{ADDRESS_TEXT.ourLocation}</p>
      <p>
        {c.restaurantName}
        <br />
        {c.restaurantStreet}, {c.restaurantZip} {c.restaurantCity}
      </p>
    </div>
  );
}
