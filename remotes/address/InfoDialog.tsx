// The initial info dialog: pages
// initial, loading, suggested_franchise and list_franchises. Components hold no rules: validation,
// suggestion, order-time and hand-over rules come from @shared/rules and @shared/time.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { findFranchiseShop, lookupAddress, reverseGeolocation } from '@shared/checkout';
import type { Bootstrap, DeliveryType, FranchiseShop } from '@shared/domain';
import { type AddressErrorCode, ADDRESS_ERRORS, ADDRESS_TEXT, INFO_DIALOG_TEXT, deliveryFeeText, freeAfterText, locationPlaceholder, minimumOrderText, encodeHandOver, suggestFranchiseShop } from '@shared/checkout';
import {
  $cart,
  $deliveryPeriod,
  $deliveryType,
  $deliveryTypePreSelection,
  $franchiseRequest,
  $serveAt,
  $serveAtChoices,
  $serveAtNotice,
  clearFranchiseRequest,
  openDishLink,
  setServeAt,
  track,
  type FranchiseRequest,
} from '@shared/stores';
import { typeAvailableNow } from '@shared/time';
import { $user, locationLine } from '@shared/account';
import { Button, Spinner } from '@shared/ui';
import { ServeAtSelect } from '@shared/dialog';
import { Dialog } from '@shared/dialog';
import type { WidgetHost } from '@shared/widget';
import { FranchiseMap } from './FranchiseMap';
import { ShopLine } from './ShopLine';
import { errorCode, formatAddress, franchiseTarget, submitAddress, zoneOf, type Lookup, type ResolvedAddress } from './flow';
import { $address, $dialog, closeInfoDialog, setResolvedAddress, updateDialog, type DialogState } from './state';

export interface InfoDialogProps {
  boot: Bootstrap;
  host: WidgetHost;
  lookup?: Lookup;
  assign?: (url: string) => void;
  /** injected in tests */
  geolocation?: Geolocation | null;
}

const TYPES: DeliveryType[] = ['delivery', 'pickup'];

export function InfoDialog(props: InfoDialogProps) {
  const state = useStore($dialog);
  const request = useStore($franchiseRequest);
  if (!state) return null;
  const franchiseMode = !!props.boot.config.franchiseId && !!props.boot.franchise;
  const title =
    state.page === 'suggested_franchise'
      ? INFO_DIALOG_TEXT.suggestedTitle
      : state.page === 'list_franchises'
        ? ADDRESS_TEXT.franchiseListTitle
        : franchiseMode
          ? INFO_DIALOG_TEXT.titleFranchise
          : INFO_DIALOG_TEXT.title;
  const close = () => {
    closeInfoDialog();
    clearFranchiseRequest();
  };
  return (
    <Dialog open onClose={close} header={title} footer={null} className="info-dialog">
      <div className="info-page" data-page={state.page}>
        {state.page === 'initial' && <InitialPage {...props} state={state} franchiseMode={franchiseMode} request={request} />}
        {state.page === 'loading' && (
          <p className="info-loading">
            <Spinner /> {INFO_DIALOG_TEXT.loading}
          </p>
        )}
        {state.page === 'suggested_franchise' && <SuggestedPage {...props} state={state} request={request} />}
        {state.page === 'list_franchises' && <ListPage {...props} state={state} request={request} onCancel={close} />}
      </div>
    </Dialog>
  );
}

// ---------- switching shops ----------

