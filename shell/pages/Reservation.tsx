// /tisch-reservieren (the request, stored and mailed to the restaurant) and /tr/{id}/{type}
// (the restaurant's answer from the links in that e-mail).
import { useState, type FormEvent } from 'react';
import { answerMessage, answerReservation, getReservation, sendReservation, PAGE_TEXTS as T, parseReservationAnswer, RESERVATION_MAX_PERSONS, validateReservation } from '@shared/pages';
import type { Bootstrap } from '@shared/domain';
import { sendEvent } from '@shared/stores';
import { shopTimeAt } from '@shared/time/clock';
import { Field, usePageForm, FormAlert, formValues, LoadState, NotFound, Page, Status, useLoad } from './common';

function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

export function TableReservation({ data }: { data: Bootstrap }) {
  const c = data.config;
  const { form, errors, busy, failed, submit } = usePageForm();
  const [sent, setSent] = useState(false);
  const now = shopTimeAt(new Date(), c.timeZone);

  if (!c.flags.enableReservations) {
    return (
      <Page title={T.reservationTitle}>
        <p>
          {T.reservationDisabled} <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
        </p>
      </Page>
    );
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    await submit(validateReservation(values, shopTimeAt(new Date(), c.timeZone)), async (value) => {
      await sendReservation(value);
      setSent(true);
      void sendEvent('reservation', 'requested', { persons: value.persons });
    });
  };

  return (
    <Page title={T.reservationTitle}>
      {sent ? (
        <Status>{T.reservationSent}</Status>
      ) : (
        <>
          <p>{T.reservationIntro}</p>
          <form ref={form} onSubmit={onSubmit} noValidate className="page-form reservation">
            <div className="form-row">
              <Field name="date" label="Datum" type="date" min={now.date} error={errors.date} />
              <Field name="time" label="Uhrzeit" type="time" error={errors.time} />
              <Field name="persons" label="Personen" type="number" inputMode="numeric" min="1" max={String(RESERVATION_MAX_PERSONS)} defaultValue="2" error={errors.persons} />
            </div>
            <Field name="name" label="Name" autoComplete="name" error={errors.name} />
            <Field name="phone" label="Telefon" type="tel" inputMode="tel" autoComplete="tel" error={errors.phone} />
            <Field name="email" label="E-Mail" type="email" inputMode="email" autoComplete="email" error={errors.email} />
            <Field name="message" label="Nachricht" multiline required={false} error={errors.message} />
            <FormAlert text={failed} />
            <button type="submit" className="page-submit" aria-busy={busy || undefined}>
              {busy ? T.sending : T.reservationSubmit}
            </button>
          </form>
        </>
      )}
    </Page>
  );
}

/** /tr/{id}/{type}: type 'bestaetigen' or 'ablehnen'; anything else is not a page. */
export function ReservationAnswer({ id, type }: { id: string; type: string }) {
  const status = parseReservationAnswer(type);
  const [state, setData] = useLoad(() => (status ? getReservation(id) : new Promise<never>(() => {})), [id, type]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!status) return <NotFound />;
  if (state.state !== 'ready') return <LoadState state={state} title={T.answerTitle} />;
  const r = state.data;
  const answer = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const res = await answerReservation(id, type);
      setData({ ...r, status: res.status });
      setMessage(res.status === 'confirmed' ? T.answerConfirmed : T.answerDeclined);
    } catch (e) {
      setFailed(answerMessage(e) ?? T.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={T.answerTitle}>
      <dl className="page-facts">
        <dt>Datum</dt>
        <dd>
          {germanDate(r.date)}, {r.time} Uhr
        </dd>
        <dt>Personen</dt>
        <dd>{r.persons}</dd>
        <dt>Name</dt>
        <dd>{r.name}</dd>
      </dl>
      {message ? (
        <Status>{message}</Status>
      ) : r.status !== 'requested' ? (
        <Status>
          {T.answerAlready} ({r.status === 'confirmed' ? 'bestätigt' : 'abgelehnt'})
        </Status>
      ) : (
        <>
          <FormAlert text={failed} />
          <button type="button" className="page-submit" onClick={answer} disabled={busy}>
            {status === 'confirmed' ? T.answerConfirm : T.answerDecline}
          </button>
        </>
      )}
    </Page>
  );
}
