// One order in the inbox: its state and actions under its number, then everything the kitchen and
// the driver need.
import { INBOX_TEXTS as T, nextStep, STEP_BUTTON_TEXTS, TICKET_TEXTS } from '@shared/inbox';
import type { OrderStatus } from '@shared/checkout';
import { formatEuro } from '@shared/i18n';
import { OPS_TEXTS } from '@shared/ops';
import { Button } from '@shared/ui';
import type { StaffOrder } from './api';

export interface OrderCardProps {
  order: StaffOrder;
  busy: boolean;
  onAcknowledge(): void;
  onAccept(): void;
  onRefuse(): void;
  onStep(status: OrderStatus): void;
  onPrint(): void;
  /** a failed refund, now */
  onRefundRetry?(): void;
}

export function OrderCard({ order: o, busy, onAcknowledge, onAccept, onRefuse, onStep, onPrint, onRefundRetry }: OrderCardProps) {
  const c = o.customer;
  const next = o.accepted && !o.refused ? nextStep(o.status as OrderStatus, o.type === 'delivery' ? 'delivery' : 'pickup') : null;
  const headingId = `order-${o.id}`;
  const allergens = [...new Set(o.lines.flatMap((l) => l.allergens))];
  return (
    <article className={`card${o.acknowledged ? '' : ' card--new'}`} aria-labelledby={headingId}>
      <header className="card__head">
        <h3 id={headingId}>
          <span className="card__number">{o.numberText || o.id}</span> <span className="card__type">{o.typeText}</span>
        </h3>
        <p className="card__time">
          Eingang {o.createdTime}
          {o.serveAt ? ` · gewünscht ${o.serveAt}` : ''}
          {o.readyTime && !o.refused ? ` · fertig ${o.readyTime}` : ''}
        </p>
      </header>
      {/* the state and its actions first: 'Annehmen' sits under the number however long the order is (a tablet's first view) */}
      <p className="card__status">{o.accepted || o.refused ? o.statusText : T.waiting}</p>
      {o.refused && (
        <p className="card__refused">
          Abgelehnt: {o.refuseReason}
          {o.refundText ? ` · ${o.refundText}` : ''}
        </p>
      )}
      {o.refundRetryText && <p className="card__refund" role="status">{o.refundRetryText}</p>}
      <div className="card__actions">
        {!o.acknowledged && (
          <Button variant="secondary" onClick={onAcknowledge} disabled={busy}>
            {T.acknowledge}
          </Button>
        )}
        {!o.accepted && !o.refused && (
          <>
            <Button onClick={onAccept} disabled={busy}>
              {T.accept}
            </Button>
            <Button variant="secondary" onClick={onRefuse} disabled={busy}>
              {T.refuse}
            </Button>
          </>
        )}
        {o.refundStatus === 'failed' && onRefundRetry && (
          <Button variant="secondary" onClick={onRefundRetry} disabled={busy}>
            {OPS_TEXTS.refundRetryNow}
          </Button>
        )}
        {next && (
          <Button onClick={() => onStep(next)} disabled={busy}>
            {STEP_BUTTON_TEXTS[next]}
          </Button>
        )}
        <Button variant="ghost" onClick={onPrint} aria-label={`${TICKET_TEXTS.print}: ${o.numberText || o.id}`}>
          {TICKET_TEXTS.print}
        </Button>
      </div>
      <p className="card__guest">
        <strong>{c.name}</strong>
        {c.phone && (
          <>
            {' · '}
            <a href={`tel:${c.phone.replace(/[^+\d]/g, '')}`}>{c.phone}</a>
          </>
        )}
      </p>
      {o.type === 'delivery' && (
        <p className="card__address">
          {c.company ? `${c.company}, ` : ''}
          {c.street} {c.streetNumber}, {c.zip} {c.city}
          {c.floor ? ` · ${c.floor}` : ''}
        </p>
      )}
      {c.messageDriver && <p className="card__note">Fahrer: {c.messageDriver}</p>}
      {c.messageCook && <p className="card__note">Küche: {c.messageCook}</p>}
      <ul className="card__lines">
        {o.lines.map((l, i) => (
          <li key={i}>
            <span className="card__amount">{l.amount}×</span> {l.name}
            {l.extras.length > 0 && <span className="card__extras"> + {l.extras.map((x) => `${x.amount > 1 ? `${x.amount}× ` : ''}${x.name}`).join(', ')}</span>}
            {l.without.length > 0 && <span className="card__without"> ohne {l.without.join(', ')}</span>}
          </li>
        ))}
      </ul>
      {allergens.length > 0 && <p className="card__allergens">Allergene: {allergens.join(', ')}</p>}
      <p className={`card__pay${o.paid ? ' card__pay--paid' : ''}`}>
        {o.paymentText} · Summe {formatEuro(Math.round(o.total * 100))}
      </p>
    </article>
  );
}
