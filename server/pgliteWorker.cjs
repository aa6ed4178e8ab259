// PGlite's one connection in a worker thread (server/db.ts starts it; nothing else talks to it).
// Its statements run synchronously in WASM: here they use the second core while the main thread
// parses requests, prices orders and renders mails (docs/benchmarks.md, "PGlite in a worker thread").
// Plain CommonJS so it loads the same under `node --require tsx/cjs`, jest and a production start.
//
// Messages from server/db.ts, answered by `id` in the order they are run:
//   { id, op: 'query', sql, params (text or null, server/db.ts paramText), tx, owner? } → { id, rows }
//   { id, op: 'squery', sql, params (raw, PGlite's serialisers), owner? } → { id, rows } (a session's statements)
//   { id, op: 'exec', sql, owner? } → { id }
//   { id, op: 'begin' | 'commit' | 'rollback' | 'hold' | 'release', owner } → { id }
//   { id, op: 'listen', channel, lid } → { id };  { id, op: 'unlisten', lid } → { id }
//   { id, op: 'close' } → { id }, then the thread ends
// A failure answers { id, error: { name, message, stack, props } } (props: the error's own fields: code, detail,
// constraint, severity, … — a structured clone of an Error keeps only its message). A notification on a channel
// listened to is posted as { lid, payload } after the answer of the statement during which PostgreSQL sent it (its
// COMMIT's: the caller goes on first, as with PostgreSQL, where notifications come on a connection of their own).
// One statement at a time. A transaction or session (begin/hold … commit/rollback/release, one `owner`) holds the
// connection: other messages wait until it ends and then run in the order they came.
const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol, parse } = require('@electric-sql/pglite');

const { serialize } = protocol;
/** statement texts kept prepared (ours are constants: a few hundred at most; past it, unnamed) */
const MAX_PREPARED = 2000;

const concat = (parts) => {
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    message.set(p, offset);
    offset += p.length;
  }
  return message;
};

/** A prepared statement whose result columns changed (ALTER TABLE since it was prepared): prepare it again. */
const isChangedResultType = (e) => !!e && e.code === '0A000' && /cached plan must not change result type/.test(String(e.message));

/** An error as a plain object: message, name, stack and every own field that survives a structured clone. */
function errorOut(e) {
  if (!e || typeof e !== 'object') return { name: 'Error', message: String(e), stack: undefined, props: {} };
  const props = {};
  for (const key of Object.keys(e)) {
    const value = e[key];
    if (typeof value === 'function' || key === 'queryOptions') continue;
    try {
      props[key] = structuredClone(value);
    } catch {
      // not cloneable (a function inside): left out
    }
  }
  return { name: e.name, message: e.message, stack: e.stack, props };
}

