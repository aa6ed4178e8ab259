// Bench only: preloaded into the order bench's server (`BENCH_TRACE=<folder>` of tests/bench/orderLoad.ts,
// `node --require`), it records with absolute times (ms since the epoch, sub-ms) every call into PGlite's
// WASM (execProtocolRawSync: its statement by name), every HTTP request (diagnostics_channel) and every
// garbage collection (perf_hooks), and writes them as JSON when the process exits: BENCH_TRACE_FILE.
// tests/bench/orderTrace.ts reads it: what the one connection did while the slowest orders waited.
// Nothing of it is loaded by `npm run serve`.
const dc = require('node:diagnostics_channel');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const perfHooks = require('node:perf_hooks');

const file = process.env.BENCH_TRACE_FILE;
const timeOrigin = perfHooks.performance.timeOrigin;
const now = () => timeOrigin + perfHooks.performance.now();
/** [start, end, statement] / [start, end, url] / [start, end, kind] */
const trace = { db: [], req: [], gc: [] };

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

const started = new WeakMap();
dc.subscribe('http.server.request.start', ({ request }) => started.set(request, now()));
dc.subscribe('http.server.response.finish', ({ request }) => {
  const start = started.get(request);
  if (start !== undefined) trace.req.push([start, now(), request.method === 'POST' ? request.url : `${request.method} ${request.url}`]);
});

// kind: 1 scavenge (young generation), 2 minor mark-sweep, 4 mark-sweep-compact (full), 8 incremental marking, 16 weak callbacks
new perfHooks.PerformanceObserver((list) => {
  for (const e of list.getEntries()) trace.gc.push([timeOrigin + e.startTime, timeOrigin + e.startTime + e.duration, e.detail?.kind ?? 0]);
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  if (file) fs.writeFileSync(file, JSON.stringify(trace));
});
