// The shell's pages. Content the spec does not show is kept simple (docs/decisions.md).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Bootstrap, TimetableEntry } from '@shared/domain';
import { $deliveryPeriod } from '@shared/stores';
import { closedMessage, rangesText, shopTimeAt, upcomingClosures, weekHours } from '@shared/time';
import type { Route } from './routes';
import { Link } from './Link';

/** /oeffnungszeiten: opening and delivery times per weekday (today highlighted), the closed
 * message and the special closures still ahead, all from the current delivery period. */
function OpeningTimes({ data }: { data: Bootstrap }) {
  const live = useStore($deliveryPeriod);
  const period = live ?? data.deliveryPeriod;
  const today = shopTimeAt(new Date(), data.config.timeZone).date;
  const closures = upcomingClosures(period.specialOpeningTimes, today);
  const message = closedMessage(period);
  return (
    <>
      {message && (
        <p className="times-closed" role="status">
          {message}
        </p>
      )}
      <Times entries={period.openingTimes} caption="Öffnungszeiten" today={period.dayIndex} />
      <Times entries={period.deliveryTimes} caption="Lieferzeiten" today={period.dayIndex} />
      {closures.length > 0 && (
        <section aria-labelledby="closures-title" className="times-closures">
          <h3 id="closures-title">Besondere Schließzeiten</h3>
          <ul>
            {closures.map((x) => (
              <li key={`${x.dates}-${x.label}`} data-reason={x.reason} data-current={x.current || undefined}>
                <strong>{x.label}</strong>: {x.dates} ({x.hours})
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Times({ entries, caption, today }: { entries: TimetableEntry[] | undefined; caption: string; today: number }) {
  return (
    <table className="times">
      <caption>{caption}</caption>
      <tbody>
        {weekHours(entries).map((d) => (
          <tr
            key={d.day}
            className={d.dayIndex === today ? 'times__today' : undefined}
            style={d.dayIndex === today ? { fontWeight: 700, background: '#fff4d6' } : undefined}
            aria-current={d.dayIndex === today ? 'date' : undefined}
          >
            <th scope="row">
              {d.day}
              {d.dayIndex === today && ' (heute)'}
            </th>
            <td>{rangesText(d.ranges)}</td>
          </tr>
        ))}
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
        <div className="shell-checkout" key={`checkout-${route.params.paymentCanceled ?? ''}`}>
          <tischlein-checkout data-payment-canceled={route.params.paymentCanceled ?? ''}></tischlein-checkout>
        </div>
      );
    case 'checkoutSuccess':
      return (
        <div className="shell-checkout" key={`success-${route.params.orderId}`}>
          <tischlein-checkout data-success-order={route.params.orderId}></tischlein-checkout>
        </div>
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
          <OpeningTimes data={data} />
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
          <tischlein-address data-view="map" data-auto-open="false"></tischlein-address>
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
