import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $bootstrap, $devFlags } from '@shared/stores';
import type { Bootstrap } from '@shared/domain';
import { matchRoute, type Route } from './routes';
import { Link } from './Link';
import { Pages } from './pages';
import { ConsentBanner, ConsentSettingsButton } from './ConsentBanner';
import { hasLoginToken } from './start';

function useRoute(): Route {
  const [route, setRoute] = useState(() => matchRoute(location.pathname));
  useEffect(() => {
    const on = () => setRoute(matchRoute(location.pathname));
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return route;
}

export function App() {
  const route = useRoute();
  const boot = useStore($bootstrap);
  const devFlags = useStore($devFlags);

  useEffect(() => {
    if (boot.status === 'loading') return;
    document.getElementById('splash')?.setAttribute('hidden', '');
    if (boot.status === 'ready' && boot.data) {
      document.title = boot.data.config.title || boot.data.config.restaurantName;
    }
  }, [boot.status, boot.data]);

  if (boot.status === 'loading') return null;
  if (boot.status === 'error' || !boot.data) {
    return (
      <main className="shell-main">
        <div className="shell-page" role="alert">
          <h1>Der Shop ist gerade nicht erreichbar</h1>
          <p>Bitte versuche es in einem Moment noch einmal.</p>
          <button type="button" onClick={() => location.reload()}>
            Neu laden
          </button>
        </div>
      </main>
    );
  }
  const data = boot.data as Bootstrap;
  // the restaurant's inbox (staff app): a page of its own, no storefront around it
  if (route.name === 'restaurant') {
    return (
      <main className="shell-main shell-main--staff" id="main">
        <h1 className="visually-hidden">{data.config.restaurantName} – Bestellungen</h1>
        <tischlein-inbox></tischlein-inbox>
      </main>
    );
  }
  return (
    <>
      <ConsentBanner pages={data.config.pages} />
      <header className="shell-header" id="scroll-top">
        <h1>
          <Link to="/">{data.config.restaurantName}</Link>
        </h1>
        <nav className="shell-nav" aria-label="Hauptnavigation">
          <ul>
            <li>
              <Link to="/">Speisekarte</Link>
            </li>
            <li>
              <Link to="/oeffnungszeiten">Öffnungszeiten</Link>
            </li>
            <li>
              <Link to="/anfahrt">Anfahrt</Link>
            </li>
            <li>
              <Link to="/ueber-uns">Über uns</Link>
            </li>
            {data.config.flags.enableReservations && (
              <li>
                <Link to="/tisch-reservieren">Tisch reservieren</Link>
              </li>
            )}
          </ul>
        </nav>
        {/* login and account: the widget loads only when it can show something */}
        {(data.config.flags.enableLogin || devFlags.showLogin || hasLoginToken()) && <tischlein-account className="shell-account"></tischlein-account>}
      </header>
      <main className="shell-main" id="main">
        <Pages route={route} data={data} />
      </main>
      <footer className="shell-footer">
        <span>
          {data.config.restaurantName}, {data.config.restaurantStreet}, {data.config.restaurantZip}{' '}
          {data.config.restaurantCity}
        </span>
        <br />
        {data.config.pages.map((p) => (
          <Link key={p.id} to={`/static/${encodeURIComponent(p.id)}`}>
            {p.title}
          </Link>
        ))}
        <Link to="/barrierefreiheit">Barrierefreiheit</Link>
        <br />
        <ConsentSettingsButton />
      </footer>
    </>
  );
}
