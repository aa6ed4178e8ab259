import { isLineEditable, type CartItem, type Catalog } from '@shared/domain';
import { MIN_QUANTITY, type OrderBreakdown } from '@shared/pricing';
import { Button, Price } from '@shared/ui';
import { Stepper } from '@shared/dialog';
import { INVALID_DISH, formatEuro } from '@shared/i18n';
import { CART_TEXT, amountLabel, editLabel, lineDeposit, lineFreeUnits, refundLineName, removeLabel } from './texts';
import { removeCartLine, setLineAmount } from '@shared/stores';
import { describeLine, type DishText } from './lines';
import { keepStepperFocus, refocusAfterRemove } from './focus';

function Details({ text, slot }: { text: DishText; slot?: string }) {
  const items: string[] = [];
  if (slot !== undefined) items.push(`${slot ? `${slot}: ` : ''}${text.name}${text.size ? ` ${text.size}` : ''}`);
  if (text.without) items.push(text.without);
  return (
    <>
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
      {text.extras.map((e) => (
        <li key={e.key}>
          + {e.text}
          {e.free ? ` (${CART_TEXT.free})` : e.total > 0 ? ` (${formatEuro(e.total)})` : ''}
        </li>
      ))}
    </>
  );
}

export function CartLines({
  items,
  order,
  catalog,
  onEdit,
}: {
  items: CartItem[];
  order: OrderBreakdown;
  catalog: Catalog;
  onEdit: (lineId: string) => void;
}) {
  const priced = new Map(order.lines.map((l) => [l.lineId, l]));
  const promoLabel = new Map(order.twoForOne.map((g) => [g.key, g.label]));
  return (
    <ul className="cart-lines" aria-label={CART_TEXT.title}>
      {items.map((item) => {
        const line = priced.get(item.lineId) ?? null;
        // a waiter's refund line is not a dish: no editor, no quantity change (shared rule)
        const editable = isLineEditable(item);
        const described = describeLine(catalog, item, line);
        const text = editable ? described : { ...described, name: refundLineName(described.name) };
        if (!line) {
          return (
            <li key={item.lineId} className="cart-line cart-line--invalid" data-line-id={item.lineId}>
              <h3 className="cart-line__name">
                {text.name} – {INVALID_DISH}
              </h3>
              <div className="cart-line__actions">
                <RemoveButton lineId={item.lineId} name={text.name} variant="secondary" />
              </div>
            </li>
          );
        }
        return (
          <li key={item.lineId} className="cart-line" data-line-id={item.lineId} data-payable={line.payable}>
            <h3 className="cart-line__name">
              {text.name}
              {text.size && <span className="cart-line__size"> {text.size}</span>}
            </h3>
            <div className="cart-line__price">
              <Price cents={line.payable} originalCents={line.totalNonDiscounted} />
              {line.label && <span className="cart-line__label">{line.label}</span>}
            </div>
            <ul className="cart-line__details">
              <Details text={text} />
              {text.subitems.map((s) => (
                <Details key={s.key} text={s.text} slot={s.slot} />
              ))}
              {line.freeUnits > 0 && <li>{lineFreeUnits(line.freeUnits, promoLabel.get(line.twoForOneKey ?? '') ?? '')}</li>}
              {line.deposit > 0 && <li className="cart-line__deposit">{lineDeposit(line.deposit)}</li>}
            </ul>
            <div className="cart-line__actions">
              <div className="cart-line__amount" role="presentation" onClick={keepStepperFocus}>
                <Stepper
                  value={item.amount}
                  min={MIN_QUANTITY}
                  label={amountLabel(text.name)}
                  disabled={!editable}
                  onChange={(n) => editable && setLineAmount(item.lineId, n)}
                />
              </div>
              {editable && (
                <Button variant="ghost" aria-label={editLabel(text.name)} onClick={() => onEdit(item.lineId)}>
                  {CART_TEXT.edit}
                </Button>
              )}
              <RemoveButton lineId={item.lineId} name={text.name} variant="ghost" />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Removes a line; the focus stays in the cart (refocusAfterRemove). */
function RemoveButton({ lineId, name, variant }: { lineId: string; name: string; variant: 'secondary' | 'ghost' }) {
  return (
    <Button
      variant={variant}
      className="cart-line__remove"
      aria-label={removeLabel(name)}
      onClick={(e) => refocusAfterRemove(e, () => removeCartLine(lineId))}
    >
      {CART_TEXT.remove}
    </Button>
  );
}
