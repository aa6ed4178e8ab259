// The shell's pages. Content the spec does not show is kept simple (docs/decisions.md).
import { useStore } from '@nanostores/react';
import type { Bootstrap, TimetableEntry } from '@shared/domain';
import { $deliveryPeriod, $tableNumber } from '@shared/stores';
// pure functions the embed runtime does not need: from their files, not the shared barrel
import { shopTimeAt } from '@shared/time/clock';
import { closedMessage, rangesText, upcomingClosures, weekHours } from '@shared/time/openingHours';
import type { Route } from './routes';
import { About } from './pages/About';
import { Accessibility } from './pages/Accessibility';
import { NotFound, Page } from './pages/common';
import { CouponActivation, CouponReservation } from './pages/Coupons';
import { Feedback } from './pages/Feedback';
import { ReservationAnswer, TableReservation } from './pages/Reservation';
import { StaticPage } from './pages/Static';
import { Unsubscribe } from './pages/Unsubscribe';

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

function Home({ route }: { route: Route }) {
  // table mode (?tisch= or a table in the session): no delivery/pickup dialog, no group functions
  const param = new URLSearchParams(location.search).get('tisch');
  const table = useStore($tableNumber);
  const tableMode = param !== null || table !== null;
  return (
    <div className="shell-home">
      <div>
        {!tableMode && <tischlein-address></tischlein-address>}
        {tableMode && <tischlein-table data-table={param ?? undefined}></tischlein-table>}
        <tischlein-menu data-sms-code={route.params.smsCode ?? ''}></tischlein-menu>
      </div>
      <aside className="shell-aside" aria-label="Warenkorb">
        <tischlein-cart data-variant="full"></tischlein-cart>
        {!tableMode && <tischlein-group></tischlein-group>}
      </aside>
    </div>
  );
}

export { NotFound };

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
      return <About data={data} />;
    case 'accessibility':
      return <Accessibility data={data} />;
    case 'static':
      return <StaticPage data={data} id={route.params.id} />;
    case 'tableReservation':
      return <TableReservation data={data} />;
    case 'tableReservationAnswer':
      return <ReservationAnswer id={route.params.id} type={route.params.type} />;
    case 'feedback':
      return <Feedback orderId={route.params.order} />;
    case 'unsubscribe':
      return <Unsubscribe type={route.params.type} email={route.params.email} />;
    case 'couponActivation':
      return <CouponActivation emailId={route.params.emailid} />;
    case 'couponReservation':
      return <CouponReservation driverCode={route.params.drivercode} />;
    default:
      return <NotFound />;
  }
}
