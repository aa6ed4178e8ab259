// 'Tischbestell-Historie' with a staff login: the waiter's view of a table (its bookings, polled
// every 5 s; a refund per item; clearing the history), booked straight away instead of through
// the guest's cart, by the same server rules as the waiter's refund line.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatEuro } from '@shared/i18n';
import {
  readRefund, refundBounds, startTablePolling, tableTotal, visibleItems, TABLE_TEXTS as T, TABLES_TEXTS as X,
  type ShopTable, type TableData, type TableItem,
} from '@shared/table';
import type { Poller } from '@shared/api';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import type { TablesApi } from './api';
import { INBOX_TEXTS } from '@shared/inbox';

const newKey = () => `staff-refund-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function RefundForm({ item, onRefund }: { item: TableItem; onRefund(amount: number, key: string): Promise<void> }) {
  const b = refundBounds(item);
  const [value, setValue] = useState(b.initial.toFixed(2).replace('.', ','));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // one key per refund: pressing again after a lost answer books it once
  const key = useRef(newKey());
  const id = `staff-refund-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refund = readRefund(item, value);
    if (!refund.ok) return setError(refund.message);
    setBusy(true);
    try {
      await onRefund(refund.cents, key.current);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="table-refund" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{T.refundLabel}</label>
      <input
        id={id} type="text" inputMode="decimal" value={value} autoComplete="off"
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => { setValue(e.target.value); setError(null); }}
      />
      {error && <p id={`${id}-error`} className="error" role="alert">{error}</p>}
      <Button type="submit" loading={busy}>{X.refundBook}</Button>
    </form>
  );
}

export function TableHistoryDialog({ api, table, onClose }: { api: TablesApi; table: ShopTable; onClose(): void }) {
  const [data, setData] = useState<TableData | null>(null);
  const [stopped, setStopped] = useState(false);
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);
  const poller = useRef<Poller | null>(null);

  useEffect(() => {
    const p = startTablePolling({
      load: () => api.history(table.number),
      onData: (d) => {
        setData(d);
        setStopped(false);
      },
      onFailure: (_n, done) => setStopped(done),
    });
    poller.current = p;
    return () => p.stop();
  }, [api, table.number]);

  const refund = async (item: TableItem, amount: number, key: string) => {
    setNotice(null);
    setData(await api.refund(table.number, item.id, amount, key));
    setOpenItem(null);
    setNotice(X.refundBooked);
  };
  const clear = async () => {
    setClearing(true);
    setError(null);
    setNotice(null);
    try {
      setData(await api.clear(table.number));
      setOpenItem(null);
      setNotice(X.cleared);
    } catch (e) {
      setError(`${T.clearFailed} ${messageOf(e)}`);
    } finally {
      setClearing(false);
    }
  };
  const items = visibleItems(data);

  return (
    <Dialog
      open
      onClose={onClose}
      header={T.historyTitle}
      subheader={table.name}
      className="table-history"
      footer={
        <>
          {items.length > 0 && (
            <Button variant="secondary" loading={clearing} onClick={() => void clear()}>{T.clearHistory}</Button>
          )}
          <Button onClick={onClose}>{T.back}</Button>
        </>
      }
    >
      <p className="tables__notice" role="status">{notice}</p>
      {data === null && !stopped && <p>{INBOX_TEXTS.loading}</p>}
      {stopped && (
        <p className="error" role="alert">
          {T.pollingStopped}{' '}
          <Button variant="secondary" onClick={() => poller.current?.refresh()}>{T.pollingRetry}</Button>
        </p>
      )}
      {data !== null && items.length === 0 && <p>{T.historyEmpty}</p>}
      {items.length > 0 && (
        <>
          <p className="table-total">
            {T.tableTotal}: <strong>{formatEuro(tableTotal(data))}</strong>
          </p>
          <p>{T.historyHint}</p>
          <ul className="table-items">
            {items.map((item) => {
              const expanded = openItem === item.id;
              return (
                <li key={item.id} className="table-item">
                  <button type="button" className="table-item__head" aria-expanded={expanded} onClick={() => setOpenItem(expanded ? null : item.id)}>
                    <span className="table-item__amount">{item.amount}×</span>
                    <span className="table-item__name">{item.dishName}</span>
                    <span className="table-item__price">{formatEuro(item.price)}</span>
                  </button>
                  {item.refunded > 0 && <p className="table-item__refunded">{T.refunded(formatEuro(item.refunded))}</p>}
                  {expanded && <RefundForm item={item} onRefund={(amount, key) => refund(item, amount, key)} />}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </Dialog>
  );
}
