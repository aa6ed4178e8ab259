// The operator's bearer token (OPERATOR_TOKEN): its shortest length in production (server/production.ts)
// and the comparison of a given token with it.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Shortest OPERATOR_TOKEN production starts with. */
export const OPERATOR_TOKEN_MIN = 32;

/** Both sides hashed first (the same length whatever was sent), then compared in constant time. */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}
