// PayPal (platform / REST): an order is created when the guest approves in PayPal's buttons,
// then captured. INSTRUMENT_DECLINED is passed on so the buttons can restart with another card.
import { PaymentProviderError, euroString, type CaptureResult, type PayableOrder, type PaymentProvider, type PrepareOptions, type PrepareResult, type RefundResult } from './types';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com */
  apiBase: string;
  fetch?: typeof fetch;
}

export function paypalProvider(o: PayPalOptions): PaymentProvider {
  const doFetch = o.fetch ?? fetch;
  async function token(): Promise<string> {
    const res = await doFetch(`${o.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const data = (await res.json().catch(() => ({}))) as { access_token?: string };
    if (!res.ok || !data.access_token) throw new PaymentProviderError(`PayPal: token HTTP ${res.status}`);
    return data.access_token;
  }
  return {
    name: 'paypal',
    async prepare(order: PayableOrder, p: PrepareOptions): Promise<PrepareResult> {
      const res = await doFetch(`${o.apiBase}/v2/checkout/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': `order-${order.id}` },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [{
            reference_id: order.id, custom_id: order.id, description: `Bestellung bei ${order.shopName}`, amount: { currency_code: 'EUR', value: euroString(order.total) },
            // the shop's own PayPal account is paid (the platform's app acts for it)
            ...(order.payee?.paypalMerchantId ? { payee: { merchant_id: order.payee.paypalMerchantId } } : {}),
          }],
          application_context: { return_url: p.returnUrl, cancel_url: p.cancelUrl, locale: 'de-DE', user_action: 'PAY_NOW' },
        }),
      });
      const data = (await res.json().catch(() => ({}))) as { id?: string; links?: { rel: string; href: string }[] };
      if (!res.ok || !data.id) throw new PaymentProviderError(`PayPal: create order HTTP ${res.status}`);
      // PayPal_Platform answers the id (the buttons take it); PayPal_Rest redirects to the approve link
      const approve = data.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
      return { ref: data.id, answer: order.method === 'PayPal_Platform' ? { id: data.id } : { url: approve, sessionid: data.id } };
    },
    async capture(_order: PayableOrder, ref: string): Promise<CaptureResult> {
      const res = await doFetch(`${o.apiBase}/v2/checkout/orders/${encodeURIComponent(ref)}/capture`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': `capture-${ref}` },
      });
      const data = (await res.json().catch(() => ({}))) as { status?: string; details?: { issue?: string }[] };
      if (res.ok && data.status === 'COMPLETED') return 'success';
      if (data.details?.some((d) => d.issue === 'INSTRUMENT_DECLINED')) return 'INSTRUMENT_DECLINED';
      return 'failed';
    },
    // The order's ref is the PayPal order; the refund goes to its capture.
    async refund(order: PayableOrder, ref: string): Promise<RefundResult> {
      const auth = `Bearer ${await token()}`;
      const ores = await doFetch(`${o.apiBase}/v2/checkout/orders/${encodeURIComponent(ref)}`, { headers: { Authorization: auth } });
      const po = (await ores.json().catch(() => ({}))) as { purchase_units?: { payments?: { captures?: { id?: string; status?: string }[] } }[] };
      const capture = po.purchase_units?.flatMap((u) => u.payments?.captures ?? []).find((c) => c.id && (c.status === 'COMPLETED' || c.status === 'PENDING'));
      if (!ores.ok || !capture?.id) throw new PaymentProviderError(`PayPal: no capture to refund (order HTTP ${ores.status})`);
      // no amount: PayPal refunds the captured amount in full
      const res = await doFetch(`${o.apiBase}/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json', 'PayPal-Request-Id': `refund-${order.id}`, Prefer: 'return=representation' },
        body: JSON.stringify({ invoice_id: order.id, note_to_payer: `Bestellung bei ${order.shopName} abgelehnt` }),
      });
      const data = (await res.json().catch(() => ({}))) as { id?: string; status?: string; name?: string; details?: { issue?: string }[] };
      if (!res.ok || !data.id || data.status === 'CANCELLED' || data.status === 'FAILED') {
        throw new PaymentProviderError(`PayPal: refund ${data.details?.[0]?.issue ?? data.name ?? data.status ?? `HTTP ${res.status}`}`);
      }
      return { status: data.status === 'COMPLETED' ? 'refunded' : 'pending', refundId: data.id };
    },
  };
}
