// Server money is integer cents. The spec's order flow sends prices back divided by 100
// (euro) where a payment provider or the order echo expects euro. The conversion itself is
// @shared/domain's (centsToEuro / euroToCents).
import { centsToEuro, euroToCents, type Euro } from '@shared/domain';
import type { SubmitResponse } from '@shared/domain';

export interface SubmitResponseInEuro {
  order: {
    id: string;
    [k: string]: unknown;
    deliveryFee: Euro;
    total: Euro;
    items: Array<Omit<SubmitResponse['order']['items'][number], 'price' | 'extras'> & {
      price: Euro;
      extras: Array<{ price: Euro; [k: string]: unknown }>;
    }>;
  };
  paymentGatewayId?: SubmitResponse['paymentGatewayId'];
  acceptAdvertising: boolean;
}

/** The submit answer with every price converted by `price` (one walk for both directions). */
function mapSubmitPrices<From extends SubmitResponse | SubmitResponseInEuro>(res: From, price: (n: number) => number) {
  return {
    ...res,
    order: {
      ...res.order,
      deliveryFee: price(res.order.deliveryFee),
      total: price(res.order.total),
      items: res.order.items.map((item) => ({
        ...item,
        price: price(item.price),
        extras: item.extras.map((x) => ({ ...x, price: price(x.price) })),
      })),
    },
  };
}

/** The submit answer with every price divided by 100. */
export function submitResponseToEuro(res: SubmitResponse): SubmitResponseInEuro {
  return mapSubmitPrices(res, centsToEuro) as SubmitResponseInEuro;
}

/** Inverse of submitResponseToEuro, for a server that answers in euro. */
export function submitResponseFromEuro(res: SubmitResponseInEuro): SubmitResponse {
  const cents = mapSubmitPrices(res, euroToCents);
  return { ...cents, order: { ...cents.order, id: String(res.order.id) } } as SubmitResponse;
}
