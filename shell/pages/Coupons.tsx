// /reservieren/{emailid}: activates the coupon of a coupon e-mail and puts it into the cart.
// /f/{drivercode}: reserves a single-use coupon from a driver's card for the guest's phone.
import { useState, type FormEvent } from 'react';
import { activateCouponMail, answerMessage, getCouponMail, getDriverCode, reserveDriverCoupon, PAGE_TEXTS as T, DRIVER_CODE, LINK_ID, validateCouponReservation } from '@shared/pages';
import { formatEuro } from '@shared/i18n';
import { applyCoupon } from '@shared/stores';
import { Link } from '../Link';
import { Field, usePageForm, FormAlert, formValues, LoadState, NotFound, Page, Status, useLoad } from './common';

const never = () => new Promise<never>(() => {});

export function CouponActivation({ emailId }: { emailId: string }) {
  const valid = LINK_ID.test(emailId);
  const [state] = useLoad(() => (valid ? getCouponMail(emailId) : never()), [emailId]);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!valid) return <NotFound />;
  if (state.state !== 'ready') return <LoadState state={state} title={T.activationTitle} />;
  const activate = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const res = await activateCouponMail(emailId);
      await applyCoupon(res.code);
      setCode(res.code);
    } catch (e) {
      setFailed(answerMessage(e) ?? T.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.activationTitle}>
      {code ? (
        <>
          <Status>{T.activationDone.replace('{code}', code)}</Status>
          <p>
            <Link to="/" className="page-link">
              Zur Speisekarte
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>Aktiviere Deinen Gutschein aus unserer E-Mail: Er wird bei Deiner nächsten Bestellung abgezogen.</p>
          <FormAlert text={failed} />
          <button type="button" className="page-submit" onClick={activate} disabled={busy}>
            {busy ? T.sending : T.activationSubmit}
          </button>
        </>
      )}
    </Page>
  );
}

export function CouponReservation({ driverCode }: { driverCode: string }) {
  const valid = DRIVER_CODE.test(driverCode);
  const [state] = useLoad(() => (valid ? getDriverCode(driverCode) : never()), [driverCode]);
  const { form, errors, busy, failed, submit } = usePageForm();
  const [done, setDone] = useState<{ code: string; phone: string } | null>(null);
  if (!valid) return <NotFound />;
  if (state.state !== 'ready') return <LoadState state={state} title={T.reserveTitle} />;
  const d = state.data;
  const value = d.type === 'percent' ? `${d.value} %` : formatEuro(d.value);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await submit(validateCouponReservation(formValues(e.currentTarget)), async (value) => {
      setDone(await reserveDriverCoupon(driverCode, value.phone));
    });
  };
  return (
    <Page title={T.reserveTitle}>
      {done ? (
        <Status>{T.reserveDone.replace('{code}', done.code).replace('{phone}', done.phone)}</Status>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate className="page-form">
          <p>
            Gutschein über <strong>{value}</strong>
            {d.minimumOrderValue > 0 && <> ab einem Bestellwert von {formatEuro(d.minimumOrderValue)}</>}.
          </p>
          <p>{T.reserveIntro}</p>
          <Field name="phone" label="Telefon" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone} />
          <FormAlert text={failed} />
          <button type="submit" className="page-submit" aria-busy={busy || undefined}>
            {busy ? T.sending : T.reserveSubmit}
          </button>
        </form>
      )}
    </Page>
  );
}
