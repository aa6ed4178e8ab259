// Server-sent event streams (the staff devices' and the guest's success page) end with their client:
// - what a stream set up is undone also when the client went away before the handler got to
//   register for it (hono's onAbort alone never calls a listener added after the abort: the stream's
//   loop went on beating, a staff device counted as connected for ever);
// - the pause between two heartbeats ends at once, so no timer outlives a closed stream (a 15 s
//   timer per closed stream kept test workers alive after their last test);
// - a process that shuts down (server/shutdown.ts) ends its streams: the loop returns, hono closes the
//   stream, the response ends cleanly and the client's EventSource reconnects — to the next process,
//   which sends the whole state first (the staff's 'orders', the guest's 'status'): nothing is lost;
// - a stream's events go out one at a time, each read when its turn comes (eventQueue): a full list read
//   before a change is never written after the change's own event.
import { setTimeout as delay } from 'node:timers/promises';
import type { SSEStreamingApi } from 'hono/streaming';

/** Calls `cleanup` once when the client goes away, or now if it is gone already. */
export function whenGone(stream: SSEStreamingApi, cleanup: () => void): void {
  if (stream.aborted) cleanup();
  else stream.onAbort(cleanup);
}

/**
 * Writes `beat` every `ms` until the client goes away or `until` is aborted (the process shuts down);
 * returns at once when either happens.
 */
export async function heartbeats(stream: SSEStreamingApi, ms: number, beat: () => Promise<unknown>, until?: AbortSignal): Promise<void> {
  const gone = new AbortController();
  whenGone(stream, () => gone.abort());
  if (until) {
    if (until.aborted) gone.abort();
    else {
      const end = () => gone.abort();
      until.addEventListener('abort', end, { once: true });
      // a stream that ended by itself leaves no listener behind on the process's signal
      gone.signal.addEventListener('abort', () => until.removeEventListener('abort', end), { once: true });
    }
  }
  while (!gone.signal.aborted) {
    await delay(ms, undefined, { signal: gone.signal }).catch(() => undefined);
    if (!gone.signal.aborted) await beat();
  }
}

/**
 * A stream's events, one at a time in the order they come: each reads its data when its turn comes — after every
 * event before it is written — and writes it (null: nothing to write). So a state read earlier never overtakes one read
 * later: the staff device's full list, read while an order came in, is not written after that order's own event (the
 * device takes the list as the whole truth and would drop the order), and an order's older step not after its newer one.
 * `send` returns the event's own outcome; a failed read or write does not stop the events after it.
 */
export function eventQueue(stream: Pick<SSEStreamingApi, 'writeSSE'>): (event: string, read: () => Promise<unknown>) => Promise<void> {
  let turn: Promise<unknown> = Promise.resolve();
  let id = 0;
  return (event, read) => {
    const task = turn.then(async () => {
      const data = await read();
      if (data !== null) await stream.writeSSE({ event, data: JSON.stringify(data), id: String(++id) });
    });
    turn = task.catch(() => undefined);
    return task;
  };
}
