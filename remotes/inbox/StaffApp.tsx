// <tischlein-inbox>: the restaurant's staff app at /restaurant. Login, then the sections the
// role may see (remotes/inbox/sections.ts), each at /restaurant/{path}. The shop's orders stay
// live in every section: a new order rings and shows a banner wherever the staff member is.
import { Suspense, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type FormEvent, type MouseEvent, type RefObject } from 'react';
import { INBOX_TEXTS as T } from '@shared/inbox';
import { Dialog } from '@shared/dialog';
import { Button } from '@shared/ui';
import { OPS_TEXTS } from '@shared/ops';
import type { WidgetProps } from '@shared/widget';
import { enableAudio } from './alarm';
import { sessionLost, staffApi, StaffApiError, staffBase, type StaffUser } from './api';
import { mayLeave } from './leaveGuard';
import { SectionBoundary } from './SectionBoundary';
import { sectionOf, staffNavGroups, type StaffNavGroup, type StaffSection } from './sections';
import { useHeight } from './useHeight';
import { useLiveOrders } from './useLiveOrders';

function addManifest(shopId: string) {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `${staffBase(shopId)}/manifest.webmanifest`;
  document.head.appendChild(link);
}

/**
 * The sign-in form: on its own page (`inDialog` false, with its heading) or in the dialog that asks
 * to sign in again once the session has ended (`email` filled in; `passwordRef` the field the dialog
 * focuses, as the e-mail is there already).
 */
