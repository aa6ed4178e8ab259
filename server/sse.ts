// Server-sent event streams (the staff devices' and the guest's success page) end with their client:
// - what a stream set up is undone also when the client went away before the handler got to
//   register for it (hono's onAbort alone never calls a listener added after the abort: the stream's
//   loop went on beating, a staff device counted as connected for ever);
// - the pause between two heartbeats ends at once, so no timer outlives a closed stream (a 15 s
//   timer per closed stream kept test workers alive after their last test);
// - a process that shuts down (server/shutdown.ts) ends its streams: the loop returns, hono closes the
//   stream, the response ends cleanly and the client's EventSource reconnects — to the next process,
//   which sends the whole state first (the staff's 'orders', the guest's 'status'): nothing is lost.
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
