// The checkout in table mode: a message to the kitchen, pay later or pay now, one button.
// The payload and the rules come from @shared/table; pay now goes through the checkout's payment flow.
import { useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { newIdempotencyKey, CHECKOUT_UI, legalPages } from '@shared/checkout';
import type { Catalog, PaymentMethod, ShopConfig } from '@shared/domain';
import { PAYMENT_METHOD_NAMES } from '@shared/i18n';
import type { OrderBreakdown } from '@shared/pricing';
import { $cart, clearCart, getSessionId } from '@shared/stores';
import { type TablePayment, buildTableOrder, isRefundLine, TABLE_PAY_LATER, tablePaymentChoices, tablePayNowMethods, isWaiter, refreshTable, submitTableOrder, TABLE_TEXTS as T } from '@shared/table';
import { AlertDialog } from '@shared/dialog';
import { Button } from '@shared/ui';
import type { WidgetHost } from '@shared/widget';
import { Field } from './Field';
import { placeAndPrepare, type Step } from './flow';
import { LegalFooter } from './LegalFooter';
import { Summary } from './Summary';

export interface TableOrderProps {
  host: WidgetHost;
  config: ShopConfig;
  catalog: Catalog;
  table: number;
  order: OrderBreakdown;
  pageUrl: string;
  onConfirmed: (orderId: string) => void;
}

export function TableOrder({ host, config, catalog, table, order, pageUrl, onConfirmed }: TableOrderProps) {
  const legal = legalPages(config.pages ?? []);
  const items = useStore($cart);
  const payNow = useMemo(() => tablePayNowMethods(config.paymentMethods), [config.paymentMethods]);
  const choices = tablePaymentChoices(items, payNow);
  const [payment, setPayment] = useState<TablePayment>('later');
  const [method, setMethod] = useState<PaymentMethod | ''>(payNow[0] ?? '');
  const [messageCook, setMessageCook] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean } | null>(null);
  const key = useRef<string | null>(null);
  const mode: TablePayment = choices.includes(payment) ? payment : 'later';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || items.length === 0) return;
    setBusy(true);
    key.current ??= newIdempotencyKey();
    const paymentMethod = mode === 'now' && method ? method : TABLE_PAY_LATER;
    const submission = buildTableOrder({ items, table, messageCook, paymentMethod, sessionId: getSessionId() });
    try {
      if (mode === 'later') {
        await submitTableOrder(submission, key.current);
        clearCart();
        key.current = null;
        setMessageCook('');
        if (isWaiter()) refreshTable();
        setResult({ ok: true });
      } else {
        const where = { inShell: host.inShell, shopUrl: host.shopUrl, pageUrl };
        const r = await placeAndPrepare(host.shopId, submission, { fingerprint: `table-${table}`, key: key.current }, where, (_s: Step) => undefined);
        if (r.kind === 'redirect') return location.assign(r.url);
        if (r.kind === 'confirmed') {
          clearCart();
          return onConfirmed(r.orderId);
        }
        setResult({ ok: false });
      }
    } catch {
      setResult({ ok: false });
    } finally {
      setBusy(false);
    }
  };

  const toMenu = () => {
    setResult(null);
    host.navigate('/');
  };

  if (items.length === 0 && result === null) {
    return (
      <div className="co-empty">
        <p>{CHECKOUT_UI.emptyCart}</p>
        <a href={`${host.shopUrl}/`} onClick={(e) => { e.preventDefault(); host.navigate('/'); }}>{CHECKOUT_UI.backToMenu}</a>
      </div>
    );
  }

  return (
    <form className="co-form co-table" onSubmit={submit} noValidate aria-labelledby="co-table-title">
      <h3 id="co-table-title">{T.orderTitle(table)}</h3>
      <Field name="messageCook" label={T.messageCook} value={messageCook} onValue={setMessageCook} multiline maxLength={500} />
      <fieldset className="co-fieldset">
        <legend>{T.payChoice}</legend>
        <div className="co-radios">
          <label className="co-radio">
            <input type="radio" name="tablePayment" value="later" checked={mode === 'later'} onChange={() => setPayment('later')} />
            <span>{T.payLater}</span>
          </label>
          {choices.includes('now') && (
            <label className="co-radio">
              <input type="radio" name="tablePayment" value="now" checked={mode === 'now'} onChange={() => setPayment('now')} />
              <span>{T.payNow}</span>
            </label>
          )}
        </div>
        {items.some(isRefundLine) && <p className="co-hint">{T.refundsNeedPayLater}</p>}
      </fieldset>
      {mode === 'now' && (
        <div className="co-field">
          <label htmlFor="co-field-tableMethod">{T.payMethod}</label>
          <select id="co-field-tableMethod" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {payNow.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_NAMES[m]}
              </option>
            ))}
          </select>
        </div>
      )}
      {/* §312j(3) BGB: the lines and the total directly above the button that obliges the guest to pay */}
      <Summary catalog={catalog} items={items} order={order} />
      <Button type="submit" block loading={busy} disabled={items.length === 0} aria-describedby="co-withdrawal">
        {CHECKOUT_UI.submit}
      </Button>
      <LegalFooter shopUrl={host.shopUrl} terms={legal.terms} privacy={legal.privacy} />
      <AlertDialog open={result?.ok === true} title={T.tableHeading(table)} onClose={toMenu}>
        {T.orderSuccess(table)}
      </AlertDialog>
      <AlertDialog open={result?.ok === false} title={T.orderErrorTitle} onClose={() => setResult(null)}>
        {T.orderError}
      </AlertDialog>
    </form>
  );
}
