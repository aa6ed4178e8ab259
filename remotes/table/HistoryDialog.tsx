// 'Tischbestell-Historie': the table's booked items; a waiter picks
// one, enters the refund (default: what is left of its price) and puts the refund line in the cart.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatEuro } from '@shared/i18n';
import { addToCart } from '@shared/stores';
import { type TableItem, $tableView, refreshTable, clearTableHistory, readRefund, refundBounds, tableRefundLine, visibleItems, TABLE_TEXTS as T } from '@shared/table';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';

function RefundForm({ item, onDone }: { item: TableItem; onDone: () => void }) {
  const b = refundBounds(item);
  const [value, setValue] = useState(b.initial.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const id = `refund-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const refund = readRefund(item, value);
    if (!refund.ok) return setError(refund.message);
    addToCart(tableRefundLine(item, refund.euro, Date.now().toString(36)));
    onDone();
  };
  return (
    <form className="table-refund" onSubmit={submit} noValidate>
      <label htmlFor={id}>{T.refundLabel}</label>
      <input
        id={id} type="number" inputMode="decimal" min={b.min} max={b.max} step={b.step} value={value}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => { setValue(e.target.value); setError(null); }}
      />
      {error && <p id={`${id}-error`} className="table-error" role="alert">{error}</p>}
      <Button type="submit">{T.refundToCart}</Button>
    </form>
  );
}

export function HistoryDialog({ open, table, onClose }: { open: boolean; table: number; onClose: () => void }) {
  const view = useStore($tableView);
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [clearError, setClearError] = useState(false);
  const [clearing, setClearing] = useState(false);
  const items = view.table === table ? visibleItems(view.data) : [];
  const close = () => {
    setOpenItem(null);
    setClearError(false);
    onClose();
  };
  const clear = async () => {
    setClearing(true);
    setClearError(false);
    try {
      if (!(await clearTableHistory(table))) throw new Error('not OK');
      setOpenItem(null);
      refreshTable();
    } catch {
      setClearError(true);
    } finally {
      setClearing(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      header={T.historyTitle}
      subheader={T.tableHeading(table)}
      className="table-history"
      footer={
        <>
          {items.length > 0 && (
            <Button variant="secondary" loading={clearing} onClick={() => void clear()}>{T.clearHistory}</Button>
          )}
          <Button onClick={close}>{T.back}</Button>
        </>
      }
    >
      {items.length === 0 ? (
        <p>{T.historyEmpty}</p>
      ) : (
        <>
          <p>{T.historyHint}</p>
          <ul className="table-items">
            {items.map((item) => {
              const expanded = openItem === item.id;
              return (
                <li key={item.id} className="table-item">
                  <button
                    type="button" className="table-item__head" aria-expanded={expanded}
                    onClick={() => setOpenItem(expanded ? null : item.id)}
                  >
                    <span className="table-item__amount">{item.amount}×</span>
                    <span className="table-item__name">{item.dishName}</span>
                    <span className="table-item__price">{formatEuro(item.price)}</span>
                  </button>
                  {item.refunded > 0 && <p className="table-item__refunded">{T.refunded(formatEuro(item.refunded))}</p>}
                  {expanded && <RefundForm item={item} onDone={close} />}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {clearError && <p className="table-error" role="alert">{T.clearFailed}</p>}
    </Dialog>
  );
}
