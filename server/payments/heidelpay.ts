// Heidelpay (Unzer): the browser creates a payment resource with the public key; the server
// charges it with the private key. A 3-D Secure / Sofort charge answers a redirect URL.
import { PaymentProviderError, euroString, type PayableOrder, type PaymentProvider, type PrepareOptions, type PrepareResult } from './types';

export interface HeidelpayOptions {
  privateKey: string;
  apiBase?: string;
  fetch?: typeof fetch;
}

export function heidelpayProvider(o: HeidelpayOptions): PaymentProvider {
  const base = o.apiBase ?? 'https://api.unzer.com';
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'heidelpay',
    async prepare(order: PayableOrder, p: PrepareOptions): Promise<PrepareResult> {
      if (!p.resourceId) throw new PaymentProviderError('Heidelpay: resourceId fehlt');
      const res = await doFetch(`${base}/v1/payments/charges`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${o.privateKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: euroString(order.total), currency: 'EUR', returnUrl: p.returnUrl, orderId: order.id, resources: { typeId: p.resourceId } }),
      });
      const data = (await res.json().catch(() => ({}))) as { id?: string; isSuccess?: boolean; isPending?: boolean; isError?: boolean; redirectUrl?: string; resources?: { paymentId?: string } };
      const ref = data.resources?.paymentId ?? data.id ?? '';
      if (!res.ok || data.isError || !ref) return { ref: ref || `failed_${order.id}`, answer: { status: 'failed' }, outcome: 'failed' };
      if (data.isSuccess) return { ref, answer: { status: 'captured' }, outcome: 'paid' };
      return { ref, answer: { url: data.redirectUrl ?? null } };
    },
  };
}
