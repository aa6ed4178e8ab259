// 'Tischbestell-Historie': the table's booked items; a waiter picks
// one, enters the refund (default: what is left of its price) and puts the refund line in the cart.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { addToCart } from '@shared/stores';
import { $tableView, refreshTable, clearTableHistory, tableRefundLine, visibleItems, TABLE_TEXTS as T } from '@shared/table';
import { RefundForm, TableHistoryBody } from '@shared/table/history';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';

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
      <TableHistoryBody
        items={items}
        openItem={openItem}
        onToggle={setOpenItem}
        refundForm={(item) => (
          <RefundForm
            item={item}
            field="number"
            submitLabel={T.refundToCart}
            onRefund={({ euro }) => {
              addToCart(tableRefundLine(item, euro, Date.now().toString(36)));
              close();
            }}
          />
        )}
      />
      {clearError && <p className="table-error" role="alert">{T.clearFailed}</p>}
    </Dialog>
  );
}
