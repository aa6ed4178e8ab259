import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { nextTask } from './nextTask';

describe('nextTask (the embed runtime start between its steps)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  test('ends the task without a timer: ten chained steps finish while timers stand still', async () => {
    // (setTimeout(0) chained this deep would be clamped to 4 ms each in a browser; with the
    // timers frozen, a timer-based step would never resolve)
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const order: string[] = [];
    const chain = (async () => {
      for (let i = 0; i < 10; i++) await nextTask();
      order.push('ten steps');
    })();
    // a real timer (the fake clock never fires) as the way out when the steps wait on timers
    const timers = jest.requireActual<typeof import('node:timers')>('node:timers');
    let timer: ReturnType<typeof timers.setTimeout> | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = timers.setTimeout(() => resolve('timers needed'), 2000);
    });
    await expect(Promise.race([chain.then(() => 'done'), timedOut])).resolves.toBe('done');
    timers.clearTimeout(timer);
    expect(order).toEqual(['ten steps']);
  });

  test('is a new task, not a microtask: what the current task queued runs first', async () => {
    const order: string[] = [];
    const step = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    await step;
    expect(order).toEqual(['microtask', 'next task']);
  });

  test('steps waiting at once resume in their order', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => nextTask().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });
});
