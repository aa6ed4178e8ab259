// The checkout form: its state, the submit (checks, send, payment) and the layout. The fieldsets,
// check boxes and dialogs are components of their own; the checks, the payload and the return
// URLs come from @shared/checkout.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { type AssumedLocation, CHECK_FIELD, newIdempotencyKey, CHECKOUT_TEXTS, CHECKOUT_UI as T, type CheckoutFailure, type CheckoutFormState, type FormErrors, advertisingVariant, applyAssumedLocation, attemptFor, buildSubmission, checkoutPaymentMethods, firstErrorField, initialPaymentMethod, legalPages, locationOf, preSubmitFieldErrors, rememberedPart, runSubmitChecks, serveAtProblem, unsuitedItems } from '@shared/checkout';
import type { Catalog, ShopConfig } from '@shared/domain';
import type { OrderBreakdown } from '@shared/pricing';
import {
  $bootstrap, $cart, $coupon, $deliveryPeriod, $groupOrderActive, $orderItems, $tableNumber, $orderTotals, $deliveryType, $selectedFreeItems, $serveAt, $serveAtChoices,
  $serveAtForOrder, $serveAtNotice, $twoForOneStatus, getSessionId, local, setCart, setServeAt, storageKeys,
} from '@shared/stores';
import { isUnavailable } from '@shared/api';
import { SHOP_UNAVAILABLE } from '@shared/i18n';
import { Button } from '@shared/ui';
import { ServeAtSelect } from '@shared/dialog';
import { groupSubmission, rememberMissedGroupOrder } from '@shared/group';
import type { WidgetHost } from '@shared/widget';
import { Field } from './Field';
import { loadAttempt, placeAndPrepare, saveAttempt, type Notice, type PayResult, type Step } from './flow';
import { PaymentMethods } from './PaymentMethods';
import { loadStripeJs } from './sdk';
import { LegalFooter } from './LegalFooter';
import { Summary } from './Summary';
import { useAccountPrefill } from './account';
import { CheckoutDialogs, type CheckoutAlert } from './CheckoutDialogs';
import { ConsentChecks } from './ConsentChecks';
import { CustomerFields } from './CustomerFields';
import { initialForm } from './initialForm';
import { usePayPalButtons } from './usePayPalButtons';
import { resolveZone } from './zoneLookup';

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
  const [alert, setAlert] = useState<CheckoutAlert | null>(null);
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
    const t = setTimeout(() => void resolveZone(typedAddress), 500);
    return () => clearTimeout(t);
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
      const z = await resolveZone(locationOf(form));
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
      else setAlert({ title: failure.title, text: failure.text, field: CHECK_FIELD[failure.code] });
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
        } else if (f.kind === 'alert') setAlert({ title: f.title ?? CHECKOUT_TEXTS.errorTitle, text: f.message });
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
  usePayPalButtons(paypalRef, realPayPal ? clientId : null, {
    createOrder: async () => {
      const r = await run(true);
      if (r?.kind === 'approve') return { orderId: r.orderId, ref: r.ref };
      await handle(r);
      throw new Error('checkout stopped');
    },
    onCaptured: (orderId, result) => {
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
          <CustomerFields config={config} deliveryType={deliveryType} form={form} errors={errors} set={set} />
          <div id="co-field-serveAt" className="co-serveat">
            <ServeAtSelect asap={choices.asap} times={choices.times} value={serveAt} onChange={(v) => setServeAt(v)} label={pickup ? T.serveAtPickup : T.serveAtDelivery} notice={serveAtNotice} hint={null} />
            {errors.serveAt && <p className="co-error" role="alert">{errors.serveAt}</p>}
          </div>
          {!pickup && <Field name="messageDriver" multiline label={T.messageDriver} value={form.messageDriver} onValue={(v) => set('messageDriver', v)} maxLength={500} />}
          <Field name="messageCook" multiline label={T.messageCook} value={form.messageCook} onValue={(v) => set('messageCook', v)} maxLength={500} />
          <PaymentMethods methods={methods} value={form.paymentMethod} onChange={(m) => set('paymentMethod', m)} error={errors.paymentMethod} />
          <ConsentChecks form={form} set={set} pickup={pickup} shopUrl={host.shopUrl} legal={legal} adText={adText} loggedIn={loggedIn} />
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
      <CheckoutDialogs
        alert={alert}
        onAlertClose={(field) => {
          setAlert(null);
          if (field) setTimeout(() => scrollTo(field), 0);
        }}
        confirm={confirm}
        onConfirmCancel={() => setConfirm(null)}
        onConfirm={(c) => {
          setConfirm(null);
          if (c?.code === 'invalidOrder') {
            const unsuited = unsuitedItems(items, deliveryType);
            resubmit.current = true;
            setCart($cart.get().filter((i) => !unsuited.includes(i)));
          } else if (c?.code === 'outsideDeliveryAreaFranchise') host.navigate('/');
        }}
        corrected={corrected}
        onCorrectedNo={() => {
          setCorrected(null);
          setTimeout(() => scrollTo('street'), 0);
        }}
        onCorrectedYes={() => {
          setCorrected(null);
          skipGoogle.current = true;
          if (paypalPlatform) setTimeout(() => rootRef.current?.querySelector<HTMLElement>('.co-paypal, .co-paypal-sdk')?.scrollIntoView({ block: 'center' }), 0);
          else void submit(false);
        }}
      />
    </form>
  );
}
