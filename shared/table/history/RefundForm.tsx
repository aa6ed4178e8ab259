import { useId, useState, type FormEvent } from 'react';
import type { Cents, Euro } from '@shared/domain';
import { Button } from '@shared/ui';
import { readRefund, refundBounds, TABLE_TEXTS as T, type TableItem } from '@shared/table';

export interface RefundFormProps {
  item: TableItem;
  /**
   * 'number': the guest's field as the spec has it (number, min 0.01, max the item's price, step
   * 0.01); 'text': typed euro with a decimal comma ('3,50'), the staff app's field. Both are read by
   * `readRefund`.
   */
  field: 'number' | 'text';
  submitLabel: string;
  /** books or stages the refund; a rejection's message is shown at the field */
  onRefund(refund: { cents: Cents; euro: Euro }): void | Promise<void>;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The refund of one booked item: 'Zu erstattender Betrag in EUR', checked before it is handed on. */
export function RefundForm({ item, field, submitLabel, onRefund }: RefundFormProps) {
  const b = refundBounds(item);
  const [value, setValue] = useState(field === 'text' ? b.initial.toFixed(2).replace('.', ',') : b.initial.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refund = readRefund(item, value);
    if (!refund.ok) return setError(refund.message);
    const pending = onRefund({ cents: refund.cents, euro: refund.euro });
    if (!pending) return;
    setBusy(true);
    try {
      await pending;
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const bounds = field === 'number' ? { type: 'number', min: b.min, max: b.max, step: b.step } : { type: 'text', autoComplete: 'off' };
  return (
    <form className="table-refund" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{T.refundLabel}</label>
      <input
        id={id} inputMode="decimal" value={value} {...bounds}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
        onChange={(e) => { setValue(e.target.value); setError(null); }}
      />
      {error && <p id={errorId} className="table-error" role="alert">{error}</p>}
      <Button type="submit" loading={busy}>{submitLabel}</Button>
    </form>
  );
}
