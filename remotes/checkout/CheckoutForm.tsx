// The checkout form.
// State and wiring only: the checks, the payload and the return URLs come from @shared/rules.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { lookupAddress } from '@shared/checkout';
import { type AssumedLocation, newIdempotencyKey, ADDRESS_ERRORS, CHECKOUT_TEXTS, CHECKOUT_UI as T, type CheckoutFailure, type CheckoutFormState, type FormErrors, advertisingVariant, applyAssumedLocation, attemptFor, buildSubmission, checkoutPaymentMethods, EMPTY_CHECKOUT_FORM, firstErrorField, initialPaymentMethod, legalPages, locationOf, preSubmitFieldErrors, rememberedPart, restoreRemembered, runSubmitChecks, ORDER_FORM_TEXTS, serveAtProblem, unsuitedItems } from '@shared/checkout';
import type { Catalog, PaymentMethod, ShopConfig } from '@shared/domain';
import type { OrderBreakdown } from '@shared/pricing';
import {
  $bootstrap, $cart, $coupon, $deliveryPeriod, $groupOrderActive, $orderItems, $tableNumber, $orderTotals, $deliveryType, $deliveryZone, $selectedFreeItems, $serveAt, $serveAtChoices, $shopId,
  $serveAtForOrder, $serveAtNotice, $twoForOneStatus, getSessionId, loadShop, local, parseJson, setCart, setDeliveryType, setServeAt, storageKeys,
} from '@shared/stores';
import { AlertDialog, ConfirmDialog } from '@shared/dialog';
import { isUnavailable } from '@shared/api';
import { SHOP_UNAVAILABLE } from '@shared/i18n';
import { Button } from '@shared/ui';
import { ServeAtSelect } from '@shared/dialog';
import { groupSubmission, rememberMissedGroupOrder } from '@shared/group';
import type { WidgetHost } from '@shared/widget';
import { Field } from './Field';
import { capture, loadAttempt, placeAndPrepare, saveAttempt, type Notice, type PayResult, type Step } from './flow';
import { PaymentMethods } from './PaymentMethods';
import { loadStripeJs, renderPayPalButtons } from './sdk';
import { LegalFooter } from './LegalFooter';
import { Summary } from './Summary';
import { useAccountPrefill } from './account';

export interface CheckoutFormProps {
  host: WidgetHost;
  config: ShopConfig;
  catalog: Catalog;
  order: OrderBreakdown;
  notice: Notice | null;
  onConfirmed: (orderId: string) => void;
  /** the restaurant page's own URL (return target of payments on a foreign page) */
  pageUrl: string;
  stripeKey: string | null;
}

function initialForm(shopId: string, methods: PaymentMethod[], back: boolean): CheckoutFormState {
  // back from a payment page: the form exactly as it was sent
  const sent = back ? loadAttempt(shopId)?.form : null;
  if (sent && typeof sent === 'object') {
    const f = { ...EMPTY_CHECKOUT_FORM, ...(sent as Partial<CheckoutFormState>) };
    return { ...f, paymentMethod: initialPaymentMethod(methods, f.paymentMethod) };
  }
  const remembered = restoreRemembered(parseJson(local.get(storageKeys.checkoutForm(shopId))));
  // the address the guest gave the address widget, when the form has none yet
  const saved = parseJson(local.get(storageKeys.address(shopId))) as { addr?: { street?: string; streetNumber?: string; zip?: string; city?: string } } | undefined;
  const a = saved?.addr;
  const fromAddress = a && !remembered.street ? { street: a.street ?? '', streetNumber: a.streetNumber ?? '', zip: a.zip ?? '', city: a.city ?? '' } : {};
  return { ...EMPTY_CHECKOUT_FORM, ...remembered, ...fromAddress, paymentMethod: initialPaymentMethod(methods, remembered.paymentMethod) };
}

const NOTICE_TEXT: Record<Notice, string> = {
  paymentFailed: T.paymentFailed,
  paymentCanceled: T.paymentCanceled,
  instrumentDeclined: T.instrumentDeclined,
};

