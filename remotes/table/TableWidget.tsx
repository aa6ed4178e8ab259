// <tischlein-table>: table mode on the menu page.
// Guests see their table (or 'Wähle einen Tisch' when the number is missing or invalid); a waiter
// signs in once a day, switches tables, sees the table's bookings (polled every 5 s) and refunds.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getApiConfig } from '@shared/api';
import { formatEuro } from '@shared/i18n';
import { $bootstrap, $tableNumber, setTableNumber } from '@shared/stores';
import { parseTableNumber, $tableView, $waiterUntil, isWaiter, refreshTable, setWaiter, watchTable, logoutWaiter, waiterStatus, TABLE_TEXTS as T, tableTotal } from '@shared/table';
import { Button } from '@shared/ui';
import type { WidgetProps } from '@shared/widget';
import { HistoryDialog } from './HistoryDialog';
import { SelectTableDialog, WaiterLoginDialog } from './dialogs';

function showTableInUrl(table: number) {
  try {
    const u = new URL(location.href);
    u.searchParams.set('tisch', String(table));
    history.replaceState(history.state, '', u.href);
  } catch {
    /* a sandboxed page */
  }
}

export function TableWidget({ options }: WidgetProps) {
  const boot = useStore($bootstrap);
  const table = useStore($tableNumber);
  const waiterUntil = useStore($waiterUntil);
  const view = useStore($tableView);
  const raw = options.table === null || options.table === undefined ? null : String(options.table);
  const [dialog, setDialog] = useState<'select' | 'login' | 'history' | null>(() => {
    const fromParam = raw !== null ? parseTableNumber(raw) : null;
    return (raw !== null && fromParam === null) || (raw === null && $tableNumber.get() === null) ? 'select' : null;
  });
  const waiter = waiterUntil !== null && isWaiter();

  // ?tisch={n} wins over the session's table
  useEffect(() => {
    const n = raw !== null ? parseTableNumber(raw) : null;
    if (n !== null && n !== $tableNumber.get()) setTableNumber(n);
  }, [raw]);

  // the cookie decides: a remembered waiter whose session is gone is a guest again
  useEffect(() => {
    if ($waiterUntil.get() === null) return;
    waiterStatus()
      .then((s) => setWaiter(s.waiter ? s.until : null))
      .catch(() => undefined);
  }, []);

  // the waiter's view of the table: polled every 5 s, stops after 5 failures in a row
  useEffect(() => {
    if (!waiter || table === null) return;
    return watchTable(table);
  }, [waiter, table]);

  if (boot.status !== 'ready' || !boot.data) return null;
  const guestNeedsTable = table === null;
  const chooseTable = (n: number) => {
    setTableNumber(n);
    showTableInUrl(n);
    setDialog(null);
  };
  const logout = async () => {
    await logoutWaiter().catch(() => undefined);
    setWaiter(null);
  };

  return (
    <section className="box table-box" aria-labelledby="table-title">
      <h2 id="table-title">{table !== null ? T.tableHeading(table) : T.selectTitle}</h2>
      {table !== null && <p>{T.guestIntro(boot.data.config.restaurantName)}</p>}
      {waiter ? (
        <div className="table-waiter">
          <p className="table-badge">{T.waiterActive}</p>
          {table !== null && view.table === table && view.data && (
            <p className="table-total" data-testid="table-total">
              {T.tableTotal}: <strong>{formatEuro(tableTotal(view.data))}</strong>
            </p>
          )}
          {view.stopped && !view.unauthorised && (
            <p className="table-error" role="alert">
              {T.pollingStopped}{' '}
              <Button variant="secondary" onClick={() => refreshTable()}>{T.pollingRetry}</Button>
            </p>
          )}
          {view.unauthorised && <p className="table-error" role="alert">{T.waiterExpired}</p>}
          <div className="table-actions">
            <Button variant="secondary" onClick={() => setDialog('select')}>{T.switchTable}</Button>
            {table !== null && <Button onClick={() => setDialog('history')}>{T.history}</Button>}
            <a className="tl-button tl-button--secondary table-link" href={`${getApiConfig().shopBase}/dineintable/qr`} target="_blank" rel="noopener">
              {T.qrTitle}
            </a>
            <Button variant="secondary" onClick={() => void logout()}>{T.waiterLogout}</Button>
          </div>
        </div>
      ) : (
        <div className="table-actions">
          {guestNeedsTable && <Button onClick={() => setDialog('select')}>{T.selectTitle}</Button>}
          <Button variant="secondary" onClick={() => setDialog('login')}>{T.waiterLogin}</Button>
        </div>
      )}
      <SelectTableDialog
        open={dialog === 'select'}
        initial={table}
        // a guest without a table has to choose one; a waiter may cancel the switch
        persistent={table === null && !waiter}
        onChoose={chooseTable}
        onClose={() => setDialog(null)}
      />
      <WaiterLoginDialog open={dialog === 'login'} onDone={(until) => { setWaiter(until); setDialog(table === null ? 'select' : null); }} onClose={() => setDialog(null)} />
      {table !== null && <HistoryDialog open={dialog === 'history'} table={table} onClose={() => setDialog(null)} />}
    </section>
  );
}