function Login({ onDone, shopId, inDialog = false, email = '', passwordRef }: { onDone(u: StaffUser): void; shopId: string; inDialog?: boolean; email?: string; passwordRef?: RefObject<HTMLInputElement | null> }) {
  const api = useMemo(() => staffApi(shopId), [shopId]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    // the click is the user gesture browsers want before audio may play
    await enableAudio();
    try {
      onDone((await api.login(String(f.get('email') ?? ''), String(f.get('password') ?? ''))).user);
    } catch (err) {
      setError(err instanceof StaffApiError ? err.message : T.loginFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={inDialog ? 'login login--again' : 'login'} onSubmit={submit} {...(inDialog ? { 'aria-label': T.login } : { 'aria-labelledby': 'login-title' })}>
      {inDialog ? <p>{T.sessionEnded}</p> : <h2 id="login-title">Bestellungen – {T.login}</h2>}
      <label className="field">
        {T.email}
        <input name="email" type="email" autoComplete="username" required defaultValue={email} />
      </label>
      <label className="field">
        {T.password}
        <input ref={passwordRef} name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <Button type="submit" loading={busy}>
        {T.login}
      </Button>
    </form>
  );
}

const BASE = '/restaurant';

/**
 * The sections in their groups ('Tagesgeschäft', 'Speisekarte', 'Shop einrichten', 'Berichte'),
 * each group a heading over its links. Tablet and laptop show every group; a phone shows a 'Menü'
 * button that opens them as a sheet (closed again by a link, by the button or by Escape).
 */
function StaffNav({ groups, current, onGo }: { groups: StaffNavGroup[]; current: StaffSection | null; onGo(e: MouseEvent<HTMLAnchorElement>, to: string): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open sheet and gives the focus back to its button
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <nav className="staff__nav" aria-label="Bereiche">
      <button ref={toggle} type="button" className="staff__menu" aria-expanded={open} aria-controls={`${id}-groups`} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="staff__menu-icon">{open ? '×' : '☰'}</span> Menü
      </button>
      <div id={`${id}-groups`} className={`staff__groups${open ? ' staff__groups--open' : ''}`}>
        {groups.map((g) => (
          <div key={g.id} className="staff__group">
            <h3 id={`${id}-${g.id}`} className="staff__group-title">{g.label}</h3>
            <ul aria-labelledby={`${id}-${g.id}`}>
              {g.sections.map((s) => (
                <li key={s.path}>
                  <a href={s.path ? `${BASE}/${s.path}` : BASE} aria-current={s === current ? 'page' : undefined} onClick={(e) => { setOpen(false); onGo(e, s.path); }}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

/** The section path of the page's URL: /restaurant → '', /restaurant/speisekarte → 'speisekarte' */
function currentPath(): string {
  const m = /^\/restaurant(?:\/([^/?#]*))?/.exec(location.pathname);
  return m?.[1] ?? '';
}

export function StaffApp({ host }: WidgetProps) {
  const shopId = host.shopId;
  const api = useMemo(() => staffApi(shopId), [shopId]);
  const [user, setUser] = useState<StaffUser | null | 'loading'>('loading');
  // the session ended while signed in: a dialog asks to sign in again over what is open
  const [ended, setEnded] = useState(false);
  const [path, setPath] = useState(currentPath);
  const live = useLiveOrders(api, user === 'loading' ? null : user);
  const main = useRef<HTMLDivElement>(null);
  const password = useRef<HTMLInputElement>(null);
  // the ringing alarm sticks at the top; a section's sticky bar sticks below it (styles: --inbox-alarm-h)
  const [alarmRef, alarmHeight] = useHeight<HTMLParagraphElement>();

  useEffect(() => {
    addManifest(shopId);
    api.me().then((m) => setUser(m.user ?? null), () => setUser(null));
  }, [api, shopId]);

  useEffect(() => {
    const onLost = () => setEnded(true);
    sessionLost.addEventListener('lost', onLost);
    return () => sessionLost.removeEventListener('lost', onLost);
  }, []);

  useEffect(() => {
    const onPop = () => setPath(currentPath());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  if (user === 'loading') return <p className="loading">{T.loading}</p>;
  // (the first `me` of a device not signed in is told as lost too: the login page starts afresh)
  if (!user) return <Login shopId={shopId} onDone={(u) => { setEnded(false); setUser(u); }} />;

  const groups = staffNavGroups(user.role);
  const sectionCount = groups.reduce((n, g) => n + g.sections.length, 0);
  const section = sectionOf(path, user.role);
  const go = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!mayLeave()) return;
    history.pushState(null, '', to ? `${BASE}/${to}` : BASE);
    setPath(to);
    main.current?.focus();
  };

  return (
    <div className="staff" style={alarmHeight ? ({ '--inbox-alarm-h': `${alarmHeight}px` } as CSSProperties) : undefined}>
      <header className="inbox__bar">
        <h2>{section?.label ?? 'Nicht gefunden'}</h2>
        {live.shop && (live.shop.reason || live.shop.busyMinutes > 0) && (
          <p className="inbox__state" role="status">
            {[live.shop.reason === 'paused' ? OPS_TEXTS.guestPausedTitle : live.shop.reason === 'unattended' ? OPS_TEXTS.unattended : null, live.shop.busyMinutes > 0 ? OPS_TEXTS.busyNow(live.shop.busyMinutes) : null].filter(Boolean).join(' · ')}
          </p>
        )}
        <p className={`inbox__online${live.online ? '' : ' inbox__online--off'}`} role="status">
          {live.online ? 'Verbunden' : 'Keine Verbindung – verbinde neu …'}
        </p>
        <Button variant="ghost" onClick={() => mayLeave() && void api.logout().finally(() => { setEnded(false); setUser(null); })}>
          {T.logout}
        </Button>
      </header>
      {sectionCount > 1 && <StaffNav groups={groups} current={section} onGo={go} />}
      {live.ringing && (
        <p ref={alarmRef} className="inbox__alarm" role="alert">
          {T.newOrder}
          {section?.path !== '' && (
            <>
              {' '}
              <a href={BASE} onClick={(e) => go(e, '')}>
                Zu den Bestellungen
              </a>
            </>
          )}
        </p>
      )}
      <div ref={main} tabIndex={-1} className="staff__main">
        {section ? (
          <SectionBoundary key={section.path} name={section.path || 'orders'}>
            <Suspense fallback={<p className="loading">{T.loading}</p>}>
              <section.Component api={api} user={user} shopId={shopId} live={live} />
            </Suspense>
          </SectionBoundary>
        ) : (
          <p role="alert">
            Diese Seite gibt es hier nicht.{' '}
            <a href={BASE} onClick={(e) => go(e, '')}>
              Zu den Bestellungen
            </a>
          </p>
        )}
      </div>
      <Dialog open={ended} persistent hideCloseIcon footer={null} header={T.signInAgain} initialFocus={password} onClose={() => undefined}>
        <Login shopId={shopId} inDialog email={user.email} passwordRef={password} onDone={(u) => { setEnded(false); setUser(u); }} />
      </Dialog>
    </div>
  );
}
