import { describe, expect, it } from '@jest/globals';
import { startPolling } from './poll';
import { manualTimers as timers, settle as flush } from './testing';

describe('the shared poller', () => {
  it('plans the next load only after the answer: no second request while one is open', async () => {
    const t = timers();
    let open = 0;
    let most = 0;
    let answer: (() => void) | null = null;
    startPolling({
      load: () => {
        open += 1;
        most = Math.max(most, open);
        return new Promise<void>((r) => {
          answer = () => {
            open -= 1;
            r();
          };
        });
      },
      intervalMs: 1000,
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    await flush();
    expect(t.queue).toHaveLength(0);
    answer!();
    await flush();
    expect(t.queue.map((q) => q.ms)).toEqual([1000]);
    await t.fire();
    answer!();
    await flush();
    expect(most).toBe(1);
  });

  it('waits one interval first when asked; the interval may follow the answer, and null stops', async () => {
    const t = timers();
    const answers = ['waiting', 'waiting', 'done', 'failed'];
    let calls = 0;
    const p = startPolling({
      load: async () => answers[calls++],
      intervalMs: (last) => (last === 'failed' ? null : last === 'waiting' || last === null ? 3000 : 15000),
      delayFirst: true,
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    expect(calls).toBe(0);
    expect(t.queue.map((q) => q.ms)).toEqual([3000]);
    const planned: number[] = [];
    while (t.queue.length) {
      await t.fire();
      planned.push(...t.queue.map((q) => q.ms));
    }
    expect(calls).toBe(4);
    expect(planned).toEqual([3000, 3000, 15000]);
    expect(p.stopped).toBe(true);
  });

  it('keeps going after failures unless a limit is set; a failure counts as no answer', async () => {
    const t = timers();
    const seen: (string | null)[] = [];
    let calls = 0;
    startPolling({
      load: async () => {
        calls += 1;
        if (calls % 2) throw new Error('down');
        return 'ok';
      },
      intervalMs: (last) => {
        seen.push(last);
        return 500;
      },
      setTimer: t.setTimer,
      clearTimer: t.clearTimer,
    });
    await flush();
    for (let i = 0; i < 3; i++) await t.fire();
    expect(seen).toEqual([null, 'ok', null, 'ok']);
  });
});
