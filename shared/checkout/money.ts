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

/** The submit answer with every price divided by 100. */
export function submitResponseToEuro(res: SubmitResponse): SubmitResponseInEuro {
  return {
    ...res,
    order: {
      ...res.order,
      deliveryFee: centsToEuro(res.order.deliveryFee),
      total: centsToEuro(res.order.total),
      items: res.order.items.map((item) => ({
        ...item,
        price: centsToEuro(item.price),
        extras: item.extras.map((x) => ({ ...x, price: centsToEuro(x.price) })),
      })),
    },
  };
}

/** Inverse of submitResponseToEuro, for a server that answers in euro. */
export function submitResponseFromEuro(res: SubmitResponseInEuro): SubmitResponse {
  return {
    ...res,
    order: {
      ...res.order,
      id: String(res.order.id),
      deliveryFee: euroToCents(res.order.deliveryFee),
      total: euroToCents(res.order.total),
      items: res.order.items.map((item) => ({
        ...item,
        price: euroToCents(item.price),
        extras: item.extras.map((x) => ({ ...x, price: euroToCents(x.price) })),
      })),
    },
  } as SubmitResponse;
}
