// Amazon Pay Checkout v2: the button needs a payload, its signature and the public key id.
// Signature: RSASSA-PSS (SHA-256, salt 20) over "AMZN-PAY-RSASSA-PSS\n" + hex(SHA-256(payload)).
import { constants, createHash, randomBytes, sign } from 'node:crypto';
import { euroString, type PayableOrder, type PaymentProvider, type PrepareOptions, type PrepareResult } from './types';

export interface AmazonPayOptions {
  publicKeyId: string;
  /** PEM */
  privateKey: string;
  storeId: string;
}

export function amazonPaySignature(payload: string, privateKey: string): string {
  const toSign = `AMZN-PAY-RSASSA-PSS\n${createHash('sha256').update(payload).digest('hex')}`;
  return sign('sha256', Buffer.from(toSign), { key: privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 }).toString('base64');
}

export function amazonPayProvider(o: AmazonPayOptions): PaymentProvider {
  return {
    name: 'amazonpay',
    async prepare(order: PayableOrder, p: PrepareOptions): Promise<PrepareResult> {
      const ref = `amzn_${order.id}_${randomBytes(6).toString('hex')}`;
      const payload = JSON.stringify({
        webCheckoutDetails: { checkoutReviewReturnUrl: p.returnUrl, checkoutResultReturnUrl: p.returnUrl, checkoutMode: 'ProcessOrder' },
        storeId: o.storeId,
        chargePermissionType: 'OneTime',
        merchantMetadata: { merchantReferenceId: order.id, merchantStoreName: order.shopName },
        paymentDetails: { paymentIntent: 'AuthorizeWithCapture', chargeAmount: { amount: euroString(order.total), currencyCode: 'EUR' } },
      });
      return { ref, answer: { payload, signature: amazonPaySignature(payload, o.privateKey), keyid: o.publicKeyId } };
    },
  };
}
