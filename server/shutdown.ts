// A deploy loses no order: on the first SIGTERM/SIGINT the process drains (docs/api.md "Running";
// docs/decisions.md "2026-11-26 — Graceful shutdown"):
//   1. `signal` is aborted: /readyz answers 503 at once (the balancer sends no new guests; /healthz
//      stays 200), the server-sent event streams end cleanly (server/sse.ts) and their clients
//      reconnect to the next process, which sends the whole state first;
//   2. the servers stop listening; idle keep-alive connections and connections that sent nothing yet are
//      closed, and every answer from now on says `Connection: close`, so a connection ends with the
//      request it carries;
//   3. the requests in flight (an order, a payment webhook, a staff action) finish with the database
//      open; meanwhile the outbox worker and the order watch take no new work and finish their run;
//   4. then `close` (LISTEN, the event hub, the database) and exit 0.
// SHUTDOWN_TIMEOUT_MS (default 10 s) bounds it: a request that never ends (a body never completed)
// cannot hold the process; after the deadline the remaining connections are cut and the process
// exits 1 (work was cut: worth the operator's notice). A second signal exits 1 at once.
import { setMaxListeners } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** After the requests: the longest the database's close may take. */
export const CLOSE_TIMEOUT_MS = 3000;

/** SHUTDOWN_TIMEOUT_MS: whole milliseconds, 0 to 600000; unset or empty is the default. */
export function shutdownTimeoutOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return SHUTDOWN_TIMEOUT_MS;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n > 600_000) {
    throw new Error(`SHUTDOWN_TIMEOUT_MS: expected whole milliseconds from 0 to 600000 (e.g. 10000), got '${value}'`);
  }
  return n;
}

export interface DrainSteps {
  /** the listening servers (the shop's, the example pages') */
  servers: Server[];
  /** background work: each stop takes no new work and resolves when the run under way has finished */
  work: { name: string; stop: () => Promise<void> }[];
  /** after the requests and the work: LISTEN, the event hub, the database */
  close: () => Promise<void>;
  /** the deadline of steps 1–3 (SHUTDOWN_TIMEOUT_MS) */
  timeoutMs: number;
  /** one line per step (the server's console) */
  log: (line: string) => void;
}

export interface Drain {
  /** aborted when the drain begins (ServerContext.shutdown) */
  readonly signal: AbortSignal;
  /** follows a server's requests: from the drain on, each answer closes its connection */
  track(server: Server): void;
  /** drains once (later calls get the same promise): 'drained', or 'timeout' when the deadline cut connections */
  run(steps: DrainSteps): Promise<'drained' | 'timeout'>;
}

export function createDrain(): Drain {
  const ctrl = new AbortController();
  // every open event stream listens to it (server/sse.ts): hundreds of devices and guests are no leak
  setMaxListeners(0, ctrl.signal);
  const open = new Map<Server, Set<ServerResponse>>();
  const sockets = new Map<Server, Set<Socket>>();
  let ran: Promise<'drained' | 'timeout'> | null = null;

  const closeIdle = (server: Server) => setImmediate(() => server.closeIdleConnections());
  return {
    signal: ctrl.signal,
    track(server) {
      const answers = new Set<ServerResponse>();
      open.set(server, answers);
      const conns = new Set<Socket>();
      sockets.set(server, conns);
      server.on('connection', (socket: Socket) => {
        conns.add(socket);
        socket.once('close', () => conns.delete(socket));
      });
      server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
        if (ctrl.signal.aborted) res.setHeader('Connection', 'close');
        answers.add(res);
        res.once('close', () => {
          answers.delete(res);
          // a keep-alive connection whose answer was sent (an event stream's says keep-alive) is idle now
          if (ctrl.signal.aborted) closeIdle(server);
        });
      });
    },
    run(steps) {
      ran ??= (async () => {
        const started = performance.now();
        const ms = () => `${Math.round(performance.now() - started)} ms`;
        ctrl.abort();
        steps.log(`shutdown: draining (up to ${steps.timeoutMs} ms): /readyz answers 503, event streams end`);
        const closed = steps.servers.map((server) => new Promise<void>((done) => server.close(() => done())));
        for (const server of steps.servers) {
          // the answers not yet begun close their connection (headers given by the route win, hence both)
          for (const res of open.get(server) ?? []) if (!res.headersSent) res.setHeader('Connection', 'close');
          server.closeIdleConnections();
          // a connection that never sent a byte (a browser's preconnect) is not idle to node: it would hold
          // the drain until the deadline; one that sent part of a request is a request in flight
          for (const socket of sockets.get(server) ?? []) if (socket.bytesRead === 0) socket.destroy();
        }
        const inFlight = [...open.values()].reduce((n, s) => n + s.size, 0);
        steps.log(`shutdown: no new connections; ${inFlight} request${inFlight === 1 ? '' : 's'} in flight (event streams included)`);
        const work = Promise.all(steps.work.map(async (w) => {
          await w.stop();
          steps.log(`shutdown: ${w.name} stopped (${ms()})`);
        }));
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'timeout'>((done) => {
          timer = setTimeout(() => done('timeout'), steps.timeoutMs);
        });
        const outcome = await Promise.race([Promise.all([...closed, work]).then(() => 'drained' as const), deadline]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          const left = [...open.values()].reduce((n, s) => n + s.size, 0);
          steps.log(`shutdown: deadline of ${steps.timeoutMs} ms reached: cutting ${left} request${left === 1 ? '' : 's'} still open`);
          for (const server of steps.servers) server.closeAllConnections();
        } else {
          steps.log(`shutdown: every request answered (${ms()})`);
        }
        // a query of a cut request may hold the database's close: bounded too
        let closeTimer: NodeJS.Timeout | undefined;
        const closedDb = await Promise.race([
          steps.close().then(() => true),
          new Promise<false>((done) => {
            closeTimer = setTimeout(() => done(false), CLOSE_TIMEOUT_MS);
          }),
        ]).finally(() => clearTimeout(closeTimer));
        if (!closedDb) {
          steps.log(`shutdown: the database did not close within ${CLOSE_TIMEOUT_MS} ms, exiting with 1`);
          return 'timeout';
        }
        steps.log(`shutdown: database closed (${ms()}), exiting with ${outcome === 'drained' ? 0 : 1}`);
        return outcome;
      })();
      return ran;
    },
  };
}

/**
 * SIGTERM and SIGINT: the first drains (`drain`), then exits 0 (1 after the deadline); a second exits 1 at once.
 * `exit` is process.exit (tests pass their own).
 */
export function exitOnSignals(drain: () => Promise<'drained' | 'timeout'>, log: (line: string) => void, exit: (code: number) => void = (code) => process.exit(code)): void {
  let first = true;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!first) {
      log(`shutdown: second ${signal}: exiting now`);
      exit(1);
      return;
    }
    first = false;
    log(`shutdown: ${signal} received`);
    drain().then(
      (outcome) => exit(outcome === 'drained' ? 0 : 1),
      (e: unknown) => {
        log(`shutdown: failed: ${(e as Error)?.message ?? String(e)}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
