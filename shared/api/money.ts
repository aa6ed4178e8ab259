// Server money is integer cents. The spec's order flow sends prices back divided by 100
// (euro) where a payment provider or the order echo expects euro; these helpers are the
// one place that crosses between the two.
import type { Cents } from '@shared/domain';
import type { SubmitResponse } from './types';

/** 1234 → 12.34 */
export function centsToEuro(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** 12.345 → 1235 (half away from zero, after removing float noise) */
export function euroToCents(euro: number): Cents {
  const scaled = Number((euro * 100).toFixed(6));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

export interface SubmitResponseInEuro {
  order: {
    id: string;
    [k: string]: unknown;
    deliveryFee: number;
    total: number;
    items: Array<Omit<SubmitResponse['order']['items'][number], 'price' | 'extras'> & {
      price: number;
      extras: Array<{ price: number; [k: string]: unknown }>;
    }>;
  };
  paymentGatewayId?: SubmitResponse['paymentGatewayId'];
  acceptAdvertising: boolean;
}

/** The submit answer with every price divided by 100 (spec §3 "prices sent back are divided by 100"). */
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
  };
}
