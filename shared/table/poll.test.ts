import { describe, expect, it } from '@jest/globals';
import { startTablePolling as startPolling } from './poll';
import { TABLE_POLL_MAX_FAILURES, TABLE_POLL_MS } from './rules';
import { manualTimers as timers, settle as flush } from '@shared/api/testing';

describe('table polling', () => {
  it('loads every 5 s', async () => {
    const t = timers();
    let calls = 0;
    const seen: number[] = [];
    startPolling({ load: async () => ++calls, onData: (d) => seen.push(d), setTimer: t.setTimer, clearTimer: t.clearTimer });
    await flush();
    expect(TABLE_POLL_MS).toBe(5000);
    expect(t.queue[0].ms).toBe(5000);
    await t.fire();
    await t.fire();
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops after 5 consecutive failures and not before; a success in between resets the count', async () => {
    const t = timers();
    const answers = [false, false, true, false, false, false, false, false, true];
    let calls = 0;
    const failures: [number, boolean][] = [];
    const p = startPolling({
      load: async () => {
        const ok = answers[calls++];
        if (!ok) throw new Error('down');
        return calls;
      },
      onData: () => undefined,
      onFailure: (n, stopped) => failures.push([n, stopped]),
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    await flush();
    while (t.queue.length) await t.fire();
    expect(TABLE_POLL_MAX_FAILURES).toBe(5);
    expect(calls).toBe(8);
    expect(failures).toEqual([[1, false], [2, false], [1, false], [2, false], [3, false], [4, false], [5, true]]);
    expect(p.stopped).toBe(true);
    // refresh() starts again
    p.refresh();
    await flush();
    expect(calls).toBe(9);
    expect(p.stopped).toBe(false);
    expect(t.queue.length).toBe(1);
    p.stop();
    expect(t.queue.length).toBe(0);
  });
});