function useSwitch({ boot, host, assign = (url) => location.assign(url) }: InfoDialogProps, request: FranchiseRequest | null) {
  return (shop: FranchiseShop, state: DialogState) => {
    const current = boot.config.id;
    const resolved = $address.get();
    if (shop.id === current) {
      closeInfoDialog();
      clearFranchiseRequest();
      if (request?.item?.kind === 'dish') openDishLink(request.item.id);
      return;
    }
    const addr = state.home ?? resolved?.addr ?? null;
    const zone = resolved?.zone ?? null;
    const hash = encodeHandOver({
      deliveryType: $deliveryType.get(),
      locationString: resolved?.input ?? (addr ? formatAddress(addr) : ''),
      selectedDish: request?.item?.kind === 'dish' ? request.item.id : null,
      serveAt: $serveAt.get(),
      cart: $cart.get() as unknown as Record<string, unknown>[],
      geo: addr
        ? {
            addr: { street: addr.street, streetNumber: addr.streetNumber, zip: addr.zip, city: addr.city, latitude: addr.latitude, longitude: addr.longitude },
            ...(zone ? { deliveryFee: zone.fee, minimumOrderValue: zone.minimumOrderValue, freeAfter: zone.freeAfter } : {}),
            distance: shop.distance,
          }
        : null,
    });
    const target = franchiseTarget(shop, request?.item ?? null, { inShell: host.inShell, origin: location.origin, shopUrl: host.shopUrl });
    void track('franchise-switch', { from: current, to: shop.id });
    assign(target + hash);
  };
}

// ---------- initial ----------

