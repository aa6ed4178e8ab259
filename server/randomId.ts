// Random identifiers from one buffered source: the kernel's randomness is asked for 4 KB at a time
// (as Node's own crypto.randomUUID does) instead of once per id. `randomBytes(12)` per order cost a
// crypto job and an ArrayBuffer of its own each time (≈ 1 % of an order's CPU in the profile,
// docs/benchmarks.md). Each byte is handed out once; the buffer is refilled in place when used up.
import { randomBytes, randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
// all used: the first call fills it
let offset = POOL_BYTES;

/** `bytes` random bytes (cryptographically strong) as base64url: 12 bytes → 16 characters. */
export function randomId(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('base64url');
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return id;
}
