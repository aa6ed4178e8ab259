// The shell's pages. Content the spec does not show is kept simple (docs/decisions.md).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Bootstrap, TimetableEntry } from '@shared/domain';
import type { Route } from './routes';
import { formatRanges } from '@shared/i18n';
import { WEEKDAYS_DE } from '@shared/time';
import { Link } from './Link';

function Times({ entries, caption }: { entries: TimetableEntry[]; caption: string }) {
  return (
    <table className="times">
      <caption>{caption}</caption>
      <tbody>
        {WEEKDAYS_DE.map((day, i) => {
          const ranges = entries.filter((e) => e.dayIndex === i);
          return (
            <tr key={day}>
              <th scope="row">{day}</th>
              <td>{ranges.length ? formatRanges(ranges) : 'geschlossen'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    ref.current?.focus();
  }, [title]);
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <h2 id="page-title" tabIndex={-1} ref={ref}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Home({ route }: { route: Route }) {
  const table = new URLSearchParams(location.search).get('tisch');
  return (
    <div className="shell-home">
      <div>
        <tischlein-address></tischlein-address>
        {table && <tischlein-table data-table={table}></tischlein-table>}
        <tischlein-menu data-sms-code={route.params.smsCode ?? ''}></tischlein-menu>
      </div>
      <aside className="shell-aside" aria-label="Warenkorb">
        <tischlein-cart data-variant="full"></tischlein-cart>
        <tischlein-group></tischlein-group>
      </aside>
    </div>
  );
}

function Reservation() {
  const [sent, setSent] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
  };
  if (sent) return <p role="status">Danke! Wir melden uns mit einer Bestätigung deiner Reservierung.</p>;
  return (
    <form onSubmit={onSubmit} className="reservation">
      <p>
        <label>
          Name <input name="name" required minLength={3} autoComplete="name" />
        </label>
      </p>
      <p>
        <label>
          Datum <input name="date" type="date" required />
        </label>
      </p>
      <p>
        <label>
          Uhrzeit <input name="time" type="time" required />
        </label>
      </p>
      <p>
        <label>
          Personen <input name="persons" type="number" min={1} max={20} defaultValue={2} required />
        </label>
      </p>
      <button type="submit">Anfrage senden</button>
    </form>
  );
}

export function NotFound() {
  return (
    <Page title="Seite nicht gefunden">
      <p>Diese Seite gibt es leider nicht.</p>
      <p>
        <Link to="/">Zur Speisekarte</Link>
      </p>
    </Page>
  );
}

export function Pages({ route, data }: { route: Route; data: Bootstrap }) {
  const c = data.config;
  switch (route.name) {
    case 'home':
      return <Home route={route} />;
    case 'checkout':
    case 'checkoutCanceled':
      return (
        <div className="shell-checkout">
          <tischlein-checkout data-payment-canceled={route.params.paymentCanceled ?? ''}></tischlein-checkout>
        </div>
      );
    case 'checkoutSuccess':
      return (
        <Page title="Deine Bestellung">
          <p>Bestellnummer: {route.params.orderId}</p>
          <tischlein-checkout data-success-order={route.params.orderId}></tischlein-checkout>
        </Page>
      );
    case 'checkoutHolding':
      return (
        <Page title="Gleich geht es weiter">
          <p>Der Gruppenleiter bezahlt gerade die Bestellung. Bitte warte einen Moment.</p>
          <tischlein-group data-view="holding"></tischlein-group>
        </Page>
      );
    case 'openingTimes':
      return (
        <Page title="Öffnungszeiten">
          <Times entries={c.openingTimes} caption="Öffnungszeiten" />
          <Times entries={c.deliveryTimes} caption="Lieferzeiten" />
        </Page>
      );
    case 'directions':
      return (
        <Page title="Anfahrt">
          <address>
            {c.restaurantName}
            <br />
            {c.restaurantStreet}
            <br />
            {c.restaurantZip} {c.restaurantCity}
          </address>
          <p>Telefon: {c.phone}</p>
        </Page>
      );
    case 'about':
      return (
        <Page title="Über uns">
          <p>{c.restaurantName}</p>
          {c.news.map((n, i) => (
            <p key={i}>{n}</p>
          ))}
        </Page>
      );
    case 'static': {
      const page = c.pages.find((p) => p.id === route.params.id);
      if (!page) return <NotFound />;
      return (
        <Page title={page.title}>
          {page.body.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </Page>
      );
    }
    case 'tableReservation':
      return (
        <Page title="Tisch reservieren">
          <Reservation />
        </Page>
      );
    case 'tableReservationAnswer':
      return (
        <Page title="Reservierung">
          <p>
            Reservierung {route.params.id}: Fragen zu deiner Reservierung beantworten wir gern telefonisch unter{' '}
            {c.phone}.
          </p>
        </Page>
      );
    case 'feedback':
      return (
        <Page title="Bewertung">
          <p>Wie hat dir deine Bestellung {route.params.order} geschmeckt?</p>
        </Page>
      );
    case 'unsubscribe':
      return (
        <Page title="Newsletter abbestellen">
          <p>
            Möchtest du für {route.params.email} keine Nachrichten mehr erhalten? Schreib uns oder ruf uns an: {c.phone}.
          </p>
        </Page>
      );
    case 'couponActivation':
      return (
        <Page title="Gutschein aktivieren">
          <p>Gib deinen Gutscheincode im Warenkorb ein, um ihn einzulösen.</p>
        </Page>
      );
    case 'couponReservation':
      return (
        <Page title="Gutschein reservieren">
          <p>Gutscheincode: {route.params.drivercode}</p>
          <p>
            <Link to="/">Zur Speisekarte</Link>
          </p>
        </Page>
      );
    default:
      return <NotFound />;
  }
}
