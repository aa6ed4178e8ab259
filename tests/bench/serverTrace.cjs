// Bench only: preloaded into the order bench's server (`BENCH_TRACE=<folder>` of tests/bench/orderLoad.ts,
// `node --require`), it records with absolute times (ms since the epoch, sub-ms) every call into PGlite's
// WASM (execProtocolRawSync: its statement by name), every statement sent to PostgreSQL (pg's Client.query:
// from the call to its result, with the Idempotency-Key of the order request it belongs to), every wait for
// a pooled connection, every mail nodemailer builds and sends (Mail.sendMail), every HTTP request
// (diagnostics_channel) and every garbage collection (perf_hooks), and writes them as JSON when the process
// exits: BENCH_TRACE_FILE. tests/bench/orderTrace.ts reads it: what the slowest orders waited for.
// `monoOffset` converts V8's CPU profile times (CLOCK_MONOTONIC, µs; BENCH_CPU_PROF) to the trace's.
// Nothing of it is loaded by `npm run serve`.
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const perfHooks = require('node:perf_hooks');

const file = process.env.BENCH_TRACE_FILE;
const timeOrigin = perfHooks.performance.timeOrigin;
const now = () => timeOrigin + perfHooks.performance.now();
/**
 * db: [start, end, statement] (PGlite) / pg: [start, end, statement, order key or null] (PostgreSQL) /
 * connect: [start, end] (a pooled connection asked for and got) / mail: [start, end, to] /
 * req: [start, end, url, Idempotency-Key or null] / gc: [start, end, kind]
 */
const trace = { db: [], pg: [], connect: [], mail: [], req: [], gc: [], timeOrigin, monoOffset: 0 };
// the epoch time of a CLOCK_MONOTONIC instant (V8's profile) is timeOrigin + (mono - monoOffset)
trace.monoOffset = Number(process.hrtime.bigint()) / 1e6 - perfHooks.performance.now();

// a statement's text by its prepared name (server/db.ts prepares each text once: Parse, then Bind by name)
const names = new Map();
const decoder = new TextDecoder();
const cString = (b, at) => {
  let end = at;
  while (b[end] !== 0) end++;
  return [decoder.decode(b.subarray(at, end)), end + 1];
};
const short = (sql) => sql.replace(/\s+/g, ' ').trim().slice(0, 70);
function statementOf(message) {
  let at = 0;
  let label = null;
  while (at + 5 <= message.length) {
    const type = String.fromCharCode(message[at]);
    const length = ((message[at + 1] << 24) | (message[at + 2] << 16) | (message[at + 3] << 8) | message[at + 4]) >>> 0;
    if (type === 'P') {
      const [name, next] = cString(message, at + 5);
      const [text] = cString(message, next);
      if (name) names.set(name, short(text));
      label ??= short(text);
    } else if (type === 'B') {
      const [, next] = cString(message, at + 5);
      const [statement] = cString(message, next);
      label ??= names.get(statement) ?? statement;
    } else if (type === 'Q') {
      label ??= short(cString(message, at + 5)[0]);
    }
    at += 1 + length;
  }
  return label ?? '?';
}

// the server imports PGlite's ES module build (server/db.ts); its class is patched before the first use
void import(pathToFileURL(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/dist/index.js')).href).then(({ PGlite }) => {
  const run = PGlite.prototype.execProtocolRawSync;
  PGlite.prototype.execProtocolRawSync = function traced(message) {
    const start = now();
    try {
      return run.call(this, message);
    } finally {
      trace.db.push([start, now(), statementOf(message)]);
    }
  };
});

// PostgreSQL: pg's ES module wrapper re-exports its CommonJS classes, so patching these patches the server's
const pgRoot = path.join(process.cwd(), 'node_modules');
/** order keys of the requests in the server (a statement with one of them as a value is that order's) */
const keysInFlight = new Set();
const settle = (result, record) => {
  if (result && typeof result.then === 'function') result.then(() => record(), () => record());
  else record();
  return result;
};
try {
  const { Client } = require(path.join(pgRoot, 'pg'));
  const query = Client.prototype.query;
  Client.prototype.query = function traced(config, values, callback) {
    const start = now();
    const text = typeof config === 'string' ? config : config?.text ?? '?';
    const params = Array.isArray(values) ? values : config?.values ?? [];
    const key = params.find((v) => typeof v === 'string' && keysInFlight.has(v)) ?? null;
    return settle(query.call(this, config, values, callback), () => trace.pg.push([start, now(), short(text), key]));
  };
  const Pool = require(path.join(pgRoot, 'pg-pool'));
  const connect = Pool.prototype.connect;
  Pool.prototype.connect = function traced(cb) {
    const start = now();
    return settle(connect.call(this, cb), () => trace.connect.push([start, now()]));
  };
} catch {
  // no pg: PGlite only
}

// nodemailer as the server loads it (its ES module build, through import())
void import(pathToFileURL(path.join(pgRoot, 'nodemailer/dist/esm/mailer/index.js')).href).then(({ default: Mail }) => {
  const sendMail = Mail.prototype.sendMail;
  Mail.prototype.sendMail = function traced(data, callback) {
    const start = now();
    const record = () => trace.mail.push([start, now(), String(data?.to ?? '')]);
    if (typeof callback === 'function') {
      return sendMail.call(this, data, (...args) => {
        record();
        callback(...args);
      });
    }
    return settle(sendMail.call(this, data), record);
  };
}).catch(() => undefined);

const started = new WeakMap();
dc.subscribe('http.server.request.start', ({ request }) => {
  const key = request.headers['idempotency-key'] ?? null;
  if (key) keysInFlight.add(key);
  started.set(request, [now(), key]);
});
dc.subscribe('http.server.response.finish', ({ request }) => {
  const s = started.get(request);
  if (s === undefined) return;
  if (s[1]) keysInFlight.delete(s[1]);
  trace.req.push([s[0], now(), request.method === 'POST' ? request.url : `${request.method} ${request.url}`, s[1]]);
});

// kind: 1 scavenge (young generation), 2 minor mark-sweep, 4 mark-sweep-compact (full), 8 incremental marking, 16 weak callbacks
new perfHooks.PerformanceObserver((list) => {
  for (const e of list.getEntries()) trace.gc.push([timeOrigin + e.startTime, timeOrigin + e.startTime + e.duration, e.detail?.kind ?? 0]);
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  if (file) fs.writeFileSync(file, JSON.stringify(trace));
});
