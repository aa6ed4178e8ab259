// <tischlein-inbox>: the restaurant's order inbox at /restaurant. Login, then the
// shop's orders live over server-sent events, in tabs; a new order rings until acknowledged.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { OrderStatus } from '@shared/checkout';
import { INBOX_TAB_TEXTS, INBOX_TABS, INBOX_TEXTS as T, type InboxTab } from '@shared/inbox';
import { Button } from '@shared/ui';
import type { WidgetProps } from '@shared/widget';
import { audioReady, enableAudio, keepAwake, ring } from './alarm';
import { staffApi, StaffApiError, type StaffOrder, type StaffUser } from './api';
import { AcceptDialog, RefuseDialog } from './dialogs';
import { OrderCard } from './OrderCard';

function addManifest(shopId: string) {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/api/staff/${encodeURIComponent(shopId)}/manifest.webmanifest`;
  document.head.appendChild(link);
}

function Login({ onDone, shopId }: { onDone(u: StaffUser): void; shopId: string }) {
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
    <form className="login" onSubmit={submit} aria-labelledby="login-title">
      <h2 id="login-title">Bestellungen – {T.login}</h2>
      <label className="field">
        {T.email}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label className="field">
        {T.password}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <Button type="submit" loading={busy}>
        {T.login}
      </Button>
    </form>
  );
}

export function InboxApp({ host }: WidgetProps) {
  const shopId = host.shopId;
  const api = useMemo(() => staffApi(shopId), [shopId]);
  const [user, setUser] = useState<StaffUser | null | 'loading'>('loading');
  const [orders, setOrders] = useState<Map<string, StaffOrder>>(new Map());
  const [tab, setTab] = useState<InboxTab>('new');
  const [dialog, setDialog] = useState<{ kind: 'accept' | 'refuse'; order: StaffOrder } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(true);
  const [sound, setSound] = useState(audioReady());
  const title = useRef(document.title);

  useEffect(() => {
    addManifest(shopId);
    api.me().then((m) => setUser(m.user ?? null), () => setUser(null));
  }, [api, shopId]);

  // the live list: a fresh list on every (re)connect, then one order per change
  useEffect(() => {
    if (!user || user === 'loading') return;
    const es = api.events();
    es.addEventListener('open', () => setOnline(true));
    es.addEventListener('error', () => setOnline(false));
    es.addEventListener('orders', (e) => {
      const list = (JSON.parse((e as MessageEvent<string>).data) as { orders: StaffOrder[] }).orders;
      setOrders(new Map(list.map((o) => [o.id, o])));
      setOnline(true);
    });
    es.addEventListener('order', (e) => {
      const { order } = JSON.parse((e as MessageEvent<string>).data) as { order: StaffOrder };
      setOrders((m) => new Map(m).set(order.id, order));
    });
    const release = keepAwake();
    return () => {
      es.close();
      release();
    };
  }, [api, user]);

  const ringing = [...orders.values()].some((o) => !o.acknowledged && !o.refused);
  useEffect(() => {
    if (!ringing) return;
    return ring(title.current, T.newOrder);
  }, [ringing]);

  const act = async (id: string, fn: () => Promise<{ order: StaffOrder }>) => {
    setBusy(id);
    setError(null);
    try {
      const { order } = await fn();
      setOrders((m) => new Map(m).set(order.id, order));
      setDialog(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  if (user === 'loading') return <p className="loading">Lädt …</p>;
  if (!user) {
    return (
      <Login
        shopId={shopId}
        onDone={(u) => {
          setUser(u);
          setSound(audioReady());
        }}
      />
    );
  }

  const list = [...orders.values()].filter((o) => o.tab === tab);
  if (tab === 'planned') list.sort((a, b) => (a.serveAt ?? '').localeCompare(b.serveAt ?? ''));
  const counts = Object.fromEntries(INBOX_TABS.map((t) => [t, [...orders.values()].filter((o) => o.tab === t).length])) as Record<InboxTab, number>;
  const label = (o: StaffOrder) => `${o.numberText || o.id}, ${o.customer.name}`;

  return (
    <div className="inbox">
      <header className="inbox__bar">
        <h2>Bestellungen</h2>
        <p className={`inbox__online${online ? '' : ' inbox__online--off'}`} role="status">
          {online ? 'Verbunden' : 'Keine Verbindung – verbinde neu …'}
        </p>
        {!sound && (
          <Button variant="secondary" onClick={() => void enableAudio().then(setSound)}>
            Ton einschalten
          </Button>
        )}
        <Button variant="ghost" onClick={() => void api.logout().finally(() => setUser(null))}>
          {T.logout}
        </Button>
      </header>
      {ringing && (
        <p className="inbox__alarm" role="alert">
          {T.newOrder}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Bestellungen nach Stand">
        {INBOX_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls="inbox-panel"
            tabIndex={tab === t ? 0 : -1}
            className="tab"
            onClick={() => setTab(t)}
            onKeyDown={(e) => {
              const i = INBOX_TABS.indexOf(t);
              const to = e.key === 'ArrowRight' ? INBOX_TABS[(i + 1) % 4] : e.key === 'ArrowLeft' ? INBOX_TABS[(i + 3) % 4] : null;
              if (to) {
                setTab(to);
                (e.currentTarget.parentElement?.querySelector(`#tab-${to}`) as HTMLElement | null)?.focus();
              }
            }}
          >
            {INBOX_TAB_TEXTS[t]} <span className="tab__count">({counts[t]})</span>
          </button>
        ))}
      </div>
      <section id="inbox-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="cards">
        {list.length === 0 && <p className="empty">Keine Bestellungen.</p>}
        {list.map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            busy={busy === o.id}
            onAcknowledge={() => void act(o.id, () => api.acknowledge(o.id))}
            onAccept={() => setDialog({ kind: 'accept', order: o })}
            onRefuse={() => setDialog({ kind: 'refuse', order: o })}
            onStep={(s: OrderStatus) => void act(o.id, () => api.step(o.id, s))}
          />
        ))}
      </section>
      {dialog?.kind === 'accept' && (
        <AcceptDialog title={label(dialog.order)} busy={busy === dialog.order.id} onCancel={() => setDialog(null)} onAccept={(m) => void act(dialog.order.id, () => api.accept(dialog.order.id, m))} />
      )}
      {dialog?.kind === 'refuse' && (
        <RefuseDialog title={label(dialog.order)} busy={busy === dialog.order.id} onCancel={() => setDialog(null)} onRefuse={(r) => void act(dialog.order.id, () => api.refuse(dialog.order.id, r))} />
      )}
    </div>
  );
}
