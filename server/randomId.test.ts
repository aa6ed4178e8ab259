// The buffered random ids (server/randomId.ts): the order's id format, no id twice across refills
// of the buffer, and the kernel asked once per 4 KB instead of once per id.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { newOrderId } from './orders/lines';
import { randomId } from './randomId';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object the code calls through (spied on)
const crypto = require('node:crypto') as typeof import('node:crypto');

afterEach(() => {
  jest.restoreAllMocks();
});

describe('random ids from one buffered source', () => {
  it('an order id: 16 characters of base64url (96 bits); 2,000 of them (six refills of the buffer) all different', () => {
    const ids = Array.from({ length: 2000 }, () => newOrderId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(2000);
  });

  it('asks the kernel once per 4,096 bytes: 1,000 order ids (12,000 bytes) → at most 3 fills, no randomBytes per id', () => {
    const fills = jest.spyOn(crypto, 'randomFillSync');
    const bytes = jest.spyOn(crypto, 'randomBytes');
    for (let i = 0; i < 1000; i++) newOrderId();
    expect(bytes).not.toHaveBeenCalled();
    expect(fills.mock.calls.length).toBeLessThanOrEqual(3);
    expect(fills.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('hands each byte out once: ids made across a refill are the buffer’s bytes in order, then fresh ones', () => {
    // the buffer filled with a known pattern: byte i of the n-th fill is (n * 7 + i) % 256
    let fill = 0;
    jest.spyOn(crypto, 'randomFillSync').mockImplementation(((buf: Buffer) => {
      for (let i = 0; i < buf.length; i++) buf[i] = (fill * 7 + i) % 256;
      fill++;
      return buf;
    }) as typeof crypto.randomFillSync);
    // a whole buffer: a fill of its own (fill 0), all of it handed out
    expect(randomId(4096)).toBe(Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256)).toString('base64url'));
    expect(fill).toBe(1);
    // the next id needs a new fill (fill 1: bytes 7, 8, 9, …), the one after continues in it
    expect(randomId(3)).toBe(Buffer.from([7, 8, 9]).toString('base64url'));
    expect(randomId(3)).toBe(Buffer.from([10, 11, 12]).toString('base64url'));
    expect(fill).toBe(2);
    // the rest of fill 1 exactly (4,090 bytes), then fill 2 (14, 15, …)
    randomId(4090);
    expect(fill).toBe(2);
    expect(randomId(2)).toBe('Dg8');
    expect(Buffer.from('Dg8', 'base64url')).toEqual(Buffer.from([14, 15]));
    expect(fill).toBe(3);
  });
});
