// Server-sent event streams (the staff devices' and the guest's success page) end with their client:
// - what a stream set up is undone also when the client went away before the handler got to
//   register for it (hono's onAbort alone never calls a listener added after the abort: the stream's
//   loop went on beating, a staff device counted as connected for ever);
// - the pause between two heartbeats ends at once, so no timer outlives a closed stream (a 15 s
//   timer per closed stream kept test workers alive after their last test).
import { setTimeout as delay } from 'node:timers/promises';
import type { SSEStreamingApi } from 'hono/streaming';

/** Calls `cleanup` once when the client goes away, or now if it is gone already. */
export function whenGone(stream: SSEStreamingApi, cleanup: () => void): void {
  if (stream.aborted) cleanup();
  else stream.onAbort(cleanup);
}

/** Writes `beat` every `ms` until the client goes away; returns at once when it does. */
export async function heartbeats(stream: SSEStreamingApi, ms: number, beat: () => Promise<unknown>): Promise<void> {
  const gone = new AbortController();
  whenGone(stream, () => gone.abort());
  while (!gone.signal.aborted) {
    await delay(ms, undefined, { signal: gone.signal }).catch(() => undefined);
    if (!gone.signal.aborted) await beat();
  }
}
