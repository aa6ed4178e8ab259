// A stream's events one at a time (eventQueue): each is read in its turn, after the events before it are written.
// Before, the staff device's stream read an order's change while its full list was still being read and wrote
// whichever came first: a list read before a new order's commit could go out after that order's own event, and the
// device, taking the list as the whole truth, dropped the order (likely what two flaky browser tests under load met: a new order's card
// did not show, or showed and went again).
import { describe, expect, it } from '@jest/globals';
import { eventQueue } from './sse';

/** A promise resolved from outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function fakeStream() {
  const written: { event?: string; data: string; id?: string }[] = [];
  return { written, writeSSE: async (m: { event?: string; data: string; id?: string }) => void written.push(m) };
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise((r) => setImmediate(r));

describe('eventQueue', () => {
  it('a change that comes while the full list is read is read after the list is written, and written after it', async () => {
    const stream = fakeStream();
    const send = eventQueue(stream);
    const list = deferred<{ orders: string[] }>();
    const reads: string[] = [];
    const sentList = send('orders', () => {
      reads.push('orders');
      return list.promise;
    });
    // the new order's event: its read would be quick
    const sentOrder = send('order', async () => {
      reads.push(`order after ${stream.written.length} written`);
      return { order: 'neu' };
    });
    await settle();
    expect(reads).toEqual(['orders']);
    expect(stream.written).toEqual([]);
    // the list, read before the order's commit, comes without it
    list.resolve({ orders: ['alt'] });
    await Promise.all([sentList, sentOrder]);
    expect(reads).toEqual(['orders', 'order after 1 written']);
    expect(stream.written).toEqual([
      { event: 'orders', data: '{"orders":["alt"]}', id: '1' },
      { event: 'order', data: '{"order":"neu"}', id: '2' },
    ]);
  });

  it('an older state does not overtake a newer one: events keep the order they came in, whatever their reads take', async () => {
    const stream = fakeStream();
    const send = eventQueue(stream);
    const slow = deferred<string>();
    const first = send('status', () => slow.promise);
    const second = send('status', async () => 'fertig');
    await settle();
    expect(stream.written).toEqual([]);
    slow.resolve('angenommen');
    await Promise.all([first, second]);
    expect(stream.written.map((m) => m.data)).toEqual(['"angenommen"', '"fertig"']);
  });

  it('a failed read fails its own event only; nothing (null) is not written', async () => {
    const stream = fakeStream();
    const send = eventQueue(stream);
    const broken = send('order', async () => {
      throw new Error('gone');
    });
    const nothing = send('status', async () => null);
    const fine = send('order', async () => ({ ok: true }));
    await expect(broken).rejects.toThrow('gone');
    await nothing;
    await fine;
    expect(stream.written).toEqual([{ event: 'order', data: '{"ok":true}', id: '1' }]);
  });
});