function InitialPage({
  boot,
  host,
  lookup = lookupAddress,
  geolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null,
  state,
  franchiseMode,
  request,
  ...rest
}: InfoDialogProps & { state: DialogState; franchiseMode: boolean; request: FranchiseRequest | null }) {
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
  const doSwitch = useSwitch({ boot, host, ...rest }, request);
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
        await submitFranchise(mine);
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

  async function submitFranchise(mine: number) {
    const invalid = await submitAddress(input, type, async () => Promise.reject({ code: 'skip' }), true).then((o) =>
      !o.ok && o.code !== 'notFound' ? o.code : null,
    );
    if (invalid) return fail(invalid);
    updateDialog({ page: 'loading' });
    const res = await findFranchiseShop(config.franchiseId!, { location: input.trim(), deliveryType: type, serveAt: serveAt ?? undefined });
    if (mine !== seq.current) return;
    const shops = res.allShops.length ? res.allShops : (franchise?.shops ?? []);
    // back to the initial page with the error under the field (the page remounts: the error
    // travels in the dialog state)
    const failBack = (code: AddressErrorCode) => {
      updateDialog({ page: 'initial', shops, error: code, input });
      void track('geo', { error: code, type });
    };
    if (!res.found || !res.id) {
      const code = res.err ?? res.error;
      return failBack(code === undefined ? 'notFound' : errorCode({ code: typeof code === 'string' ? code : (code as { error?: unknown })?.error }));
    }
    const home = res.addr ?? null;
    const zone =
      type === 'delivery' && res.minimumOrderValue != null
        ? zoneOf({ deliveryFee: res.deliveryFee ?? 0, minimumOrderValue: res.minimumOrderValue, freeAfter: res.freeAfter ?? 0, distance: res.distance ?? 0, addr: home! })
        : null;
    const resolved: ResolvedAddress = { input: input.trim(), addr: home, zone };
    $address.set(resolved);
    const matched = shops.find((s) => s.id === res.id) ?? null;
    if (type === 'delivery' && matched) {
      // delivery: straight to the shop that delivers there
      setResolvedAddress(config.id, resolved);
      updateDialog({ shops, home, selected: matched.id });
      doSwitch(matched, { ...$dialog.get()!, home });
      return;
    }
    // pickup: the suggestion page (or the list when the suggestion is closed)
    const suggestion = matched ? { shop: matched, direct: matched.insideOpenHours } : suggestFranchiseShop(shops, type);
    if (!suggestion) return failBack('notFound');
    setResolvedAddress(config.id, resolved);
    updateDialog({
      shops,
      home,
      selected: suggestion.shop.id,
      page: suggestion.direct ? 'suggested_franchise' : 'list_franchises',
      back: 'initial',
    });
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

// ---------- suggested_franchise ----------

function SuggestedPage(props: InfoDialogProps & { state: DialogState; request: FranchiseRequest | null }) {
  const { state, request } = props;
  const doSwitch = useSwitch(props, request);
  const shop = state.shops.find((s) => s.id === state.selected) ?? null;
  if (!shop) return null;
  const home = coords(state.home);
  return (
    <div className="franchise-suggested">
      <p>{INFO_DIALOG_TEXT.suggestedText}</p>
      <FranchiseMap shops={[shop]} home={home} highlighted={shop.id} />
      <div className="franchise-shop franchise-shop--single" data-shop={shop.id}>
        <ShopLine shop={shop} />
      </div>
      <div className="info-actions">
        <Button variant="ghost" onClick={() => updateDialog({ page: 'list_franchises', back: 'suggested_franchise', listOnly: false })}>
          {INFO_DIALOG_TEXT.otherShop}
        </Button>
        <Button onClick={() => doSwitch(shop, state)}>{ADDRESS_TEXT.ok}</Button>
      </div>
    </div>
  );
}

function coords(a: { latitude?: number; longitude?: number } | null) {
  return a && typeof a.latitude === 'number' && typeof a.longitude === 'number' ? { latitude: a.latitude, longitude: a.longitude } : null;
}

// ---------- list_franchises ----------

function ListPage(props: InfoDialogProps & { state: DialogState; request: FranchiseRequest | null; onCancel: () => void }) {
  const { state, request, onCancel } = props;
  const doSwitch = useSwitch(props, request);
  const name = useId();
  const shops = state.shops;
  const selected = shops.some((s) => s.id === state.selected) ? state.selected : (shops[0]?.id ?? null);
  const chosen = shops.find((s) => s.id === selected) ?? null;
  const select = (shopId: string) => updateDialog({ selected: shopId });
  return (
    <div className="franchise-listpage">
      <FranchiseMap shops={shops} home={coords(state.home)} highlighted={selected} onSelect={select} />
      <div className="franchise-list" role="radiogroup" aria-label={ADDRESS_TEXT.franchiseListTitle}>
        {shops.map((s) => (
          <div key={s.id} className="franchise-shop" data-shop={s.id}>
            <label>
              <input type="radio" name={name} value={s.id} checked={selected === s.id} onChange={() => select(s.id)} />
              <ShopLine shop={s} />
            </label>
          </div>
        ))}
      </div>
      <div className="info-actions">
        {!state.listOnly && (
          <Button variant="secondary" onClick={() => updateDialog({ page: state.back })}>
            {ADDRESS_TEXT.back}
          </Button>
        )}
        {state.listOnly && (
          <Button variant="secondary" onClick={onCancel}>
            {ADDRESS_TEXT.cancel}
          </Button>
        )}
        <Button onClick={() => chosen && doSwitch(chosen, state)} disabled={!chosen}>
          {ADDRESS_TEXT.ok}
        </Button>
      </div>
    </div>
  );
}

/** Keeps a request from the menu ('WÄHLE DEINE FILIALE' directly): loading → list when the shops arrive. */
export function useFranchiseRequest(boot: Bootstrap, enabled: boolean) {
  const request = useStore($franchiseRequest);
  useEffect(() => {
    if (!enabled || !request || !boot.franchise || !boot.config.franchiseId) return;
    const franchiseId = boot.config.franchiseId;
    const fallback = boot.franchise.shops;
    const type = $deliveryType.get();
    const saved = $address.get();
    $dialog.set({ page: 'loading', listOnly: true, back: 'initial', shops: [], home: saved?.addr ?? null, selected: null, seq: request.seq });
    let alive = true;
    const location = saved?.addr ? formatAddress(saved.addr) : '';
    const load = location ? findFranchiseShop(franchiseId, { location, deliveryType: type }) : Promise.resolve(null);
    void load.then((res) => {
      if (!alive || $dialog.get()?.seq !== request.seq) return;
      const shops = res && res.allShops.length ? res.allShops : fallback;
      const suggestion = suggestFranchiseShop(shops, type);
      updateDialog({ page: 'list_franchises', shops, home: res?.addr ?? saved?.addr ?? null, selected: suggestion?.shop.id ?? null });
    });
    return () => {
      alive = false;
    };
  }, [request, boot, enabled]);
}
