import type { ReactNode } from 'react';
import type { Cents } from '@shared/domain';
import { formatEuro } from '@shared/i18n';
import { useComponentCss } from '@shared/dialog';
import { TABLE_TEXTS as T, type TableItem } from '@shared/table';
import { tableHistoryCss } from './styles';

export interface TableHistoryBodyProps {
  /** the table's visible items (`visibleItems`) */
  items: TableItem[];
  /** the table's sum ('Tischsumme'); left out, none is shown */
  total?: Cents;
  /** the item whose refund form is open */
  openItem: string | null;
  onToggle(itemId: string | null): void;
  /** the refund form under the open item */
  refundForm(item: TableItem): ReactNode;
}

/**
 * The body of the 'Tischbestell-Historie' dialog, for the guest's table widget (waiter mode) and the
 * staff app alike: the booked items (amount, dish, price, what was refunded), each a button that
 * opens its refund form; 'Für diesen Tisch ist nichts gebucht.' when there are none.
 */
export function TableHistoryBody({ items, total, openItem, onToggle, refundForm }: TableHistoryBodyProps) {
  const ref = useComponentCss<HTMLDivElement>('tl-table-history', tableHistoryCss);
  return (
    <div ref={ref} className="table-history__body">
      {items.length === 0 ? (
        <p>{T.historyEmpty}</p>
      ) : (
        <>
          {total !== undefined && (
            <p className="table-total">
              {T.tableTotal}: <strong>{formatEuro(total)}</strong>
            </p>
          )}
          <p>{T.historyHint}</p>
          <ul className="table-items">
            {items.map((item) => {
              const expanded = openItem === item.id;
              return (
                <li key={item.id} className="table-item">
                  <button type="button" className="table-item__head" aria-expanded={expanded} onClick={() => onToggle(expanded ? null : item.id)}>
                    <span className="table-item__amount">{item.amount}×</span>
                    <span className="table-item__name">{item.dishName}</span>
                    <span className="table-item__price">{formatEuro(item.price)}</span>
                  </button>
                  {item.refunded > 0 && <p className="table-item__refunded">{T.refunded(formatEuro(item.refunded))}</p>}
                  {expanded && refundForm(item)}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
