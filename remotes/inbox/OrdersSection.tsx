// 'Bestellungen': the shop's orders in tabs ('Neu', 'Geplant', 'In Arbeit', 'Erledigt'),
// accepted or refused from the card.
import { useEffect, useRef, useState } from 'react';
import type { OrderStatus } from '@shared/checkout';
import { acceptPresets, INBOX_TAB_TEXTS, INBOX_TABS, INBOX_TEXTS as T, isDecided, liveTab, TICKET_TEXTS, type InboxTab } from '@shared/inbox';
import { Button } from '@shared/ui';
import { audioReady, enableAudio } from './alarm';
import { StaffApiError, type StaffOrder } from './api';
import { AcceptDialog, RefuseDialog } from './dialogs';
import { autoPrint, printTicket, setAutoPrint } from './kitchen/print';
import { OrderCard } from './OrderCard';
import type { SectionProps } from './sectionProps';

export function OrdersSection({ api, live }: SectionProps) {
  const { orders } = live;
  const [tab, setTab] = useState<InboxTab>('new');
  const [dialog, setDialog] = useState<{ kind: 'accept' | 'refuse'; order: StaffOrder } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sound, setSound] = useState(audioReady());
  const [autoPrinting, setAutoPrinting] = useState(autoPrint);
  // the device's clock moves pre-orders from 'Geplant' to 'Neu' (no event is sent when only time passes)
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  const print = (o: StaffOrder) => printTicket(o);
  // another device decided the order of the open dialog: the dialog closes, the message above the
  // tabs says what happened and where the card is now (the live stream's copy), and takes the focus
  // (the card's own 'Annehmen' has gone with it)
  const [away, setAway] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const decidedAway = (id: string) => {
    setDialog(null);
    setError(null);
    setAway(id);
  };
  const awayOrder = away ? orders.get(away) : undefined;
  const awayText = !away ? null : awayOrder && (awayOrder.accepted || awayOrder.refused) ? T.decidedElsewhere(awayOrder.numberText || awayOrder.id, awayOrder.refused, INBOX_TAB_TEXTS[liveTab(awayOrder, now)]) : T.alreadyDecided;
  const open = dialog ? orders.get(dialog.order.id) : undefined;
  const openDecided = !!open && isDecided(open) && busy !== open.id;
  useEffect(() => {
    if (openDecided && open) decidedAway(open.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the live stream's news only
  }, [openDecided]);
  useEffect(() => {
    if (away) message.current?.focus();
  }, [away]);

  const act = async (id: string, fn: () => Promise<{ order: StaffOrder }>, then?: (o: StaffOrder) => void) => {
    setBusy(id);
    setError(null);
    setAway(null);
    try {
      const { order } = await fn();
      live.put(order);
      setDialog(null);
      then?.(order);
    } catch (e) {
      if (e instanceof StaffApiError && e.code === 'already_decided') return decidedAway(id);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const tabOf = (o: StaffOrder) => liveTab(o, now);
  const list = [...orders.values()].filter((o) => tabOf(o) === tab);
  if (tab === 'planned') list.sort((a, b) => (a.serveAt ?? '').localeCompare(b.serveAt ?? ''));
  const counts = Object.fromEntries(INBOX_TABS.map((t) => [t, [...orders.values()].filter((o) => tabOf(o) === t).length])) as Record<InboxTab, number>;
  const label = (o: StaffOrder) => `${o.numberText || o.id}, ${o.customer.name}`;

  return (
    <div className="inbox">
      {!sound && (
        <p className="inbox__sound">
          <Button variant="secondary" onClick={() => void enableAudio().then(setSound)}>
            Ton einschalten
          </Button>
        </p>
      )}
      <label className="choice inbox__autoprint">
        <input
          type="checkbox"
          checked={autoPrinting}
          onChange={(e) => {
            setAutoPrint(e.target.checked);
            setAutoPrinting(e.target.checked);
          }}
        />{' '}
        {TICKET_TEXTS.autoPrint}
      </label>
      {(awayText ?? (error && !dialog)) && (
        <p ref={message} tabIndex={-1} className="error" role="alert">
          {awayText ?? error}
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
            onAccept={() => { setError(null); setAway(null); setDialog({ kind: 'accept', order: o }); }}
            onRefuse={() => { setError(null); setAway(null); setDialog({ kind: 'refuse', order: o }); }}
            onStep={(s: OrderStatus) => void act(o.id, () => api.step(o.id, s))}
            onPrint={() => print(o)}
            onRefundRetry={() => void act(o.id, () => api.refundRetry(o.id))}
          />
        ))}
      </section>
      {dialog?.kind === 'accept' && (
        <AcceptDialog title={label(dialog.order)} busy={busy === dialog.order.id} presets={acceptPresets(live.shop?.busyMinutes ?? 0)} failure={error} onCancel={() => { setDialog(null); setError(null); }} onAccept={(m) => void act(dialog.order.id, () => api.accept(dialog.order.id, m), (o) => autoPrinting && print(o))} />
      )}
      {dialog?.kind === 'refuse' && (
        <RefuseDialog title={label(dialog.order)} busy={busy === dialog.order.id} failure={error} onCancel={() => { setDialog(null); setError(null); }} onRefuse={(r) => void act(dialog.order.id, () => api.refuse(dialog.order.id, r))} />
      )}
    </div>
  );
}
