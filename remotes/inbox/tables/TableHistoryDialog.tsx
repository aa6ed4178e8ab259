// 'Tischbestell-Historie' with a staff login: the waiter's view of a table (its bookings, polled
// every 5 s; a refund per item; clearing the history), booked straight away instead of through
// the guest's cart, by the same server rules as the waiter's refund line.
import { useEffect, useRef, useState } from 'react';
import type { Cents } from '@shared/domain';
import {
  startTablePolling, tableTotal, visibleItems, TABLE_TEXTS as T, TABLES_TEXTS as X,
  type ShopTable, type TableData, type TableItem,
} from '@shared/table';
import { RefundForm, TableHistoryBody } from '@shared/table/history';
import type { Poller } from '@shared/api';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import type { TablesApi } from './api';
import { INBOX_TEXTS } from '@shared/inbox';

const newKey = () => `staff-refund-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The staff's refund of one item: booked straight away; one key per open form, so pressing again after a lost answer books it once. */
function StaffRefund({ item, onRefund }: { item: TableItem; onRefund(amount: Cents, key: string): Promise<void> }) {
  const key = useRef(newKey());
  return <RefundForm item={item} field="text" submitLabel={X.refundBook} onRefund={({ cents }) => onRefund(cents, key.current)} />;
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
      {data !== null && (
        <TableHistoryBody
          items={items}
          total={tableTotal(data)}
          openItem={openItem}
          onToggle={setOpenItem}
          refundForm={(item) => <StaffRefund item={item} onRefund={(amount, key) => refund(item, amount, key)} />}
        />
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </Dialog>
  );
}
