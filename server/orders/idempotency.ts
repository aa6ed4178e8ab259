// One order per checkout attempt: the idempotency key (header, body or derived), the request's
// fingerprint, and the replay of an order already stored under the key.
import { createHash } from 'node:crypto';
import { submissionFingerprint } from '@shared/checkout';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { loadOrderBySeq, orderResponse, type OrderResponse } from './read';
import { IDEMPOTENCY_KEY, type OrderSubmissionInput } from './submission';

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** The key the order is stored under and the hash of what was asked; 400 for a malformed or contradicting key. */
export function submissionKey(shopId: string, p: OrderSubmissionInput, idempotencyHeader: string | null | undefined): { key: string; requestHash: string } {
  const headerKey = idempotencyHeader?.trim() || null;
  if (headerKey && !IDEMPOTENCY_KEY.test(headerKey)) throw new HttpError(400, 'invalid_request', 'Idempotency-Key: expected 8-128 letters, digits or _.:-');
  if (headerKey && p.idempotencyKey && headerKey !== p.idempotencyKey) throw new HttpError(400, 'invalid_request', 'Idempotency-Key header and idempotencyKey differ');
  // the same attempt however the client priced its lines (it never decides a price)
  const requestHash = sha256(submissionFingerprint(p));
  // without a key, the same body in the same session counts as the same checkout attempt
  const key = headerKey ?? p.idempotencyKey ?? `auto:${sha256(`${shopId}\n${p.sessionId ?? ''}\n${requestHash}`)}`;
  return { key, requestHash };
}

/** The order stored under an idempotency key (a replay), or null; another request under the same key is a 409. */
export async function findByKey(q: DbQuery, shopId: string, key: string, requestHash: string): Promise<OrderResponse | null> {
  const { rows } = await q.query<{ seq: string; request_hash: string }>('SELECT seq, request_hash FROM orders WHERE shop_id = $1 AND idempotency_key = $2', [shopId, key]);
  if (!rows[0]) return null;
  if (rows[0].request_hash !== requestHash) {
    throw new HttpError(409, 'idempotency_mismatch', 'Dieser Idempotency-Key gehört zu einer anderen Bestellung.');
  }
  const order = await loadOrderBySeq(q, rows[0].seq);
  return order ? orderResponse(order) : null;
}
