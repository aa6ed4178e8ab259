/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The staff device's live stream across a deploy (and a session that ended): a stream closed for good (a balancer's 502 while no server
// process is up) is opened again after a while, and the full list the new one sends first replaces the old.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import type { StaffApi, StaffOrder, StaffUser } from './api';
import { useLiveOrders } from './useLiveOrders';

/** An EventSource the test drives: `fail(closed)` is an error, closed for good or not. */
class FakeSource extends EventTarget {
  readyState = 0;
  closed = false;
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  fail(forGood: boolean) {
    this.readyState = forGood ? 2 : 0;
    this.dispatchEvent(new Event('error'));
  }
  send(event: string, data: unknown) {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

let sources: FakeSource[];
const api = {
  events: () => {
    const s = new FakeSource();
    sources.push(s);
    return s as unknown as EventSource;
  },
  ops: () => new Promise(() => undefined),
  me: jest.fn(() => new Promise(() => undefined)),
} as unknown as StaffApi;
const user = { email: 'inhaber@demo.tischlein.de' } as unknown as StaffUser;
const order = (id: string) => ({ id, acknowledged: true, refused: false }) as unknown as StaffOrder;

beforeEach(() => {
  sources = [];
  (api.me as jest.Mock).mockClear();
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

it('opens a new stream 1 s after the old one closed for good, then 2 s, and starts at 1 s again once one connected', () => {
  const { result } = renderHook(() => useLiveOrders(api, user));
  act(() => sources[0].send('orders', { orders: [order('a')] }));
  expect([...result.current.orders.keys()]).toEqual(['a']);

  // an error EventSource recovers from by itself: no second stream
  act(() => sources[0].fail(false));
  expect(result.current.online).toBe(false);
  act(() => jest.advanceTimersByTime(60_000));
  expect(sources).toHaveLength(1);

  // closed for good: a new stream after 1 s, not before
  act(() => sources[0].fail(true));
  act(() => jest.advanceTimersByTime(999));
  expect(sources).toHaveLength(1);
  act(() => jest.advanceTimersByTime(1));
  expect(sources).toHaveLength(2);
  // that one fails too: the next after 2 s
  act(() => sources[1].fail(true));
  act(() => jest.advanceTimersByTime(1999));
  expect(sources).toHaveLength(2);
  act(() => jest.advanceTimersByTime(1));
  expect(sources).toHaveLength(3);

  // the new process's full list: the order placed meanwhile is there, the device is online again
  act(() => sources[2].dispatchEvent(new Event('open')));
  act(() => sources[2].send('orders', { orders: [order('a'), order('b')] }));
  expect([...result.current.orders.keys()]).toEqual(['a', 'b']);
  expect(result.current.online).toBe(true);
  act(() => sources[2].fail(true));
  act(() => jest.advanceTimersByTime(1000));
  expect(sources).toHaveLength(4);
});

it('opens no stream after the staff member left (logout, unmount)', () => {
  const { unmount } = renderHook(() => useLiveOrders(api, user));
  act(() => sources[0].fail(true));
  unmount();
  expect(sources[0].closed).toBe(true);
  act(() => jest.advanceTimersByTime(60_000));
  expect(sources).toHaveLength(1);
});

it('a stream closed for good asks whether the session still holds (its 401 has the app ask to sign in again); a network error does not', () => {
  renderHook(() => useLiveOrders(api, user));
  act(() => sources[0].fail(false));
  expect(api.me).not.toHaveBeenCalled();
  act(() => sources[0].fail(true));
  expect(api.me).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(1000));
  act(() => sources[1].fail(true));
  expect(api.me).toHaveBeenCalledTimes(2);
});