export function CheckoutForm({ host, config, catalog, order, notice: initialNotice, onConfirmed, pageUrl, stripeKey }: CheckoutFormProps) {
  const shopId = host.shopId;
  // the own cart, plus the members' lines when the owner pays for a group (@shared/group)
  const items = useStore($orderItems);
  const deliveryType = useStore($deliveryType);
  const choices = useStore($serveAtChoices);
  const serveAt = useStore($serveAt);
  const serveAtForOrder = useStore($serveAtForOrder);
  const serveAtNotice = useStore($serveAtNotice);
  const period = useStore($deliveryPeriod);
  const coupon = useStore($coupon);
  const methods = useMemo(() => checkoutPaymentMethods(config, deliveryType), [config, deliveryType]);
  const [form, setForm] = useState<CheckoutFormState>(() => initialForm(shopId, methods, initialNotice !== null));
  const loggedIn = useAccountPrefill(setForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [step, setStep] = useState<Step>('address');
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const [alert, setAlert] = useState<{ title: string; text: string; field?: string } | null>(null);
  const [confirm, setConfirm] = useState<CheckoutFailure | null>(null);
  const [corrected, setCorrected] = useState<AssumedLocation | null>(null);
  const skipGoogle = useRef(false);
  /** 'Ungültige Bestellung' confirmed: go on once the cart no longer has those lines */
  const resubmit = useRef(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const paypalRef = useRef<HTMLDivElement>(null);
  const pickup = deliveryType === 'pickup';
  const legal = legalPages(config.pages ?? []);
  const adText = T.advertising[advertisingVariant(getSessionId())];
  // the shop's PayPal platform client id (a loose config field of the spec)
  const paypalClientId = (config as { paypalPlatformClientId?: unknown }).paypalPlatformClientId;
  const clientId = typeof paypalClientId === 'string' && paypalClientId ? paypalClientId : null;
  const realPayPal = clientId !== null && form.paymentMethod === 'PayPal_Platform';

  // the chosen method must stay allowed for the active type
  useEffect(() => {
    if (form.paymentMethod && !methods.includes(form.paymentMethod)) setForm((f) => ({ ...f, paymentMethod: initialPaymentMethod(methods, undefined) }));
  }, [methods, form.paymentMethod]);

  // the typed address decides the zone (fee, minimum order value) as soon as it is complete
  const typedAddress = pickup ? "" : locationOf(form);
  useEffect(() => {
    if (!typedAddress) return;
    const t = setTimeout(() => void resolveZone(), 500);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedAddress]);

  const set = <K extends keyof CheckoutFormState>(k: K, v: CheckoutFormState[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k as keyof FormErrors]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const scrollTo = (field: string | null) => {
    if (!field) return;
    const root = rootRef.current;
    const el = root?.querySelector<HTMLElement>(`#co-field-${field}`);
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const focusable = el.matches('input,select,textarea') ? el : el.querySelector<HTMLElement>('input,select,textarea');
    focusable?.focus({ preventScroll: true });
  };

  const showErrors = (e: FormErrors) => {
    setErrors(e);
    setTimeout(() => scrollTo(firstErrorField(e)), 0);
  };

  /** Resolves the form's address to a delivery zone (updates fees and the minimum order value). */
  const resolveZone = async (): Promise<{ inArea: boolean } | { error: string } | { offline: true }> => {
    try {
      const geo = await lookupAddress(locationOf(form));
      const zone = geo.minimumOrderValue === undefined || geo.minimumOrderValue === null ? null : { fee: geo.deliveryFee, minimumOrderValue: geo.minimumOrderValue, freeAfter: geo.freeAfter };
      $deliveryZone.set(zone);
      return { inArea: zone !== null };
    } catch (e) {
      const code = (e as { code?: string }).code ?? 'notFound';
      if ((e as { status?: number }).status === undefined) return { offline: true };
      return { error: ADDRESS_ERRORS[code as keyof typeof ADDRESS_ERRORS] ?? ADDRESS_ERRORS.notFound };
    }
  };

  /** Checks, then sends and prepares the payment. null when stopped (a message is shown). */
  const run = async (viaPayPalButton: boolean): Promise<PayResult | null> => {
    setNotice(null);
    // items priced over the maximum leave the cart with a notice
    if (order.invalidLineIds.length > 0) {
      setCart($cart.get().filter((i) => !order.invalidLineIds.includes(i.lineId)));
      setAlert({ title: CHECKOUT_TEXTS.invalidDish, text: CHECKOUT_TEXTS.invalidDish });
      return null;
    }
    const fieldErrors = preSubmitFieldErrors(form, deliveryType);
    const timeProblem = period ? serveAtProblem(period, deliveryType, serveAtForOrder ?? (serveAt === null ? 'asap' : '__gone')) : null;
    if (timeProblem) fieldErrors.serveAt = timeProblem;
    if (Object.keys(fieldErrors).length) {
      showErrors(fieldErrors);
      return null;
    }
    let inArea = true;
    if (!pickup) {
      const z = await resolveZone();
      if ('error' in z) {
        showErrors({ street: z.error });
        return null;
      }
      if ('inArea' in z) inArea = z.inArea;
    }
    const totals = $orderTotals.get() ?? order;
    const failure = runSubmitChecks({
      form, deliveryType, franchiseMode: !!config.franchiseId, viaPayPalButton, addressInDeliveryArea: inArea,
      minimumOrderStatus: totals.minimumOrder.status, config, subtotalAfterCoupon: totals.subtotalAfterCoupon, items,
    });
    if (failure) {
      if (failure.kind === 'confirm') setConfirm(failure);
      else setAlert({ title: failure.title, text: failure.text, field: FAILURE_FIELD[failure.code] });
      return null;
    }
    local.set(storageKeys.checkoutForm(shopId), JSON.stringify(rememberedPart(form)));
    const submission = buildSubmission({
      form, deliveryType, serveAt: serveAtForOrder, items, couponCode: coupon.state === 'valid' ? coupon.code : null,
      sessionId: getSessionId(), selectedFreeItems: $selectedFreeItems.get(),
      confirmedTwoForOnePromotions: Object.entries($twoForOneStatus.get()).filter(([, s]) => s === 'confirmed').map(([k]) => k),
      viaPayPalButton, skipGoogleValidation: skipGoogle.current, catalogVersion: $bootstrap.get().data?.catalogVersion,
    });
    const group = groupSubmission();
    if (group) Object.assign(submission, group);
    const attempt = { ...attemptFor(loadAttempt(shopId), submission, newIdempotencyKey), form };
    saveAttempt(shopId, attempt);
    return placeAndPrepare(shopId, submission, attempt, { inShell: host.inShell, shopUrl: host.shopUrl, pageUrl }, setStep);
  };

  const handle = async (r: PayResult | null) => {
    if (!r) return setStep('address');
    if (r.kind !== 'submitFailed' && r.orderId) {
      rememberMissedGroupOrder(r.orderId, ($orderTotals.get() ?? order).subtotal, $groupOrderActive.get(), $tableNumber.get() !== null);
    }
    switch (r.kind) {
      case 'submitFailed': {
        setStep('address');
        const f = r.failure;
        if (f.kind === 'form') showErrors(f.form as FormErrors);
        else if (f.kind === 'addressCorrected') {
          setForm((x) => applyAssumedLocation(x, f.assumedLocation));
          setCorrected(f.assumedLocation);
        } else if (f.kind === 'alert') {
          setAlert({ title: f.title ?? CHECKOUT_TEXTS.errorTitle, text: f.message });
          // the menu changed since the page loaded it: load the new one, the cart shows its prices
          const shopId = $shopId.get();
          if (f.code === 'cart_changed' && shopId) void loadShop(shopId, { force: true });
        }
        // the shop's database is away (503): say so; the form and the cart stay, the same key retries
        else setAlert({ title: CHECKOUT_TEXTS.errorTitle, text: isUnavailable(f.error) ? SHOP_UNAVAILABLE : T.otherError });
        return;
      }
      case 'confirmed':
        setStep('confirmation');
        return onConfirmed(r.orderId);
      case 'redirect':
        setStep('external');
        if (stripeKey && form.paymentMethod.startsWith('Stripe_')) await loadStripeJs(stripeKey);
        location.assign(r.url);
        return;
      case 'approve':
        if (r.url) {
          setStep('external');
          location.assign(r.url); // the simulated provider's approval page
        }
        return;
      case 'failed':
        setStep('address');
        setNotice('paymentFailed');
        return;
    }
  };

  // one submit at a time (a double click or Enter while the address is looked up sends once)
  const inFlight = useRef(false);
  const submit = async (viaPayPalButton = false) => {
    if (step !== 'address' || inFlight.current) return;
    inFlight.current = true;
    try {
      await handle(await run(viaPayPalButton));
    } finally {
      inFlight.current = false;
    }
  };

  // real PayPal buttons (a client id configured): create → approve → capture in the SDK's popup
  useEffect(() => {
    const el = paypalRef.current;
    if (!realPayPal || !el || !clientId) return;
    el.replaceChildren();
    let orderId = '';
    void renderPayPalButtons(clientId, el, {
      createOrder: async () => {
        const r = await run(true);
        if (r?.kind === 'approve') {
          orderId = r.orderId;
          return r.ref;
        }
        await handle(r);
        throw new Error('checkout stopped');
      },
      onApprove: async ({ orderID }) => {
        const result = await capture(orderId, 'PayPal_Platform', orderID);
        if (result === 'success') return onConfirmed(orderId);
        setStep('address');
        setNotice(result === 'INSTRUMENT_DECLINED' ? 'instrumentDeclined' : 'paymentFailed');
      },
      onError: () => {
        setStep('address');
        setNotice('paymentFailed');
      },
      onCancel: () => setStep('address'),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [realPayPal]);

  useEffect(() => {
    if (!resubmit.current) return;
    resubmit.current = false;
    void submit(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  const busy = step !== 'address';
  const paypalPlatform = form.paymentMethod === 'PayPal_Platform';
  const stepText = step === 'sending' ? T.sending : step === 'prepare' ? T.preparing : step === 'external' ? T.redirecting : '';

  return (
    <form
      ref={rootRef}
      className="co-form"
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      {notice && (
        <p className={`co-notice co-notice--${notice}`} role="alert">
          {NOTICE_TEXT[notice]}
        </p>
      )}
      <div className="co-columns">
        <div className="co-main">
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
          <div id="co-field-serveAt" className="co-serveat">
            <ServeAtSelect asap={choices.asap} times={choices.times} value={serveAt} onChange={(v) => setServeAt(v)} label={pickup ? T.serveAtPickup : T.serveAtDelivery} notice={serveAtNotice} hint={null} />
            {errors.serveAt && <p className="co-error" role="alert">{errors.serveAt}</p>}
          </div>
          {!pickup && <Field name="messageDriver" multiline label={T.messageDriver} value={form.messageDriver} onValue={(v) => set('messageDriver', v)} maxLength={500} />}
          <Field name="messageCook" multiline label={T.messageCook} value={form.messageCook} onValue={(v) => set('messageCook', v)} maxLength={500} />
          <PaymentMethods methods={methods} value={form.paymentMethod} onChange={(m) => set('paymentMethod', m)} error={errors.paymentMethod} />
          <div className="co-checks">
            <label className="co-check" id="co-field-legalAccepted">
              <input type="checkbox" checked={form.legalAccepted} onChange={(e) => set('legalAccepted', e.target.checked)} />
              <span>
                {T.legalBefore}
                {legal.terms ? <a href={`${host.shopUrl}/static/${legal.terms}`} target="_blank" rel="noopener">{T.terms}</a> : T.terms}
                {T.legalMiddle}
                {legal.privacy ? <a href={`${host.shopUrl}/static/${legal.privacy}`} target="_blank" rel="noopener">{T.privacy}</a> : T.privacy}
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
        </div>
        <div className="co-side">
          <Summary catalog={catalog} items={items} order={order} />
          {stepText && <p className="co-step" role="status">{stepText}</p>}
          {paypalPlatform && realPayPal && <div ref={paypalRef} className="co-paypal-sdk" />}
          {paypalPlatform && !realPayPal && (
            <Button block className="co-paypal" loading={busy} onClick={() => void submit(true)}>
              {T.paypalButton}
            </Button>
          )}
          <Button block type="submit" className="co-submit" loading={busy} variant={paypalPlatform ? 'secondary' : 'primary'} aria-describedby="co-withdrawal">
            {T.submit}
          </Button>
          <LegalFooter shopUrl={host.shopUrl} terms={legal.terms} privacy={legal.privacy} />
        </div>
      </div>
      <AlertDialog
        open={alert !== null}
        title={alert?.title ?? ''}
        onClose={() => {
          const field = alert?.field;
          setAlert(null);
          if (field) setTimeout(() => scrollTo(field), 0);
        }}
      >
        {alert?.text}
      </AlertDialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const c = confirm;
          setConfirm(null);
          if (c?.code === 'invalidOrder') {
            const unsuited = unsuitedItems(items, deliveryType);
            resubmit.current = true;
            setCart($cart.get().filter((i) => !unsuited.includes(i)));
          } else if (c?.code === 'outsideDeliveryAreaFranchise') host.navigate('/');
        }}
      >
        {confirm?.text}
      </ConfirmDialog>
      <ConfirmDialog
        open={corrected !== null}
        title={ORDER_FORM_TEXTS.addressCorrectedTitle}
        confirmLabel={T.addressCorrectedYes}
        cancelLabel={T.addressCorrectedNo}
        onCancel={() => {
          setCorrected(null);
          setTimeout(() => scrollTo('street'), 0);
        }}
        onConfirm={() => {
          setCorrected(null);
          skipGoogle.current = true;
          if (paypalPlatform) setTimeout(() => rootRef.current?.querySelector<HTMLElement>('.co-paypal, .co-paypal-sdk')?.scrollIntoView({ block: 'center' }), 0);
          else void submit(false);
        }}
      >
        {corrected ? T.addressCorrectedText(`${corrected.street} ${corrected.streetNumber}, ${corrected.zip} ${corrected.city}`) : null}
      </ConfirmDialog>
    </form>
  );
}

const FAILURE_FIELD: Partial<Record<string, string>> = {
  email: 'email', paymentMethod: 'paymentMethod', legalAcceptance: 'legalAccepted', pickupConfirmation: 'pickupConfirmed', accountConsent: 'acceptAdvertising',
};