async function main() {
  const { dataDir, options, template } = workerData;
  // the template cluster (server/db.ts pgliteTemplate), read here at once (never copied in the main thread): a Blob
  // backed by the file (fs.openAsBlob) cannot be read once another process has renamed a new template over it — two
  // processes making the template at once on a fresh cache (it failed so in a clean CI run)
  const settings = { ...options, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) };
  const lite = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  await lite.waitReady;

  // Each statement text is parsed (and planned) once as a named prepared statement and then only bound and
  // executed, as one pipelined message (Bind, Describe, Execute, Sync): docs/benchmarks.md, order placement.
  const prepared = new Map();
  let statements = 0;
  const preparedName = async (sql, inTransaction) => {
    const known = prepared.get(sql);
    if (known !== undefined) return known;
    if (prepared.size >= MAX_PREPARED) return null;
    const name = `tischlein_${++statements}`;
    // Parse alone: only a statement the server has accepted gets a name (a failing Parse leaves none)
    await lite.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.sync()]), { syncToFs: !inTransaction });
    prepared.set(sql, name);
    return name;
  };
  const pipelined = async (sql, params, inTransaction, again = false) => {
    const name = await preparedName(sql, inTransaction);
    const message = concat([
      ...(name === null ? [serialize.parse({ text: sql })] : []),
      serialize.bind({ statement: name ?? '', values: params }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
    ]);
    try {
      const { messages } = await lite.execProtocol(message, { syncToFs: !inTransaction });
      return parse.parseResults(messages, lite.parsers)[0]?.rows ?? [];
    } catch (e) {
      // a table's columns changed since the statement was prepared ('SELECT *'): parsed anew next time;
      // outside a transaction at once (inside one, the transaction is aborted already)
      if (name !== null && isChangedResultType(e)) {
        prepared.delete(sql);
        if (!inTransaction && !again) return pipelined(sql, params, inTransaction, true);
      }
      throw e;
    }
  };

  /** the transaction or session holding the connection (its owner), null when none */
  let holder = null;
  /** the open transaction: PGlite's transaction() runs until `end` settles */
  let open = null;
  const ROLLBACK = Symbol('rollback');
  const stops = new Map();
  /** notifications PostgreSQL sent during the statement that runs: posted after its answer */
  const notes = [];

  const handlers = {
    query: (m) => pipelined(m.sql, m.params, m.tx === true && holder !== null),
    async squery(m) {
      return (await lite.query(m.sql, m.params)).rows;
    },
    async exec(m) {
      await lite.exec(m.sql);
    },
    async begin(m) {
      await new Promise((started, failed) => {
        let end;
        const ended = new Promise((resolve, reject) => (end = { resolve, reject }));
        // PGlite's transaction for BEGIN, COMMIT (and its "rolled back instead" check) and ROLLBACK
        const done = lite.transaction(() => {
          started();
          return ended;
        });
        done.catch(failed);
        open = { end, done };
      });
      holder = m.owner;
    },
    async commit(m) {
      if (holder !== m.owner || !open) return;
      const { end, done } = open;
      open = null;
      holder = null;
      end.resolve();
      await done;
    },
    async rollback(m) {
      if (holder !== m.owner || !open) return;
      const { end, done } = open;
      open = null;
      holder = null;
      end.reject(ROLLBACK);
      await done.catch((e) => {
        if (e !== ROLLBACK) throw e;
      });
    },
    async hold(m) {
      holder = m.owner;
    },
    async release(m) {
      if (holder === m.owner) holder = null;
    },
    async listen(m) {
      const stop = await lite.listen(m.channel, (payload) => notes.push({ lid: m.lid, payload }));
      stops.set(m.lid, stop);
    },
    async unlisten(m) {
      const stop = stops.get(m.lid);
      stops.delete(m.lid);
      if (stop) await stop();
    },
    async close() {
      await lite.close();
    },
  };

  // Memory at rest (docs/decisions.md): with --expose-gc this thread's garbage (the migrations', a load's) is
  // collected once it has worked ≥ 200 ms since its last collection and then less than 20 ms in 5 s — the main
  // thread does the same after 5 s without requests (server/main.ts); the outbox's timer keeps a few statements coming.
  const gc = globalThis.gc;
  let busyMs = 0;
  let busyAtTick = 0;
  const idleGc = gc ? setInterval(() => {
    if (busyMs >= 200 && busyMs - busyAtTick < 20) {
      busyMs = 0;
      gc();
    }
    busyAtTick = busyMs;
  }, 5000) : null;
  idleGc?.unref();

  const queue = [];
  let running = false;
  let closing = false;
  const next = () => {
    for (let i = 0; i < queue.length; i++) {
      if (holder === null || queue[i].owner === holder) return queue.splice(i, 1)[0];
    }
    return undefined;
  };
  const pump = async () => {
    if (running) return;
    running = true;
    for (let m = next(); m; m = next()) {
      const began = performance.now();
      try {
        const rows = await handlers[m.op](m);
        parentPort.postMessage(rows === undefined ? { id: m.id } : { id: m.id, rows });
      } catch (e) {
        parentPort.postMessage({ id: m.id, error: errorOut(e) });
      }
      for (const note of notes.splice(0)) parentPort.postMessage(note);
      busyMs += performance.now() - began;
      if (m.op === 'close') {
        closing = true;
        if (idleGc) clearInterval(idleGc);
        parentPort.close();
        break;
      }
    }
    running = false;
  };
  parentPort.on('message', (m) => {
    if (closing) return;
    queue.push(m);
    void pump();
  });
  gc?.();
  parentPort.postMessage({ ready: true });
}

main().catch((e) => {
  parentPort.postMessage({ fatal: errorOut(e) });
  parentPort.close();
});
